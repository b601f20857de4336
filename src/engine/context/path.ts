// The leaf-to-root walk every pi algorithm starts from (pi's buildSessionPath / getBranch).
import type { SessionEntry } from "../types.js";

/** Index by id; a later duplicate replaces an earlier one, as pi's Map does. */
export function indexById(entries: readonly SessionEntry[]): Map<string, SessionEntry> {
  const byId = new Map<string, SessionEntry>();
  for (const entry of entries) byId.set(entry.id, entry);
  return byId;
}

/**
 * Path from the root to `leaf`, root first. Iterative, and it stops at a repeated entry
 * (pi would loop forever on a parent cycle). A walk longer than there are entries has met a
 * cycle: only then is it walked again remembering each entry (a set of every entry on a
 * 15,000-entry path took most of the walk's time).
 */
function walkFrom(leaf: SessionEntry | undefined, byId: ReadonlyMap<string, SessionEntry>): SessionEntry[] {
  const path: SessionEntry[] = [];
  let current = leaf;
  while (current && path.length <= byId.size) {
    path.push(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return current ? walkFromAcrossCycle(leaf, byId) : path.reverse();
}

function walkFromAcrossCycle(leaf: SessionEntry | undefined, byId: ReadonlyMap<string, SessionEntry>): SessionEntry[] {
  const path: SessionEntry[] = [];
  const seen = new Set<SessionEntry>();
  let current = leaf;
  while (current && !seen.has(current)) {
    seen.add(current);
    path.push(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return path.reverse();
}

/** pi's getBranch(fromId): root-first path to `fromId`; [] when the id is unknown. */
export function walkToRoot(byId: ReadonlyMap<string, SessionEntry>, fromId: string | null | undefined): SessionEntry[] {
  return walkFrom(fromId ? byId.get(fromId) : undefined, byId);
}

/** pi's buildSessionPath: `leafId` null → []; an unknown or absent leaf falls back to the last entry. */
export function buildSessionPath(
  entries: readonly SessionEntry[],
  leafId?: string | null,
  byId: ReadonlyMap<string, SessionEntry> = indexById(entries),
): SessionEntry[] {
  if (leafId === null) return [];
  const leaf = (leafId ? byId.get(leafId) : undefined) ?? entries[entries.length - 1];
  return walkFrom(leaf, byId);
}
