// The picker's reducer, plus the side effects it needs: listing every project's sessions, lazily
// (on Tab, a file per step: listing-steps.ts), and, when the current folder has none, whether pi
// lists a session anywhere (to know whether to offer the demo) without listing them all: that
// reads every file whole, seconds for a few GB of sessions, at every start from such a folder.
import { useCallback, useEffect, useReducer, type Dispatch } from "react";
import type { PiProfile, SessionInfo, SessionListing } from "../../src/engine/index.js";
import { listingProblem } from "./listing-problem.js";
import { useListingInSteps } from "./listing-steps.js";
import { initPickerState, pickerReducer, type PickerAction, type PickerState } from "./picker-state.js";

export interface PickerStateOptions {
  current: readonly SessionInfo[];
  /** Every project's sessions, listed a file per step. */
  loadAll: () => SessionListing;
  /** Whether pi lists a session anywhere (loadAll() would not be empty). */
  anySessions: () => boolean;
  profile: PiProfile;
  listHeight: number;
  demoPath?: string;
  /** Why the first listing of the current folder failed; a later listing that works clears it. */
  error?: string;
}

export interface PickerStateHook {
  state: PickerState;
  dispatch: Dispatch<PickerAction>;
}

export function usePickerState(options: PickerStateOptions): PickerStateHook {
  const { loadAll, anySessions, listHeight } = options;
  const [state, dispatch] = useReducer(pickerReducer, options, initPickerState);
  const needAll = state.all === null && state.scope === "all";
  const needAnywhere = state.all === null && state.anywhere === null && state.current.length === 0 && state.scope !== "all";

  const askAnywhere = useCallback((): PickerAction => ({ type: "anywhereKnown", any: anySessions() }), [anySessions]);
  useListingAfterFrame(needAnywhere, askAnywhere, dispatch);
  useListingInSteps(needAll, loadAll, dispatch);

  useEffect(() => dispatch({ type: "resize", listHeight }), [listHeight]);

  return { state, dispatch };
}

/**
 * Runs `read` (whether pi lists any session: files read until one is) once `need` holds, in a timer,
 * not a direct call: the frame is drawn first. One that fails is said as the "all" pool's error.
 */
function useListingAfterFrame(need: boolean, read: () => PickerAction, dispatch: Dispatch<PickerAction>): void {
  useEffect(() => {
    if (!need) return;
    const timer = setTimeout(() => {
      let action: PickerAction;
      try {
        action = read();
      } catch (error) {
        action = { type: "allLoaded", sessions: [], error: listingProblem(error) };
      }
      dispatch(action);
    }, 0);
    return () => clearTimeout(timer);
  }, [need, read, dispatch]);
}
