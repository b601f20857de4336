// The before/after context diff: a view any screen can show for two contexts.
export { ContextDiffView, type ContextDiffViewProps } from "./ContextDiffView.js";
export { buildDiffModel, type DiffModel, type SideRow } from "./diff-model.js";
export { DIFF_BINDINGS } from "./diff-keys.js";
