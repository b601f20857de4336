// How the confirm steps offer the summarizer: "pi: provider/model (your pi X.Y)" or "pi-explorer:
// deterministic, no LLM"; which one the step shows, and the key that switches to the other.
import { getBranch, modelAtEnd, type SessionTree } from "../../src/engine/index.js";
import type { FindPiResult } from "../../src/pi-bridge/find-pi.js";
import type { Binding } from "../kit/bindings.js";
import type { KeyName } from "../kit/keys.js";

export const PI_SUMMARY_KEY = "p" satisfies KeyName;
/** pi's summary with another model its credentials reach (Shift+P). */
export const PI_MODEL_KEY = "shift+p" satisfies KeyName;

export const COMPILED_LABEL = "pi-explorer: deterministic, no LLM";

/** The model pi would restore at `leafId` (the session's own record; pi falls back when it has no key for it). */
export function sessionModelLabel(tree: SessionTree, leafId: string | null): string | undefined {
  const model = modelAtEnd(getBranch(tree, leafId));
  return model ? `${model.provider}/${model.modelId}` : undefined;
}

/** "pi: anthropic/claude-x (your pi 1.6.0)", or why there is no pi summary. */
export function piLabel(pi: FindPiResult | undefined, model: string | undefined): string {
  if (pi === undefined) return "pi: looking for your pi…";
  if (!pi.ok) return `pi: unavailable (${pi.problem})`;
  return `pi: ${model ?? "its default model"} (your pi ${pi.pi.version})`;
}

/** The head line of a compiled-summary confirm step. */
export function summarizerOfferLine(pi: FindPiResult | undefined, model: string | undefined): string {
  return `  Summarizer: ${COMPILED_LABEL}.  ${PI_SUMMARY_KEY}: ${piLabel(pi, model)}`;
}

/** What a key of pi's summary does: at a confirm step, pi summarizes with its own model or one picked; while it works, cancel. */
export type PiSummaryCommand = "own" | "pick" | "cancel";

/** The keys of pi's summary: the confirm steps offer the first two (use-summarizer-offer.ts), the running request takes the last; the help overlay lists them. */
export const PI_SUMMARY_BINDINGS: Binding<PiSummaryCommand>[] = [
  { keys: [PI_SUMMARY_KEY], help: "at a compaction or branch summary write: let your own pi summarize (its model and credentials; costs money)", run: "own", footer: "pi's LLM summary" },
  { keys: [PI_MODEL_KEY], help: "the same with another model your pi can reach (pick it from the list; Enter uses it)", run: "pick", footer: "another model" },
  { keys: ["escape", "ctrl+c"], help: "while pi's model works: cancel the request; nothing is written", run: "cancel", footer: "cancel the request; nothing is written", footerKeys: ["escape"] },
];

/** The confirm step's offer of pi's summary (p, Shift+P). */
export const PI_OFFER_BINDINGS = PI_SUMMARY_BINDINGS.filter((b) => b.run !== "cancel");
/** While pi's model works (Esc, Ctrl+C). */
export const PI_RUNNING_BINDINGS = PI_SUMMARY_BINDINGS.filter((b) => b.run === "cancel");

/** The list of models pi's summary may use instead (Shift+P). */
export type ModelPickerCommand = { type: "move"; delta: 1 | -1 } | { type: "pick" } | { type: "cancel" };
export const MODEL_PICKER_BINDINGS: Binding<ModelPickerCommand>[] = [
  { keys: ["up"], help: "in the model list: previous model", run: { type: "move", delta: -1 }, footer: "choose" },
  { keys: ["down"], help: "in the model list: next model", run: { type: "move", delta: 1 }, footer: "choose" },
  { keys: ["enter"], help: "in the model list: summarize with it", run: { type: "pick" }, footer: "summarize with it" },
  { keys: ["escape", "ctrl+c"], help: "in the model list: cancel the summary; nothing is written", run: { type: "cancel" }, footer: "cancel, nothing is written" },
];

/** After pi's summary failed: the reason, and back. */
export const PI_FAILURE_BINDINGS: Binding<"back">[] = [
  { keys: ["escape", "enter"], help: "after a failed summary: back to the confirm step; nothing was written", run: "back", footer: "back", footerKeys: ["escape"] },
];
