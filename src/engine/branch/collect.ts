// pi's collectEntriesForBranchSummary: the entries left behind when the leaf moves to a target.
import { walkToRoot } from "../context/path.js";
import type { SessionEntry } from "../types.js";

export interface CollectedBranch {
  /** Entries from just below the common ancestor down to the old leaf, oldest first. */
  entries: SessionEntry[];
  commonAncestorId: string | null;
}

/** Walks by parent links from `oldLeafId` up to (not including) the deepest entry shared with `targetId`'s path. */
export function collectEntriesForBranchSummary(
  byId: ReadonlyMap<string, SessionEntry>,
  oldLeafId: string | null | undefined,
  targetId: string,
): CollectedBranch {
  if (!oldLeafId) return { entries: [], commonAncestorId: null };
  const oldPath = walkToRoot(byId, oldLeafId);
  const oldIds = new Set(oldPath.map((e) => e.id));
  const targetPath = walkToRoot(byId, targetId);
  let commonAncestorId: string | null = null;
  for (let i = targetPath.length - 1; i >= 0; i--) {
    if (oldIds.has(targetPath[i].id)) {
      commonAncestorId = targetPath[i].id;
      break;
    }
  }
  // The old leaf's root-first path below the common ancestor (walkToRoot already stops at cycles).
  const start = commonAncestorId === null ? 0 : oldPath.findIndex((e) => e.id === commonAncestorId) + 1;
  return { entries: oldPath.slice(start), commonAncestorId };
}
