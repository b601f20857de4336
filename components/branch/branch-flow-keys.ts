// The branch flow's keys, one table per stage: use-branch-flow-input.ts dispatches from them and the
// help overlay lists them. The preview stage is not here: CommitConfirm owns its keys (y / Esc), and
// the instructions editor's own keys are in components/kit/multiline-editor/editor-keys.ts.
import { bindingLookup, type Binding } from "../kit/bindings.js";
import { footerItems, footerKeysText, footerLine, type FooterItem } from "../kit/footer.js";
import { EDITOR_BINDINGS } from "../kit/multiline-editor/editor-keys.js";
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
  { keys: ["up"], help: "previous choice: No summary / Summarize / Summarize with custom prompt (wraps)", run: { type: "move", delta: -1 }, footer: "choose" },
  { keys: ["down"], help: "next choice (wraps)", run: { type: "move", delta: 1 }, footer: "choose" },
  { keys: ["enter"], help: "select the choice", run: { type: "choose" }, footer: "select" },
];

/** "No summary" and "Nothing to summarize": nothing is written, the stage shows the context change. */
export const NO_WRITE_BINDINGS: BranchFlowBinding[] = [
  { keys: ["d"], help: "full side-by-side context diff (No summary, Nothing to summarize, and the summary preview)", run: { type: "fullDiff" }, footer: "full context diff" },
  { keys: ["enter"], help: "on No summary / Nothing to summarize: close, back to the tree", run: { type: "close" }, footer: "close" },
];

/** Every stage but the preview, the instructions editor included (the editor leaves these keys alone). */
export const FLOW_BINDINGS: BranchFlowBinding[] = [
  // As in pi, Esc and Ctrl+C both cancel the instructions editor (back to the choice).
  { keys: ["escape", "ctrl+c"], help: "one step back (editor → choice → tree); nothing is written", run: { type: "back" }, footer: "back" },
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

/** Where Esc (one step back) leads from a stage, and what Enter says on the stages that only inform. */
const BACK_TO: Partial<Record<BranchFlowState["stage"], string>> = {
  choose: "back to the tree",
  instructions: "back to the choice",
  noSummary: "back to the choice",
  nothingToSummarize: "back to the tree",
};

/** The flow's own bindings on a stage (the preview's are the confirm step's), with the stage's footer words. */
export function activeFlowBindings(stage: BranchFlowState["stage"]): BranchFlowBinding[] {
  const own = stage === "choose" ? CHOOSE_BINDINGS : stage === "noSummary" || stage === "nothingToSummarize" ? NO_WRITE_BINDINGS : [];
  const words = (b: BranchFlowBinding): BranchFlowBinding =>
    b.run.type === "back" ? { ...b, footer: BACK_TO[stage] } : b.run.type === "close" && stage === "nothingToSummarize" ? { ...b, footer: BACK_TO[stage] } : b;
  // The plan's PgUp/PgDn are shown on the plan itself ("▼3 more (PgUp/PgDn)"), not in the footer.
  return [...own, ...FLOW_BINDINGS].map(words);
}

/** The footer of a stage: on Nothing to summarize, Enter and Esc both go back to the tree. */
export function flowFooterItems(stage: BranchFlowState["stage"]): FooterItem[] {
  const bindings = activeFlowBindings(stage);
  // The informing stages name Esc first, as the step back it is, then Enter and the diff.
  const ordered = stage === "noSummary" || stage === "nothingToSummarize" ? [...bindings.filter((b) => b.run.type === "back"), ...bindings.filter((b) => b.run.type !== "back")] : bindings;
  return footerItems(ordered);
}

export const flowFooter = (stage: BranchFlowState["stage"]): string => footerLine(flowFooterItems(stage), Number.MAX_SAFE_INTEGER);

/** The instructions stage: the editor's Enter and Ctrl+J, the flow's Esc between them. */
export function instructionsFooterItems(): FooterItem[] {
  const submit = EDITOR_BINDINGS.filter((b) => b.run === "submit").map((b) => ({ ...b, footer: "preview" }));
  const newline = EDITOR_BINDINGS.filter((b) => b.footer === "newline");
  return footerItems([...submit, ...activeFlowBindings("instructions"), ...newline]);
}

export const instructionsFooter = (): string => footerLine(instructionsFooterItems(), Number.MAX_SAFE_INTEGER);

/** The keys that scroll the plan, as the plan's own "▼3 more (PgUp/PgDn)" names them. */
export const planScrollKeys = (): string =>
  footerKeysText([{ keys: FLOW_BINDINGS.filter((b) => b.run.type === "scrollPlan").flatMap((b) => b.keys), text: "", rank: 0, join: "/" }]);
