// BM25 with k1 1.2 and b 0.75, computed by hand for a three-document session.
import { describe, expect, it } from "vitest";
import { buildRecallIndex, search, type SessionEntry } from "../../src/engine/index.js";

const user = (id: string, parentId: string | null, text: string): SessionEntry => ({
  type: "message",
  id,
  parentId,
  timestamp: "2026-01-01T00:00:00.000Z",
  message: { role: "user", content: text },
});

// Lengths 2, 2, 1 tokens: avgdl = 5/3.
const index = buildRecallIndex({ entries: [user("A", null, "alpha beta"), user("B", "A", "alpha alpha"), user("C", "B", "gamma")] });

function bm25(tf: number, dl: number, df: number, n = 3, avgdl = 5 / 3): number {
  const idf = Math.log((n - df + 0.5) / (df + 0.5) + 1);
  return (idf * tf * 2.2) / (tf + 1.2 * (1 - 0.75 + (0.75 * dl) / avgdl));
}

describe("recall ranking", () => {
  it("scores a word exactly as BM25 (k1 1.2, b 0.75)", () => {
    const r = search(index, "alpha");
    if (!r.ok) throw new Error(r.message);
    expect(r.value.hits.map((h) => h.entryId)).toEqual(["B", "A"]);
    expect(r.value.hits[0].score).toBeCloseTo(bm25(2, 2, 2), 10);
    expect(r.value.hits[1].score).toBeCloseTo(bm25(1, 2, 2), 10);
  });

  it("words are OR-ed and their scores add up; a rarer word weighs more", () => {
    const r = search(index, "beta gamma alpha");
    if (!r.ok) throw new Error(r.message);
    expect(r.value.hits.map((h) => h.entryId)).toEqual(["A", "C", "B"]);
    expect(r.value.hits[0].score).toBeCloseTo(bm25(1, 2, 2) + bm25(1, 2, 1), 10);
    expect(r.value.hits[1].score).toBeCloseTo(bm25(1, 1, 1), 10);
  });

  it("counts documents and lengths within the scope only", () => {
    const withBranch = buildRecallIndex({
      entries: [user("A", null, "alpha beta"), user("X", null, "alpha alpha alpha"), user("B", "A", "alpha alpha"), user("C", "B", "gamma")],
      leafId: "C",
    });
    const r = search(withBranch, "alpha");
    if (!r.ok) throw new Error(r.message);
    expect(r.value.hits[0].score).toBeCloseTo(bm25(2, 2, 2), 10);
  });

  it("equal scores keep chronological order", () => {
    const tie = buildRecallIndex({ entries: [user("A", null, "delta one"), user("B", "A", "delta two"), user("C", "B", "delta six")] });
    const r = search(tie, "delta");
    expect(r.ok && r.value.hits.map((h) => h.entryId)).toEqual(["A", "B", "C"]);
  });
});
