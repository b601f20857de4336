// Listing again while the picker is open: when it comes back to the top of the screen stack (a tree
// opened from it was closed; pi's /resume also lists afresh each time it opens), and when Enter found
// the selected file gone. Files deleted meanwhile drop out with a note instead of opening an error.
import { useCallback, useEffect, useRef, useState, type Dispatch } from "react";
import { listToEnd, type SessionInfo, type SessionListing } from "../../src/engine/index.js";
import { listingProblem } from "./listing-problem.js";
import type { PickerAction, PickerState } from "./picker-state.js";

export interface PickerRefreshOptions {
  state: PickerState;
  dispatch: Dispatch<PickerAction>;
  /** Lists the current folder again; without it only every project's list is redone. Keep it stable. */
  relistCurrent?: () => readonly SessionInfo[];
  /** Lists every project; called again only when it had been listed before (at once: the files unchanged since are not read again). Keep it stable. */
  loadAll: () => SessionListing;
  /** False while another screen is on top; turning true again re-lists. */
  active: boolean;
}

export interface PickerRefresh {
  /** List again soon; `openedPath` is the session Enter could not open. */
  request(openedPath?: string): void;
}

export function usePickerRefresh({ state, dispatch, relistCurrent, loadAll, active }: PickerRefreshOptions): PickerRefresh {
  const [pending, setPending] = useState<{ openedPath?: string } | null>(null);
  const allListed = state.all !== null;

  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) setPending((p) => p ?? {});
    wasActive.current = active;
  }, [active]);

  useEffect(() => {
    if (!pending) return;
    // A timer, not a direct call: the picker's frame is back on screen before the (synchronous) listing runs.
    const timer = setTimeout(() => {
      // A failed listing keeps the rows shown so far and reports why; one that works clears that report.
      const current = relistCurrent ? listed(relistCurrent) : {};
      const all = allListed ? listed(() => listToEnd(loadAll())) : {};
      setPending(null);
      dispatch({ type: "relisted", current: current.sessions, currentError: current.error, all: all.sessions, allError: all.error, openedPath: pending.openedPath });
    }, 0);
    return () => clearTimeout(timer);
  }, [pending, relistCurrent, loadAll, allListed, dispatch]);

  const request = useCallback((openedPath?: string) => setPending({ openedPath }), []);
  return { request };
}

function listed(load: () => readonly SessionInfo[]): { sessions?: readonly SessionInfo[]; error?: string } {
  try {
    return { sessions: load() };
  } catch (error) {
    return { error: listingProblem(error) };
  }
}
