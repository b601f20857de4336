// The cut walk looks for valid cut points only around where the budget walk stopped; pi lists every
// valid cut point of the range first and picks from the list. Both must pick the same index.
import { describe, expect, it } from "vitest";
import { chooseCut, type CutWalk } from "../../src/engine/compaction/cut-walk.js";
import { seededRandom } from "../support/seeded-random.mjs";

/** pi's way: every cut point of [start, end) first, then the walk, then the pick from the list. */
function chooseFromList(walk: CutWalk): { cutIndex: number; budgetHitIndex: number; rule: string } | undefined {
  const cutPoints: number[] = [];
  for (let i = walk.startIndex; i < walk.endIndex; i++) if (walk.isCutPoint(i)) cutPoints.push(i);
  if (cutPoints.length === 0) return undefined;
  let accumulated = 0;
  for (let i = walk.endIndex - 1; i >= walk.startIndex; i--) {
    const tokens = walk.tokensAt(i);
    if (tokens === undefined) continue;
    accumulated += tokens;
    if (accumulated >= walk.keepRecentTokens) {
      const after = cutPoints.find((c) => c >= i);
      if (after !== undefined) return { cutIndex: after, budgetHitIndex: i, rule: "at-or-after" };
      return { cutIndex: walk.fallback === "last" ? cutPoints[cutPoints.length - 1] : cutPoints[0], budgetHitIndex: i, rule: walk.fallback };
    }
  }
  return { cutIndex: cutPoints[0], budgetHitIndex: -1, rule: "budget-not-reached" };
}

function randomWalk(seed: number): CutWalk {
  const rnd = seededRandom(seed);
  const length = Math.floor(rnd() * 40);
  const density = rnd();
  const cut = Array.from({ length }, () => rnd() < density * 0.6);
  // undefined: an entry the walk skips (no tokens in 1.6, not a message in 0.73); 0 counts in 0.73.
  const tokens = Array.from({ length }, () => (rnd() < 0.25 ? undefined : Math.floor(rnd() * 60)));
  const startIndex = length === 0 ? 0 : Math.floor(rnd() * Math.min(length, 5));
  return {
    startIndex,
    endIndex: length,
    keepRecentTokens: Math.floor(rnd() * 400),
    isCutPoint: (i) => cut[i],
    tokensAt: (i) => tokens[i],
    fallback: rnd() < 0.5 ? "last" : "first",
  };
}

describe("chooseCut", () => {
  it("picks what pi's full list of cut points picks, on 5,000 random ranges", () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const walk = randomWalk(seed);
      expect(chooseCut(walk), `seed ${seed}`).toEqual(chooseFromList(walk));
    }
  });

  it("tests only the entries near the cut on a long range, not every entry", () => {
    const length = 15_000;
    let tested = 0;
    const walk: CutWalk = {
      startIndex: 0,
      endIndex: length,
      keepRecentTokens: 2_000,
      isCutPoint: (i) => {
        tested++;
        return i % 4 === 0;
      },
      tokensAt: () => 50,
      fallback: "last",
    };
    expect(chooseCut(walk)).toEqual({ cutIndex: length - 40, budgetHitIndex: length - 40, rule: "at-or-after" });
    expect(tested).toBeLessThan(10);
  });
});
