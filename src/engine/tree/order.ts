// pi's getTree child order: Array.prototype.sort by `new Date(timestamp).getTime()` ascending.
// The sort is stable and a NaN comparison counts as equal (ECMA-262 SortCompare), exactly as in pi,
// because the same comparator runs on the same file-ordered input.
import type { SessionEntry } from "../types.js";

const timeOf = (e: SessionEntry): number => new Date(e.timestamp as string).getTime();

/**
 * Sort a range of positions (the children of one parent, given in file order) in a typed array the
 * way pi's getTree sorts siblings. Decorated once: the comparator is pure, so precomputed times give
 * the same order as pi's.
 */
export function sortPositionRange(pos: Int32Array, from: number, to: number, entries: SessionEntry[]): void {
  if (to - from < 2) return;
  const decorated: { p: number; t: number }[] = [];
  for (let i = from; i < to; i++) decorated.push({ p: pos[i], t: timeOf(entries[pos[i]]) });
  decorated.sort((a, b) => a.t - b.t);
  for (let i = from; i < to; i++) pos[i] = decorated[i - from].p;
}
