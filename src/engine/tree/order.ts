// pi's getTree child order: Array.prototype.sort by `new Date(timestamp).getTime()` ascending.
// The sort is stable and a NaN comparison counts as equal (ECMA-262 SortCompare), exactly as in pi,
// because the same comparator runs on the same file-ordered input.
import type { SessionEntry } from "../types.js";

const timeOf = (e: SessionEntry): number => new Date(e.timestamp as string).getTime();

/** Sort siblings (given in file order) in place, the way pi's getTree does. */
export function sortSiblings(siblings: SessionEntry[]): SessionEntry[] {
  if (siblings.length < 2) return siblings;
  // Decorate once: the comparator is pure, so precomputed times give the same order as pi's.
  const decorated = siblings.map((entry) => ({ entry, t: timeOf(entry) }));
  decorated.sort((a, b) => a.t - b.t);
  for (let i = 0; i < decorated.length; i++) siblings[i] = decorated[i].entry;
  return siblings;
}
