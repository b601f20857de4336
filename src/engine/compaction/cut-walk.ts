// The walk both cut searches share (raw path entries, and 1.6's projection): newest first until the
// budget is reached, then the valid cut point pi takes. pi lists every valid cut point of the path
// first; on a 15,000-entry path the walk stops after a few hundred entries, so the cut points are
// looked for only around where it stopped, which picks the same index.
import type { CutTrace } from "./cut-types.js";

export interface CutWalk {
  startIndex: number;
  endIndex: number;
  keepRecentTokens: number;
  isCutPoint(index: number): boolean;
  /** Tokens the entry at `index` adds to the accumulation; undefined when the walk skips it. */
  tokensAt(index: number): number | undefined;
  /** No cut point at or after the budget hit: 1.6 takes the last cut point, 0.73 the first. */
  fallback: "last" | "first";
}

export interface CutChoice {
  cutIndex: number;
  budgetHitIndex: number;
  rule: CutTrace["rule"];
}

function firstCutPoint(walk: CutWalk, from: number, to: number): number | undefined {
  for (let i = from; i < to; i++) if (walk.isCutPoint(i)) return i;
  return undefined;
}

function lastCutPoint(walk: CutWalk, from: number, to: number): number | undefined {
  for (let i = to - 1; i >= from; i--) if (walk.isCutPoint(i)) return i;
  return undefined;
}

/** The cut before the metadata back-scan; undefined when [startIndex, endIndex) has no valid cut point. */
export function chooseCut(walk: CutWalk): CutChoice | undefined {
  const { startIndex, endIndex } = walk;
  let accumulated = 0;
  for (let i = endIndex - 1; i >= startIndex; i--) {
    const tokens = walk.tokensAt(i);
    if (tokens === undefined) continue;
    accumulated += tokens;
    if (accumulated < walk.keepRecentTokens) continue;
    const after = firstCutPoint(walk, i, endIndex);
    if (after !== undefined) return { cutIndex: after, budgetHitIndex: i, rule: "at-or-after" };
    // None at or after i: the last cut point of the range is the last one before i, the first is the first.
    const other = walk.fallback === "last" ? lastCutPoint(walk, startIndex, i) : firstCutPoint(walk, startIndex, i);
    return other === undefined ? undefined : { cutIndex: other, budgetHitIndex: i, rule: walk.fallback };
  }
  const first = firstCutPoint(walk, startIndex, endIndex);
  return first === undefined ? undefined : { cutIndex: first, budgetHitIndex: -1, rule: "budget-not-reached" };
}

/** The trace of a range without any valid cut point (the cut stays at its start). */
export const noCutPoints = (startIndex: number): CutTrace => ({ budgetHitIndex: -1, cutBeforeBackScan: startIndex, rule: "no-cut-points", absorbed: 0, recoveryAdvance: false });
