// The compiled (no-LLM) summary that stands in for the model's at one of pi's compaction cuts. The
// commit builder and the compaction previewer both compile from a preparation; they must agree to
// the letter, since the preview shows what a commit would write.
import { computeFileLists } from "../compaction/file-ops.js";
import type { CompactionPreparation } from "../compaction/prepare.js";
import type { PiProfile } from "../types.js";
import { compileCompactionSummary, type CompiledCompactionSummary } from "./compile.js";
import type { MessageIndex } from "./types.js";

/** The summary at `preparation`'s cut; its `details` are pi's own lists (previous compaction's details + the summarized messages). */
export function compileSummaryOfPreparation(
  preparation: CompactionPreparation,
  context: { messageIndex: MessageIndex; cwd: string | undefined; profile: PiProfile },
): CompiledCompactionSummary {
  return compileCompactionSummary({
    messagesToSummarize: preparation.messagesToSummarize,
    turnPrefixMessages: preparation.turnPrefixMessages,
    isSplitTurn: preparation.isSplitTurn,
    previousSummary: preparation.previousSummary,
    fileLists: computeFileLists(preparation.fileOps),
    messageIndex: context.messageIndex,
    cwd: context.cwd,
    profile: context.profile,
    dropPreviousOnEmptyHistory: context.profile === "0.73",
  });
}
