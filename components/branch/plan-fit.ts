// How the flow's rows are shared between the plan and the stage below it. The stage's keys and
// choices must always be on screen, so the plan gives way first: the spacer goes, then plan lines
// are dropped from the bottom behind a "▼N more" hint (PgUp/PgDn scroll them back into view).
import type { BranchFlowState } from "./branch-flow-state.js";

/** Rows each stage needs to stay usable: its title, its choices or input, and its key hint. */
export const STAGE_MIN_ROWS: Record<BranchFlowState["stage"], number> = {
  choose: 5,
  /** Title, note, two rows of the multi-line editor, key hint. */
  instructions: 5,
  noSummary: 4,
  nothingToSummarize: 4,
  preview: 5,
  closed: 5,
};

/** Rows the full context diff needs when it covers the stage. */
export const FULL_DIFF_MIN_ROWS = 6;

export interface PlanFit {
  /** Plan lines to draw, the "▼N more" hint included when lines are hidden. */
  lines: string[];
  /** Whether a blank spacer line fits between the plan and the stage. */
  spacer: boolean;
  /** Rows left for the stage. */
  bodyHeight: number;
  /** The first plan line shown (clamped scroll). */
  scroll: number;
  /** How far the plan can scroll. */
  maxScroll: number;
}

/**
 * Fit the plan into `height` rows (title row included) leaving at least `bodyMin` for the stage.
 * `scroll` is the first plan line the user asked to see; `scrollKeys` names the keys that scroll it
 * (empty while another part of the flow owns those keys).
 */
export function fitPlan(plan: readonly string[], height: number, bodyMin: number, scroll = 0, scrollKeys = ""): PlanFit {
  const belowTitle = Math.max(0, height - 1);
  const body = Math.min(bodyMin, belowTitle);
  const room = belowTitle - body;
  if (plan.length + 1 <= room) return { lines: [...plan], spacer: true, bodyHeight: belowTitle - plan.length - 1, scroll: 0, maxScroll: 0 };
  if (plan.length <= room) return { lines: [...plan], spacer: false, bodyHeight: belowTitle - plan.length, scroll: 0, maxScroll: 0 };
  if (room <= 0) return { lines: [], spacer: false, bodyHeight: belowTitle, scroll: 0, maxScroll: 0 };
  // One row goes to the hint; the rest is a window over the plan.
  const window = room - 1;
  const maxScroll = Math.max(0, plan.length - window);
  const first = Math.max(0, Math.min(scroll, maxScroll));
  const above = first;
  const below = plan.length - first - window;
  const hint = [above > 0 ? `▲${above}` : "", below > 0 ? `▼${below} more` : ""].filter(Boolean).join(" ");
  return {
    lines: [...plan.slice(first, first + window), `${hint}${scrollKeys ? ` (${scrollKeys})` : ""}`],
    spacer: false,
    bodyHeight: body,
    scroll: first,
    maxScroll,
  };
}
