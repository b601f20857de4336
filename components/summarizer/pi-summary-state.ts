// A summary by the user's pi as the app follows it: starting the bridge, the model at work, the result
// to review, or the one line that says why there is none.
import type { SessionEntry } from "../../src/engine/index.js";
import type { PreparationDifference } from "../../src/pi-bridge/preparation.js";
import { modelLabel, type PiReady } from "../../src/pi-bridge/run-pi-summary.js";

export type PiSummaryState =
  | { stage: "starting"; startedAt: number; ready?: PiReady; cancelling: boolean }
  | { stage: "working"; startedAt: number; ready: PiReady; cancelling: boolean }
  | { stage: "done"; entry: SessionEntry; ready: PiReady; elapsedMs: number }
  | { stage: "failed"; message: string; differences?: PreparationDifference[] };

export type PiSummaryAction =
  | { type: "ready"; ready: PiReady }
  | { type: "working"; ready: PiReady }
  | { type: "cancel" }
  | { type: "done"; entry: SessionEntry; ready: PiReady; nowMs: number }
  | { type: "failed"; message: string; differences?: PreparationDifference[] };

export const initPiSummary = (nowMs: number): PiSummaryState => ({ stage: "starting", startedAt: nowMs, cancelling: false });

export function piSummaryReducer(state: PiSummaryState, action: PiSummaryAction): PiSummaryState {
  switch (action.type) {
    case "ready":
      return state.stage === "starting" ? { ...state, ready: action.ready } : state;
    case "working":
      return state.stage === "starting" ? { stage: "working", startedAt: state.startedAt, ready: action.ready, cancelling: state.cancelling } : state;
    case "cancel":
      return state.stage === "starting" || state.stage === "working" ? { ...state, cancelling: true } : state;
    case "done":
      return state.stage === "starting" || state.stage === "working"
        ? { stage: "done", entry: action.entry, ready: action.ready, elapsedMs: action.nowMs - state.startedAt }
        : state;
    case "failed":
      return state.stage === "starting" || state.stage === "working" ? { stage: "failed", message: action.message, differences: action.differences } : state;
  }
}

const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** The line shown while pi works: spinner, elapsed time, the model. */
export function workingLine(state: Extract<PiSummaryState, { stage: "starting" | "working" }>, nowMs: number, modelHint: string | undefined): string {
  const elapsed = Math.max(0, nowMs - state.startedAt);
  const frame = SPINNER[Math.floor(elapsed / 100) % SPINNER.length];
  const seconds = `${(elapsed / 1000).toFixed(1)} s`;
  if (state.cancelling) return `  ${frame} cancelling… ${seconds}`;
  const ready = state.ready;
  const model = ready?.model ? modelLabel(ready.model) : (modelHint ?? "the session's model");
  if (state.stage === "starting") return `  ${frame} ${seconds}  starting your pi${ready ? ` ${ready.version ?? ""}` : ""}, checking its preparation against the preview (${model})`;
  return `  ${frame} ${seconds}  ${model} is writing the summary (pi ${ready?.version ?? "?"}, thinking ${ready?.thinkingLevel ?? "off"})`;
}
