// The shape every cut-point search returns.

export interface CutTrace {
  /** Index where the newest-first accumulation reached the budget; -1 when it never did. */
  budgetHitIndex: number;
  /** The cut before the metadata back-scan. */
  cutBeforeBackScan: number;
  /**
   * How the cut was chosen: the first cut point at or after the budget hit ("at-or-after"),
   * none after it so the first ("first", 0.73) or last ("last", 1.6) cut point, or the budget
   * was never reached ("budget-not-reached").
   */
  rule: "at-or-after" | "first" | "last" | "budget-not-reached" | "no-cut-points";
  /** Entries the back-scan absorbed (metadata just before the cut). */
  absorbed: number;
  /** 1.6 projected cut: moved past an omitted recovery attempt. */
  recoveryAdvance: boolean;
}

export interface CutPointResult {
  firstKeptEntryIndex: number;
  /** Start of the turn the cut splits; -1 when the cut starts a turn. */
  turnStartIndex: number;
  isSplitTurn: boolean;
  trace: CutTrace;
}
