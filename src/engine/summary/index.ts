// Barrel of summary/: each module of this area is re-exported here.
// FileLists, computeFileLists and formatFileOperations are compaction/'s (pi's own file tracking).
export type { CompiledSummary, MessageIndex, SummarySection, SummarySourceMessage } from "./types.js";
export { buildGlobalMessageIndex } from "./message-index.js";
export { computeCompactionFileLists, fileListsBlock, stripFileOperationsBlock } from "./file-lists.js";
export { NO_PRIOR_HISTORY, SPLIT_TURN_SEPARATOR } from "./document.js";
export {
  BRANCH_SUMMARY_LEAD_IN,
  compileBranchSummary,
  compileCompactionSummary,
  estimateTextTokens,
  NO_BRANCH_CONTENT,
} from "./compile.js";
export type { BranchSummaryInput, CompactionSummaryInput, CompiledCompactionSummary } from "./compile.js";
