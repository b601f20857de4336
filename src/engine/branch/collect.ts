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
  const oldPath = new Set(walkToRoot(byId, oldLeafId).map((e) => e.id));
  const targetPath = walkToRoot(byId, targetId);
  let commonAncestorId: string | null = null;
  for (let i = targetPath.length - 1; i >= 0; i--) {
    if (oldPath.has(targetPath[i].id)) {
      commonAncestorId = targetPath[i].id;
      break;
    }
  }
  const entries: SessionEntry[] = [];
  const seen = new Set<string>();
  let current: string | null | undefined = oldLeafId;
  // The seen-set only guards against parent cycles, which would never end in pi.
  while (current && current !== commonAncestorId && !seen.has(current)) {
    seen.add(current);
    const entry = byId.get(current);
    if (!entry) break;
    entries.push(entry);
    current = entry.parentId;
  }
  return { entries: entries.reverse(), commonAncestorId };
}
