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
  // The index built for a session (in a task after the first frame); one cached already is used at once.
  const [built, setBuilt] = useState<{ tree: SessionTree; profile: PiProfile; index: RecallIndex } | null>(null);
  const cached = cachedRecallIndex(tree, profile);
  const index = cached ?? (built !== null && built.tree === tree && built.profile === profile ? built.index : null);
  // Whether the screen opened ready (the index was cached already, see initRecallState), once.
  const [readyAtMount] = useState(state.ready);

  useEffect(() => {
    const known = cachedRecallIndex(tree, profile);
    if (known) {
      if (!readyAtMount) dispatch({ type: "indexReady", compactionCount: known.compactions.length });
      return;
    }
    const timer = setTimeout(() => {
      try {
        const made = recallIndexFor(tree, profile);
        setBuilt({ tree, profile, index: made });
        dispatch({ type: "indexReady", compactionCount: made.compactions.length });
      } catch (error) {
        dispatch({ type: "expandFailed", message: `Could not index this session: ${error instanceof Error ? error.message : String(error)}` });
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [tree, profile, dispatch, readyAtMount]);

  // The request is fully identified by its seq, so only a new seq (or the index) re-schedules.
  const pending = pendingRequest(state);
  const [request, setRequest] = useState(pending);
  if (pending?.seq !== request?.seq) setRequest(pending);
  useEffect(() => {
    if (!request || !index) return;
    const timer = setTimeout(() => {
      dispatch({ type: "resultArrived", seq: request.seq, outcome: runRecall(index, request, Date.now) });
    }, request.delay);
    return () => clearTimeout(timer);
  }, [request, index, dispatch]);


  return index;
}
