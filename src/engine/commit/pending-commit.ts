import { buildContextFromPath, contextMessages } from "../context/build-context.js";
import type { SessionTree } from "../tree/tree.js";
import type { PiProfile, SessionEntry } from "../types.js";
import { buildBranchSummaryEntry } from "./branch-summary-entry.js";
import { buildCompactionEntry, type FileListDetails } from "./compaction-entry.js";
import { buildLabelEntry } from "./label-entry.js";
import type { RandomSource } from "./random.js";

/** Entries ready for the store's appendEntries, and the leaf pi will find after them. */
export interface PendingCommit {
  entries: SessionEntry[];
  newLeafId: string;
}

export interface CommitClock {
  nowMs: number;
  random: RandomSource;
}

/**
 * `/compact` at `leafId` (pi's leaf unless the user navigated elsewhere first). `path` is the
 * branch at `leafId` (root first), already walked by the caller.
 */
export function compactionCommit(
  tree: SessionTree,
  profile: PiProfile,
  leafId: string | null,
  path: readonly SessionEntry[],
  result: { summary: string; firstKeptEntryId: string | null; tokensBefore: number; details: FileListDetails },
  clock: CommitClock,
): PendingCommit {
  const projectionMessages = profile === "1.6" ? contextMessages(buildContextFromPath(path, profile)) : undefined;
  const entry = buildCompactionEntry({ profile, leafId, ...result, projectionMessages, takenIds: tree.byId, ...clock });
  return { entries: [entry], newLeafId: entry.id };
}

/**
 * `/tree` to `targetId` with "Summarize": the branch_summary hangs at navigateTree's new leaf
 * (`attachId`) and becomes the leaf. `oldLeafId` is the leaf navigated away from (1.6's fromId).
 */
export function branchSummaryCommit(
  tree: SessionTree,
  profile: PiProfile,
  move: { oldLeafId: string | null; attachId: string | null },
  result: { summary: string; details: FileListDetails },
  clock: CommitClock,
): PendingCommit {
  const entry = buildBranchSummaryEntry({ profile, ...move, ...result, takenIds: tree.byId, ...clock });
  return { entries: [entry], newLeafId: entry.id };
}

/** A label set (text) or cleared (undefined) on `targetId`, appended at pi's leaf. */
export function labelCommit(tree: SessionTree, targetId: string, label: string | undefined, clock: CommitClock): PendingCommit {
  const entry = buildLabelEntry({ leafId: tree.leafId, targetId, label, takenIds: tree.byId, ...clock });
  return { entries: [entry], newLeafId: entry.id };
}
