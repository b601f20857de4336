// A transaction's postings rows wait as places in their segments and are made when written: the
// rows made, their order by term and their byte count must be those of the rows made at once.
import { describe, expect, it } from "vitest";
import { PendingPostings } from "../../src/engine/store/recall-cache-pending.js";
import { NO_CALLS, SegmentBuilder } from "../../src/engine/store/recall-cache-segment.js";
import { withFirstDoc } from "../../src/engine/store/recall-cache-prepare.js";
import { packedAt } from "../../src/engine/recall/index.js";
import type { SessionEntry } from "../../src/engine/types.js";

function segment(texts: string[]) {
  const b = new SegmentBuilder(0, 0, NO_CALLS);
  texts.forEach((content, i) => b.add({ type: "message", id: `e${i}`, parentId: null, timestamp: "", message: { role: "user", content, timestamp: 1 } } as unknown as SessionEntry, 0, 1));
  return b.finish();
}

describe("PendingPostings", () => {
  const a = segment(["alpha beta", "beta gamma gamma"]);
  const b = segment(["gamma delta", "alpha"]);
  const idsA = a.terms.map((t) => ["alpha", "beta", "gamma", "delta"].indexOf(t) + 10);
  const idsB = b.terms.map((t) => ["alpha", "beta", "gamma", "delta"].indexOf(t) + 10);
  const all = (ids: number[]) => ids.map((_, t) => t);

  it("makes each row as the segment holds it, renumbered from its first doc", () => {
    const rows = new PendingPostings();
    rows.add(1, 1, a, idsA, all(idsA));
    rows.add(2, 300, b, idsB, all(idsB));
    expect(rows.length).toBe(a.terms.length + b.terms.length);
    const made = Array.from({ length: rows.length }, (_, i) => rows.row(i));
    expect(made[0]).toEqual({ termId: idsA[0], fileId: 1, seg: 1, df: a.dfs[0], data: withFirstDoc(packedAt(a.rows.postings, 0), 1), pos: packedAt(a.rows.positions, 0) });
    expect(rows.bytes()).toBe(made.reduce((n, r) => n + r.data.length + r.pos.length, 0));
    const byTerm = rows.byTerm().map((i) => made[i]);
    const sorted = [...made].sort((x, y) => x.termId - y.termId || x.fileId - y.fileId || x.seg - y.seg);
    expect(byTerm).toEqual(sorted);
  });

  it("sorts rows added out of file order by term, file and segment too, and drops rolled-back rows", () => {
    const rows = new PendingPostings();
    rows.add(5, 900, b, idsB, all(idsB));
    rows.add(3, 10, a, idsA, all(idsA));
    const made = Array.from({ length: rows.length }, (_, i) => rows.row(i));
    expect(rows.byTerm().map((i) => made[i])).toEqual([...made].sort((x, y) => x.termId - y.termId || x.fileId - y.fileId));
    rows.truncate(b.terms.length);
    expect(rows.length).toBe(b.terms.length);
    expect(Array.from({ length: rows.length }, (_, i) => rows.row(i).fileId)).toEqual(b.terms.map(() => 5));
    rows.add(6, 2000, a, idsA, all(idsA));
    expect(rows.row(rows.length - 1).fileId).toBe(6);
  });
});
