import type { BranchSummaryEntry, PiProfile } from "../types.js";
import type { FileListDetails } from "./compaction-entry.js";
import { stampEntry, type EntryContext } from "./new-entry.js";

export interface BranchSummaryEntryInput extends EntryContext {
  profile: PiProfile;
  /** Where the summary hangs (navigateTree's new leaf); null makes it a root. */
  attachId: string | null;
  /** The leaf before the move (the abandoned position). */
  oldLeafId: string | null;
  summary: string;
  details: FileListDetails;
}

/**
 * pi's branchWithSummary entry. `fromId` differs by release: 0.73 writes the attach point,
 * 1.6 the leaf it navigated away from; both write "root" when that is null.
 */
export function buildBranchSummaryEntry(input: BranchSummaryEntryInput): BranchSummaryEntry {
  const { id, timestamp } = stampEntry(input);
  const fromId = (input.profile === "0.73" ? input.attachId : input.oldLeafId) ?? "root";
  return {
    type: "branch_summary",
    id,
    parentId: input.attachId,
    timestamp,
    fromId,
    summary: input.summary,
    details: input.details,
    fromHook: false,
  };
}
