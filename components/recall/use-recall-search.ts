// Runs recall off the render path: the index is built once per session in a task after the first
// frame (which says "indexing…"), and each search runs in a timer after the reducer's delay (the
// typing debounce). A newer key clears the timer; an answer that still arrives late carries its seq
// and the reducer drops it.
import { useEffect, useState, type Dispatch } from "react";
import type { PiProfile, RecallIndex, SessionTree } from "../../src/engine/index.js";
import { cachedRecallIndex, recallIndexFor } from "./recall-index-cache.js";
import { pendingRequest, type RecallAction, type RecallState } from "./recall-reducer.js";
import { runRecall } from "./run-recall.js";

export function useRecallSearch(tree: SessionTree, profile: PiProfile, state: RecallState, dispatch: Dispatch<RecallAction>): RecallIndex | null {
  const [index, setIndex] = useState<RecallIndex | null>(() => cachedRecallIndex(tree, profile) ?? null);
  const readyAtMount = state.ready;

  useEffect(() => {
    const cached = cachedRecallIndex(tree, profile);
    if (cached) {
      setIndex(cached);
      // The screen opened ready when the index was cached already (see initRecallState).
      if (!readyAtMount) dispatch({ type: "indexReady", compactionCount: cached.compactions.length });
      return;
    }
    const timer = setTimeout(() => {
      try {
        const built = recallIndexFor(tree, profile);
        setIndex(built);
        dispatch({ type: "indexReady", compactionCount: built.compactions.length });
      } catch (error) {
        dispatch({ type: "expandFailed", message: `Could not index this session: ${error instanceof Error ? error.message : String(error)}` });
      }
    }, 0);
    return () => clearTimeout(timer);
    // Only a new session (or profile) needs indexing; readyAtMount matters at mount only.
  }, [tree, profile, dispatch]);

  const request = pendingRequest(state);
  const seq = request?.seq;
  useEffect(() => {
    if (!request || !index) return;
    const timer = setTimeout(() => {
      dispatch({ type: "resultArrived", seq: request.seq, outcome: runRecall(index, request, Date.now) });
    }, request.delay);
    return () => clearTimeout(timer);
    // The request is fully identified by its seq, so only a new seq (or the index) re-schedules.
  }, [seq, index, dispatch]);

  return index;
}
