// Grouping a page of hits by conversation segment: a user (or bash) turn and every entry after
// it until the next one, in the scope's order. Each segment shows its opening entry, every hit,
// one neighbour either side of each hit, and counts what it leaves out.
import { entryView } from "./view.js";
import type { RecallHit, RecallIndex, RecallSegment, ScopeDocs, SegmentLine } from "./types.js";

const MAX_LINES = 12;
const startsSegment = (index: RecallIndex, d: number): boolean => index.docs[d].role === "user" || index.docs[d].role === "bash";

function positions(index: RecallIndex, scope: ScopeDocs): Int32Array {
  if (!scope.position) {
    const pos = new Int32Array(index.docs.length).fill(-1);
    scope.order.forEach((d, i) => (pos[d] = i));
    scope.position = pos;
  }
  return scope.position;
}

export function groupSegments(index: RecallIndex, scope: ScopeDocs, hits: RecallHit[], hitDocs: number[]): RecallSegment[] {
  const pos = positions(index, scope);
  const { order } = scope;
  const bySegment = new Map<number, Map<number, RecallHit>>();
  hitDocs.forEach((d, i) => {
    let p = pos[d];
    if (p < 0) return;
    while (p > 0 && !startsSegment(index, order[p])) p--;
    let group = bySegment.get(p);
    if (!group) bySegment.set(p, (group = new Map()));
    group.set(pos[d], hits[i]);
  });
  const starts = [...bySegment.keys()].sort((a, b) => a - b);
  return starts.map((start) => buildSegment(index, order, start, bySegment.get(start)!));
}

function buildSegment(index: RecallIndex, order: number[], start: number, hitsAt: Map<number, RecallHit>): RecallSegment {
  let end = start + 1;
  while (end < order.length && !startsSegment(index, order[end])) end++;
  const keep = new Set<number>([start]);
  for (const p of [...hitsAt.keys()].sort((a, b) => a - b)) {
    for (const q of [p - 1, p, p + 1]) if (q >= start && q < end && (keep.size < MAX_LINES || hitsAt.has(q))) keep.add(q);
  }
  const lines: SegmentLine[] = [];
  let elided = 0;
  for (let p = start; p < end; p++) {
    if (!keep.has(p)) {
      elided++;
      continue;
    }
    if (elided) lines.push({ kind: "elided", count: elided });
    elided = 0;
    lines.push({ kind: "entry", entry: entryView(index, order[p]), hit: hitsAt.get(p) ?? null });
  }
  if (elided) lines.push({ kind: "elided", count: elided });
  return {
    firstRef: refNear(index, order, start, end, 1),
    lastRef: refNear(index, order, end - 1, start - 1, -1),
    entryCount: end - start,
    matchCount: hitsAt.size,
    lines,
  };
}

function refNear(index: RecallIndex, order: number[], from: number, stop: number, step: 1 | -1): number | null {
  for (let p = from; p !== stop; p += step) {
    const r = index.docs[order[p]].ref;
    if (r !== null) return r;
  }
  return null;
}
