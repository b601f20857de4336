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
  /** No parent chain loops back on itself (then every walk ends at a root). */
  acyclic: boolean;
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
  return { positionOf, parentOf, acyclic: isAcyclic(parentOf) };
}

/** Whether no parent chain loops: each walk stops at a root or at a chain already checked. */
function isAcyclic(parentOf: Int32Array): boolean {
  // 0: not seen, 1: on the walk under way, 2: known to reach a root.
  const state = new Uint8Array(parentOf.length);
  for (let i = 0; i < parentOf.length; i++) {
    let cur = i;
    while (cur >= 0 && state[cur] === 0) {
      state[cur] = 1;
      cur = parentOf[cur];
    }
    if (cur >= 0 && state[cur] === 1) return false;
    for (let k = i; k >= 0 && state[k] === 1; k = parentOf[k]) state[k] = 2;
  }
  return true;
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
  return links.acyclic ? spanWalkingBack(entries, links, compaction) : spanOfWholePath(entries, links, compaction);
}

/**
 * summarizedSpan without the walk to the root: back from the compaction's parent only as far as
 * the previous compaction's kept entry. Exact when no chain loops: a position then appears at most
 * once on a path, so "the first entry with that id from the root" is the one met walking back.
 */
function spanWalkingBack(entries: readonly SessionEntry[], links: EntryLinks, compaction: CompactionEntry): number[] {
  const { parentOf } = links;
  // Path positions leaf-first: the compaction's parent, its parent, … up to where the span starts.
  const back: number[] = [];
  let prevAt = -1;
  for (let cur = positionOfId(links, compaction.parentId); cur >= 0; cur = parentOf[cur]) {
    back.push(cur);
    if (entries[cur].type === "compaction") {
      prevAt = back.length - 1;
      break;
    }
  }
  let startAt = back.length - 1;
  if (prevAt >= 0) {
    const keptPos = positionOfId(links, (entries[back[prevAt]] as CompactionEntry).firstKeptEntryId);
    let found = false;
    for (let cur = parentOf[back[prevAt]]; cur >= 0 && keptPos >= 0; cur = parentOf[cur]) {
      back.push(cur);
      if (cur === keptPos) {
        found = true;
        break;
      }
    }
    startAt = found ? back.length - 1 : prevAt - 1;
  }
  const endPos = positionOfId(links, compaction.firstKeptEntryId);
  const out: number[] = [];
  for (let i = startAt; i >= 0; i--) {
    const pos = back[i];
    if (pos === endPos) break;
    if (entries[pos].type !== "compaction") out.push(pos);
  }
  return out;
}

function spanOfWholePath(entries: readonly SessionEntry[], links: EntryLinks, compaction: CompactionEntry): number[] {
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
