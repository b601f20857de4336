// A run's row chains its files' rows of a term (recall-cache-run-rows.ts): a search decodes it as
// it decodes any row, and split back by segment it gives each file's rows exactly; bytes that do
// not decode to what the row says are damage, never a result.
import { describe, expect, it } from "vitest";
import { DamagedIndexError, decodePositions, decodePostings, POSTING_STRIDE } from "../../src/engine/recall/cross-postings.js";
import { chainedRow, rowsBySegment, type RowPart } from "../../src/engine/store/recall-cache-run-rows.js";
import { writeVarint } from "../../src/engine/store/varint.js";

/** Docs of a segment (numbered from 0) with their word positions, as a prepared row. */
function part(first: number, docs: [number, number[]][]): RowPart {
  const data = new Uint8Array(docs.length * 12);
  const pos = new Uint8Array(docs.reduce((n, [, p]) => n + 5 * p.length, 0));
  let d = 0;
  let q = 0;
  let last = 0;
  for (const [doc, positions] of docs) {
    const tf = positions.length;
    d = writeVarint(data, d, (doc - last) * 2 + (tf > 1 ? 1 : 0));
    if (tf > 1) d = writeVarint(data, d, tf);
    let prev = 0;
    positions.forEach((p, k) => {
      q = writeVarint(pos, q, k === 0 ? p : p - prev);
      prev = p;
    });
    last = doc;
  }
  return { first, last: first + last, df: docs.length, data: data.slice(0, d), pos: pos.slice(0, q) };
}

/** [doc, tf] pairs and positions of a stored row (absolute doc ids). */
function decoded(row: { df: number; data: Uint8Array; pos: Uint8Array }, docCount = 2000) {
  const lengthRoles = new Int32Array(docCount).fill(9);
  const triples = decodePostings(row.data, row.df, lengthRoles);
  const docs: [number, number][] = [];
  for (let i = 0; i < triples.length; i += POSTING_STRIDE) docs.push([triples[i], triples[i + 1]]);
  return { docs, positions: [...decodePositions(row.pos, triples)] };
}

// Three files' rows of one term: segments starting at docs 10, 300 and 1200 (a doc id past 127 takes two bytes).
const PARTS = [
  part(10, [
    [0, [4]],
    [3, [1, 7, 200]],
    [150, [0]],
  ]),
  part(300, [
    [2, [5, 6]],
    [9, [3]],
  ]),
  part(1200, [[0, [130, 131, 4000]]]),
];
const STARTS = [10, 300, 1200];

describe("a run's rows chained and split", () => {
  it("chains the files' rows into one row a search decodes to every doc, in order, with its positions", () => {
    const row = chainedRow(PARTS);
    expect(row.firstDoc).toBe(10);
    expect(row.df).toBe(6);
    expect(decoded(row)).toEqual({
      docs: [
        [10, 1],
        [13, 3],
        [160, 1],
        [302, 2],
        [309, 1],
        [1200, 3],
      ],
      positions: [4, 1, 7, 200, 0, 5, 6, 3, 130, 131, 4000],
    });
  });

  it("splits a chained row back into each segment's row, as that file's row alone is stored", () => {
    const split = rowsBySegment(chainedRow(PARTS), STARTS);
    expect(split.map((s) => s.segment)).toEqual([0, 1, 2]);
    split.forEach(({ segment, row }) => {
      const alone = chainedRow([PARTS[segment]]);
      expect(row).toEqual(alone);
      expect(decoded(row).docs.every(([doc]) => doc >= STARTS[segment])).toBe(true);
    });
  });

  it("leaves out the segments that hold no doc of the term", () => {
    const split = rowsBySegment(chainedRow([PARTS[0], PARTS[2]]), [5, ...STARTS, 1300]);
    expect(split.map((s) => s.segment)).toEqual([1, 3]);
    expect(split.map((s) => s.row.df)).toEqual([3, 1]);
  });

  it("takes damage for damage: cut short, more or fewer docs than its df, positions left over, a doc before every segment", () => {
    const row = chainedRow(PARTS);
    const damaged = [
      { ...row, data: row.data.subarray(0, row.data.length - 1) },
      { ...row, df: row.df + 1 },
      { ...row, df: row.df - 1 },
      { ...row, pos: Uint8Array.from([...row.pos, 1]) },
      { ...row, pos: row.pos.subarray(0, row.pos.length - 2) },
    ];
    for (const bad of damaged) expect(() => rowsBySegment(bad, STARTS)).toThrow(DamagedIndexError);
    expect(() => rowsBySegment(row, [11, ...STARTS.slice(1)])).toThrow(DamagedIndexError);
  });
});
