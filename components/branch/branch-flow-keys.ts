// The branch flow's keys, one table per stage: use-branch-flow-input.ts dispatches from them and the
// help overlay lists them. The preview stage is not here: CommitConfirm owns its keys (y / Esc), and
// the instructions editor's own keys are in components/kit/multiline-editor/editor-keys.ts.
import { bindingLookup, type Binding } from "../kit/bindings.js";
import type { KeyName, KeyPress } from "../kit/keys.js";
import type { BranchFlowState } from "./branch-flow-state.js";

export type BranchFlowCommand =
  | { type: "move"; delta: 1 | -1 }
  | { type: "choose" }
  | { type: "back" }
  /** Enter on a stage that only informs: close the flow (No summary goes back past the choice). */
  | { type: "close" }
  | { type: "fullDiff" }
  | { type: "scrollPlan"; direction: 1 | -1 };

export type BranchFlowBinding = Binding<BranchFlowCommand>;

/** pi's "Summarize branch?" choice. */
export const CHOOSE_BINDINGS: BranchFlowBinding[] = [
  { keys: ["up"], help: "previous choice: No summary / Summarize / Summarize with custom prompt (wraps)", run: { type: "move", delta: -1 } },
  { keys: ["down"], help: "next choice (wraps)", run: { type: "move", delta: 1 } },
  { keys: ["enter"], help: "select the choice", run: { type: "choose" } },
];

/** "No summary" and "Nothing to summarize": nothing is written, the stage shows the context change. */
export const NO_WRITE_BINDINGS: BranchFlowBinding[] = [
  { keys: ["d"], help: "full side-by-side context diff (No summary, Nothing to summarize, and the summary preview)", run: { type: "fullDiff" } },
  { keys: ["enter"], help: "on No summary / Nothing to summarize: close, back to the tree", run: { type: "close" } },
];

/** Every stage but the preview, the instructions editor included (the editor leaves these keys alone). */
export const FLOW_BINDINGS: BranchFlowBinding[] = [
  // As in pi, Esc and Ctrl+C both cancel the instructions editor (back to the choice).
  { keys: ["escape", "ctrl+c"], help: "one step back (editor → choice → tree); nothing is written", run: { type: "back" } },
  { keys: ["pageup"], help: "scroll the plan up (when it does not fit above the stage)", run: { type: "scrollPlan", direction: -1 } },
  { keys: ["pagedown"], help: "scroll the plan down", run: { type: "scrollPlan", direction: 1 } },
];

const FLOW = bindingLookup(FLOW_BINDINGS);
const NO_WRITE = bindingLookup(NO_WRITE_BINDINGS);
const STAGE_KEYS: Partial<Record<BranchFlowState["stage"], (name: KeyName | "") => BranchFlowCommand | null>> = {
  choose: bindingLookup(CHOOSE_BINDINGS),
  noSummary: NO_WRITE,
  nothingToSummarize: NO_WRITE,
};

/** What a key does on a stage of the flow, or null when that stage has no use for it. */
export function branchFlowKeyCommand(key: KeyPress, stage: BranchFlowState["stage"]): BranchFlowCommand | null {
  return FLOW(key.name) ?? STAGE_KEYS[stage]?.(key.name) ?? null;
}
