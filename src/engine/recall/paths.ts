// Parent-link walks the recall index needs: the active path and each compaction's span.
// Every walk is iterative and guarded against cycles (paths can be 12,000 deep).
import type { CompactionEntry, SessionEntry } from "../types.js";

/**
 * Parent links as entry positions, so walks are array hops rather than map lookups: the build
 * walks from every compaction to the root, thousands of steps each on a long session.
 */
export interface EntryLinks {
  /** Position of the last entry with each id, as pi's map keeps it. */
  positionOf: Map<string, number>;
  /** Position of each entry's parent; -1 when it has none or it is unknown. */
  parentOf: Int32Array;
}

export function entryLinks(entries: readonly SessionEntry[]): EntryLinks {
  const positionOf = new Map<string, number>();
  for (let i = 0; i < entries.length; i++) {
    const id = entries[i].id;
    if (typeof id === "string") positionOf.set(id, i);
  }
  const parentOf = new Int32Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const parentId = entries[i].parentId;
    parentOf[i] = parentId == null ? -1 : (positionOf.get(parentId) ?? -1);
  }
  return { positionOf, parentOf };
}

/** Position of the entry with this id, -1 when null or unknown. */
export const positionOfId = (links: EntryLinks, id: string | null | undefined): number => (id == null ? -1 : (links.positionOf.get(id) ?? -1));

/** Root-first positions of the path ending at position `from` (pi's getBranch); [] for -1. */
export function pathPositions(links: EntryLinks, from: number): number[] {
  const out: number[] = [];
  // A parent cycle would loop forever; no path is longer than the number of ids.
  let budget = links.positionOf.size;
  for (let cur = from; cur >= 0 && budget-- > 0; cur = links.parentOf[cur]) out.push(cur);
  return out.reverse();
}

/**
 * Positions of the path entries a compaction summarized (pi's prepareCompaction, both profiles):
 * from where the previous compaction on its path kept (re-summarized) up to, not including, its
 * firstKeptEntryId.
 */
export function summarizedSpan(entries: readonly SessionEntry[], links: EntryLinks, compaction: CompactionEntry): number[] {
  const path = pathPositions(links, positionOfId(links, compaction.parentId));
  let prev = -1;
  for (let i = path.length - 1; i >= 0; i--) {
    if (entries[path[i]].type === "compaction") {
      prev = i;
      break;
    }
  }
  let start = 0;
  if (prev >= 0) {
    const keptId = (entries[path[prev]] as CompactionEntry).firstKeptEntryId;
    const kept = indexOfId(entries, path, keptId, 0, prev);
    start = kept >= 0 ? kept : prev + 1;
  }
  let end = indexOfId(entries, path, compaction.firstKeptEntryId, start, path.length);
  if (end < 0) end = path.length;
  const out: number[] = [];
  for (let i = start; i < end; i++) if (entries[path[i]].type !== "compaction") out.push(path[i]);
  return out;
}

/** First i in [from, to) whose entry has this id, or -1. */
function indexOfId(entries: readonly SessionEntry[], path: readonly number[], id: unknown, from: number, to: number): number {
  for (let i = from; i < to; i++) if (entries[path[i]].id === id) return i;
  return -1;
}

/**
 * Entry ids in the model's context per pi's buildSessionContext rule (latest compaction on the path:
 * its summary, then the kept entries from firstKeptEntryId, then everything after). Used only when
 * the caller does not pass the context's source ids from the context engine.
 */
export function contextIdsFromPath(path: readonly SessionEntry[]): Set<string> {
  let last = -1;
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i].type === "compaction") {
      last = i;
      break;
    }
  }
  if (last < 0) return new Set(path.map((e) => e.id));
  const ids = new Set<string>([path[last].id]);
  const keptId = (path[last] as CompactionEntry).firstKeptEntryId;
  let keeping = false;
  for (let i = 0; i < last; i++) {
    if (path[i].id === keptId) keeping = true;
    if (keeping && path[i].type !== "compaction") ids.add(path[i].id);
  }
  for (let i = last + 1; i < path.length; i++) ids.add(path[i].id);
  return ids;
}
