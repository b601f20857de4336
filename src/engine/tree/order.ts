// pi's getTree child order: Array.prototype.sort by `new Date(timestamp).getTime()` ascending.
// The sort is stable and a NaN comparison counts as equal (ECMA-262 SortCompare), exactly as in pi,
// because the same comparator runs on the same file-ordered input.
import type { SessionEntry } from "../types.js";

export const timeOf = (e: SessionEntry): number => new Date(e.timestamp as string).getTime();

/** Sort siblings (given in file order) in place, the way pi's getTree does. */
export function sortSiblings(siblings: SessionEntry[]): SessionEntry[] {
  if (siblings.length < 2) return siblings;
  // Decorate once: the comparator is pure, so precomputed times give the same order as pi's.
  const decorated = siblings.map((entry) => ({ entry, t: timeOf(entry) }));
  decorated.sort((a, b) => a.t - b.t);
  for (let i = 0; i < decorated.length; i++) siblings[i] = decorated[i].entry;
  return siblings;
}

/** The same order applied to a range of positions (children of one parent) in a typed array. */
export function sortPositionRange(pos: Int32Array, from: number, to: number, entries: SessionEntry[]): void {
  if (to - from < 2) return;
  const decorated: { p: number; t: number }[] = [];
  for (let i = from; i < to; i++) decorated.push({ p: pos[i], t: timeOf(entries[pos[i]]) });
  decorated.sort((a, b) => a.t - b.t);
  for (let i = from; i < to; i++) pos[i] = decorated[i - from].p;
}
