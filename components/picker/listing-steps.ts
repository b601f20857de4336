// Listing every project's sessions without freezing the picker: the engine reads one file per step
// (listSessionsInSteps), and the picker runs steps in slices between keys, saying how far it got.
// The first Tab on a few GB of sessions reads them all (seconds); keys, Esc included, keep working.
import { useEffect, type Dispatch } from "react";
import type { SessionInfo, SessionListing } from "../../src/engine/index.js";
import { listingProblem } from "./listing-problem.js";
import type { PickerAction } from "./picker-state.js";

/** How long one slice of steps may hold the event loop before keys and frames get their turn. */
const SLICE_MS = 30;

/** A listing that is already read (a caller that has the sessions at hand; tests). */
export function listedAlready(sessions: readonly SessionInfo[]): SessionListing {
  return { total: sessions.length, done: sessions.length, step: () => false, result: () => [...sessions] };
}

/** Every step of `listing` at once; its answer. */
export function listToEnd(listing: SessionListing): SessionInfo[] {
  while (listing.step());
  return listing.result();
}

/**
 * Once `need` holds, lists through `start()` in slices (a timer each, so the frame saying what is
 * listed comes first and keys are read between slices), dispatching how far it got and then the
 * sessions; a listing that fails is said as the "all" pool's error. Stops when `need` no longer holds.
 */
export function useListingInSteps(need: boolean, start: () => SessionListing, dispatch: Dispatch<PickerAction>): void {
  useEffect(() => {
    if (!need) return;
    let listing: SessionListing | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = (): void => {
      try {
        listing ??= start();
        const until = performance.now() + SLICE_MS;
        let more = listing.done < listing.total;
        while (more && performance.now() < until) more = listing.step();
        if (more) {
          dispatch({ type: "allProgress", done: listing.done, total: listing.total });
          timer = setTimeout(slice, 0);
          return;
        }
        dispatch({ type: "allLoaded", sessions: listing.result() });
      } catch (error) {
        dispatch({ type: "allLoaded", sessions: [], error: listingProblem(error) });
      }
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [need, start, dispatch]);
}
