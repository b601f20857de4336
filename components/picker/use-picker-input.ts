// The picker's keys: one handler on the shell's key router, turning key presses into reducer
// actions, and carrying out the reducer's exit (open a session, or leave) exactly once.
import { useEffect, type Dispatch } from "react";
import { useKeyLayer } from "../kit/key-router.js";
import { pickerKeyAction } from "./key-actions.js";
import type { PickerAction, PickerExit } from "./picker-state.js";

export interface PickerInputOptions {
  exit: PickerExit | null;
  dispatch: Dispatch<PickerAction>;
  onOpen: (path: string, entryId?: string) => void;
  onQuit: () => void;
  /** False while another screen is on top, so the picker never sees its keys. */
  active?: boolean;
}

export function usePickerInput({ exit, dispatch, onOpen, onQuit, active = true }: PickerInputOptions): void {
  useKeyLayer(
    "screen",
    (key) => {
      const action = pickerKeyAction(key);
      if (!action) return false;
      dispatch(action);
      return true;
    },
    active,
  );

  useEffect(() => {
    if (!exit) return;
    dispatch({ type: "exitHandled" });
    if (exit.kind === "open") onOpen(exit.path, exit.entryId);
    else onQuit();
  }, [exit, dispatch, onOpen, onQuit]);
}
