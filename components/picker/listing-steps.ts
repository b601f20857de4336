// Listing sessions without freezing the picker: the engine reads one file per step
// (listSessionsInSteps), and the picker runs steps in slices between keys, saying how far it got.
// Listing reads every file whole (seconds for a few GB); keys, Esc and Ctrl+C included, keep working.
import { useEffect, useLayoutEffect, useState, type Dispatch } from "react";
import type { SessionInfo, SessionListing } from "../../src/engine/index.js";
import { listingProblem } from "./listing-problem.js";
import type { PickerAction } from "./picker-state.js";

/** How long one slice of steps may hold the event loop before keys and frames get their turn. */
const SLICE_MS = 30;

/** How far a listing got, or its answer, or why it failed. */
export type ListingState = { kind: "listing"; done: number; total: number } | { kind: "listed"; sessions: SessionInfo[] } | { kind: "failed"; error: string };

/**
 * Runs `start()`'s listing a slice at a time, each told to `report`: the first slice now, the next
 * ones in timers (keys are read between them). Returns the stop.
 */
function listInSlices(start: () => SessionListing, report: (state: ListingState) => void): () => void {
  let listing: SessionListing | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = (): void => {
    try {
      listing ??= start();
      const until = performance.now() + SLICE_MS;
      let more = listing.done < listing.total;
      while (more && performance.now() < until) more = listing.step();
      if (more) {
        report({ kind: "listing", done: listing.done, total: listing.total });
        timer = setTimeout(slice, 0);
        return;
      }
      report({ kind: "listed", sessions: listing.result() });
    } catch (error) {
      report({ kind: "failed", error: listingProblem(error) });
    }
  };
  slice();
  return () => clearTimeout(timer);
}

/**
 * The picker's first listing: its first slice in a layout effect (a small folder is listed at once,
 * in the commit after the first render); a large one says how far it got meanwhile. Listed again
 * when `start` changes.
 */
export function useFirstListing(start: () => SessionListing): ListingState {
  const [state, setState] = useState<ListingState>({ kind: "listing", done: 0, total: 0 });
  useLayoutEffect(() => listInSlices(start, setState), [start]);
  return state;
}

/**
 * Once `need` holds, lists every project through `start()` in slices (the first in a timer, so the
 * frame saying what is listed comes first), dispatching how far it got and then the sessions; a
 * listing that fails is said as the "all" pool's error. Stops when `need` no longer holds.
 */
export function useListingInSteps(need: boolean, start: () => SessionListing, dispatch: Dispatch<PickerAction>): void {
  useEffect(() => {
    if (!need) return;
    let stop = (): void => undefined;
    const timer = setTimeout(() => {
      stop = listInSlices(start, (state) => {
        if (state.kind === "listing") dispatch({ type: "allProgress", done: state.done, total: state.total });
        else if (state.kind === "listed") dispatch({ type: "allLoaded", sessions: state.sessions });
        else dispatch({ type: "allLoaded", sessions: [], error: state.error });
      });
    }, 0);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [need, start, dispatch]);
}
