// Ranking the cross-session index's stored postings: BM25 as for one session, each word through
// its best variant, filters applied before counting, and the best k kept by a heap.
import { describe, expect, it } from "vitest";
import { crossRank, DamagedIndexError, packLengthRole, roleCode, type CrossRankInput } from "../../src/engine/recall/index.js";
import { TopK } from "../../src/engine/recall/top-k.js";

const bm25 = (tf: number, dl: number, df: number, n: number, avgdl: number): number =>
  (Math.log((n - df + 0.5) / (df + 0.5) + 1) * tf * 2.2) / (tf + 1.2 * (1 - 0.75 + (0.75 * dl) / avgdl));

/** Each doc's packed length|role + 1, as the rows below record them. */
const lengthRoles = new Int32Array(11);

const varint = (out: number[], value: number): void => {
  for (; value >= 0x80; value >>>= 7) out.push((value & 0x7f) | 0x80);
  out.push(value);
};

/** A stored row of docs given as [doc, tf, length], ascending (cross-postings.ts); their lengths and role go into lengthRoles. */
const list = (rows: [number, number, number][], role = roleCode("user")) => {
  const data: number[] = [];
  let previous = 0;
  for (const [d, tf, len] of rows) {
    lengthRoles[d] = packLengthRole(len, role) + 1;
    varint(data, (d - previous) * 2 + (tf > 1 ? 1 : 0));
    if (tf > 1) varint(data, tf);
    previous = d;
  }
  return { data: Uint8Array.from(data), df: rows.length };
};

const base = (over: Partial<CrossRankInput>): CrossRankInput => ({ words: [], phrases: [], n: 4, avgLength: 3, maxDoc: 10, lengthRoles, accept: () => true, k: 10, ...over });

describe("crossRank", () => {
  it("scores a word over every segment of its postings with N and df of the whole index", () => {
    // "alpha" in docs 1 and 7, stored in two segments (a first read and an append).
    const r = crossRank(base({ words: [{ variants: [{ weight: 1, rows: [list([[1, 2, 4]]), list([[7, 1, 2]])] }] }] }));
    expect(r.total).toBe(2);
    expect(r.top.map((t) => t.doc)).toEqual([1, 7]);
    expect(r.top[0].score).toBeCloseTo(bm25(2, 4, 2, 4, 3), 10);
    expect(r.top[1].score).toBeCloseTo(bm25(1, 2, 2, 4, 3), 10);
  });

  it("a word counts once per doc, through its best variant; different words add up", () => {
    const exact = { weight: 1, rows: [list([[2, 1, 3]])] };
    const prefix = { weight: 0.5, rows: [list([[2, 3, 3], [3, 1, 3]])] };
    const other = { weight: 1, rows: [list([[3, 1, 3]])] };
    const r = crossRank(base({ words: [{ variants: [exact, prefix] }, { variants: [other] }] }));
    const d2 = Math.max(bm25(1, 3, 1, 4, 3), 0.5 * bm25(3, 3, 2, 4, 3));
    const d3 = 0.5 * bm25(1, 3, 2, 4, 3) + bm25(1, 3, 1, 4, 3);
    expect(Object.fromEntries(r.top.map((t) => [t.doc, t.score]))).toEqual({ 2: expect.closeTo(d2, 10), 3: expect.closeTo(d3, 10) });
  });

  it("filters decide what counts, using the role carried in the postings", () => {
    const users = list([[1, 1, 3]], roleCode("user"));
    const tools = list([[2, 1, 3], [5, 1, 3]], roleCode("toolResult"));
    const onlyTools = (_d: number, role: number) => role === roleCode("toolResult");
    const r = crossRank(base({ words: [{ variants: [{ weight: 1, rows: [users, tools] }] }], accept: onlyTools, k: 1 }));
    expect(r.total).toBe(2);
    expect(r.top.map((t) => t.doc)).toEqual([2]);
  });

  it("best of each group: every group's best doc over all matches, equal scores by the tie order; the total stays the docs'", () => {
    // Docs 1-3 in group 0, 7 and 8 in group 1; doc 2 beats doc 1 (tf 3), docs 7 and 8 tie.
    const rows = [list([[1, 1, 3], [2, 3, 3], [3, 1, 3], [7, 1, 3], [8, 1, 3]])];
    const groupOf = (doc: number): number => (doc < 5 ? 0 : 1);
    const r = crossRank(base({ words: [{ variants: [{ weight: 1, rows }] }], n: 100, k: 1, bestOfGroup: { groupOf, groups: 2 } }));
    expect(r).toMatchObject({ total: 5, groups: 2 });
    expect(r.top.map((t) => t.doc)).toEqual([2]);
    const both = crossRank(base({ words: [{ variants: [{ weight: 1, rows }] }], n: 100, k: 5, bestOfGroup: { groupOf, groups: 2 }, tie: (doc) => -doc }));
    expect(both.top.map((t) => t.doc)).toEqual([2, 8]);
  });

  it("a row that does not read as its docs is damage, never a result", () => {
    const row = list([[1, 2, 4], [7, 1, 2]]);
    const rank = (data: Uint8Array, df = 2) => crossRank(base({ words: [{ variants: [{ weight: 1, rows: [{ data, df }] }] }] }));
    expect(rank(row.data).total).toBe(2);
    expect(() => rank(row.data, 3)).toThrow(DamagedIndexError);
    // A count no row of its bytes can hold (it sizes the arrays): damage, not an allocation failure.
    expect(() => rank(row.data, 2 ** 31)).toThrow(DamagedIndexError);
    expect(() => rank(row.data.subarray(0, 1))).toThrow(DamagedIndexError);
    // A doc the index does not hold.
    expect(() => rank(list([[1, 1, 3], [9, 1, 3]]).data.map((b, i) => (i === 1 ? b + 2 : b)))).toThrow(DamagedIndexError);
  });

  it("a phrase scores each doc by how often it occurs there, with the doc's length", () => {
    const r = crossRank(base({ phrases: [{ docs: [4, 6], counts: [1, 2], lengthRoles: [packLengthRole(6, 0), packLengthRole(2, 0)] }] }));
    expect(r.top).toEqual([
      { doc: 6, score: expect.closeTo(bm25(2, 2, 2, 4, 3), 10) },
      { doc: 4, score: expect.closeTo(bm25(1, 6, 2, 4, 3), 10) },
    ]);
  });
});

describe("TopK", () => {
  it("keeps the same best k as a full sort, equal scores in doc order", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const all = Array.from({ length: 500 }, (_, doc) => ({ doc, score: Math.floor(rand() * 40) }));
    const top = new TopK(25);
    for (const s of all) top.offer(s.doc, s.score);
    const expected = [...all].sort((a, b) => b.score - a.score || a.doc - b.doc).slice(0, 25);
    expect(top.sorted()).toEqual(expected);
  });
});
