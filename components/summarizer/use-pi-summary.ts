// Runs one summary by the user's pi for a screen: started on mount, cancelled on Esc or unmount (the
// request is aborted, nothing is written), with a clock for the spinner.
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { runPiSummary, type PiReady, type PiSummaryRequest } from "../../src/pi-bridge/run-pi-summary.js";
import { initPiSummary, piSummaryReducer, type PiSummaryState } from "./pi-summary-state.js";

export interface PiSummaryRun {
  state: PiSummaryState;
  nowMs: number;
  cancel: () => void;
  /** Set while the user picks the model (pickModel): pi's answer so far and the models it can reach. */
  choosing: PiReady | null;
  /** The model picked ("provider/id"), or undefined for pi's own. */
  pick: (model: string | undefined) => void;
}

/**
 * `request` is read once, on mount (a new run needs a new mount: give the panel a key). With
 * `pickModel`, the run waits once pi is ready until the user picked a model.
 */
export function usePiSummary(request: Omit<PiSummaryRequest, "signal" | "onStage" | "chooseModel">, pickModel = false): PiSummaryRun {
  const [state, dispatch] = useReducer(piSummaryReducer, undefined, () => initPiSummary(Date.now()));
  const [nowMs, setNow] = useState(() => Date.now());
  const controller = useRef<AbortController | null>(null);
  const first = useRef({ request, pickModel });
  const [choosing, setChoosing] = useState<PiReady | null>(null);
  const answer = useRef<((model: string | undefined) => void) | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    let live = true;
    void runPiSummary({
      ...first.current.request,
      signal: abort.signal,
      chooseModel: first.current.pickModel
        ? (ready) =>
            new Promise((resolve) => {
              answer.current = resolve;
              if (live) setChoosing(ready);
              else resolve(undefined);
            })
        : undefined,
      onStage: (stage) => {
        if (!live) return;
        if (stage.stage === "ready") dispatch({ type: "ready", ready: stage.ready });
        if (stage.stage === "working") dispatch({ type: "working", ready: stage.ready });
      },
    }).then((outcome) => {
      if (!live) return;
      if (outcome.ok) dispatch({ type: "done", entry: outcome.entry, ready: outcome.ready, nowMs: Date.now() });
      else dispatch({ type: "failed", message: outcome.message, differences: outcome.differences });
    });
    return () => {
      live = false;
      abort.abort();
      answer.current?.(undefined);
    };
  }, []);
  const running = state.stage === "starting" || state.stage === "working";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [running]);
  const pick = useCallback((model: string | undefined) => {
    setChoosing(null);
    const resolve = answer.current;
    answer.current = null;
    resolve?.(model);
  }, []);
  const cancel = useCallback(() => {
    dispatch({ type: "cancel" });
    controller.current?.abort();
    pick(undefined);
  }, [pick]);
  return { state, nowMs, cancel, choosing, pick };
}
