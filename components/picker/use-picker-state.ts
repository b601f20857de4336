// The picker's reducer, plus the one side effect it needs: listing every project's sessions,
// lazily (on Tab, or at once when the current folder has none, to know whether to offer the demo).
import { useEffect, useReducer, type Dispatch } from "react";
import type { PiProfile, SessionInfo } from "../../src/engine/index.js";
import { listingProblem } from "./listing-problem.js";
import { initPickerState, pickerReducer, type PickerAction, type PickerState } from "./picker-state.js";

export interface PickerStateOptions {
  current: readonly SessionInfo[];
  loadAll: () => readonly SessionInfo[];
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
  const { loadAll, listHeight } = options;
  const [state, dispatch] = useReducer(pickerReducer, options, initPickerState);
  const needAll = state.all === null && (state.scope === "all" || state.current.length === 0);

  useEffect(() => {
    if (!needAll) return;
    // A timer, not a direct call: the "Loading…" frame is drawn before the (synchronous) listing runs.
    const timer = setTimeout(() => {
      try {
        dispatch({ type: "allLoaded", sessions: loadAll() });
      } catch (error) {
        dispatch({ type: "allLoaded", sessions: [], error: listingProblem(error) });
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [needAll, loadAll]);

  useEffect(() => dispatch({ type: "resize", listHeight }), [listHeight]);

  return { state, dispatch };
}
