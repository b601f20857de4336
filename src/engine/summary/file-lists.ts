// pi's cumulative file tracking seen from a summary (pi-engine.md §10, pi-engine-1x.md §10.5): the
// lists a compaction stores, built with the compaction area's file-op functions, and the removal
// of pi's appended block when a stored summary is read back.
import type { PiProfile } from "../types.js";
import { DEFAULT_PROFILE } from "../types.js";
import type { FileLists } from "../compaction/file-ops.js";
import { carryOverFileOps, computeFileLists, createFileOps, extractFileOpsFromMessage, formatFileOperations } from "../compaction/file-ops.js";
import type { SummarySourceMessage } from "./types.js";

/**
 * The lists a compaction stores: the previous compaction's details (pass them only when that
 * compaction was not written by a hook, as pi does) plus the file ops of every summarized and
 * turn-prefix message.
 */
export function computeCompactionFileLists(
  previousDetails: unknown,
  messages: readonly SummarySourceMessage[],
  profile: PiProfile = DEFAULT_PROFILE,
): FileLists {
  const ops = createFileOps();
  carryOverFileOps({ details: previousDetails }, ops);
  for (const m of messages) extractFileOpsFromMessage(m.message, ops, profile);
  return computeFileLists(ops);
}

/** pi's `<read-files>`/`<modified-files>` block for these lists ("" when both are empty). */
export function fileListsBlock(lists: FileLists): string {
  return formatFileOperations(lists.readFiles, lists.modifiedFiles);
}

/**
 * Removes a trailing pi file-operations block (as appended by formatFileOperations) from a stored
 * summary, so merging never nests an old block inside a new summary.
 */
export function stripFileOperationsBlock(summary: string): string {
  let text = summary;
  for (const tag of ["modified-files", "read-files"]) {
    const close = `\n</${tag}>`;
    if (!text.endsWith(close)) continue;
    const open = text.lastIndexOf(`\n\n<${tag}>\n`);
    if (open !== -1) text = text.slice(0, open);
  }
  return text;
}
