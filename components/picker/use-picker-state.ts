// The picker's reducer, plus the side effects it needs: listing every project's sessions, lazily
// (on Tab), and, when the current folder has none, whether pi lists a session anywhere (to know
// whether to offer the demo) without listing them all: that reads every file whole, seconds for a
// few GB of sessions, at every start from a folder without sessions.
import { useEffect, useReducer, type Dispatch } from "react";
import type { PiProfile, SessionInfo } from "../../src/engine/index.js";
import { listingProblem } from "./listing-problem.js";
import { initPickerState, pickerReducer, type PickerAction, type PickerState } from "./picker-state.js";

export interface PickerStateOptions {
  current: readonly SessionInfo[];
  loadAll: () => readonly SessionInfo[];
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

  useEffect(() => {
    if (!needAnywhere) return;
    // A timer, as for the listing below: the first frame is drawn before the files are read.
    const timer = setTimeout(() => {
      try {
        dispatch({ type: "anywhereKnown", any: anySessions() });
      } catch (error) {
        dispatch({ type: "allLoaded", sessions: [], error: listingProblem(error) });
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [needAnywhere, anySessions]);

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
