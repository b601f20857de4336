// The timeline as text that fits a width: vertical bars in eighth blocks, the auto-compaction
// threshold as a rule, a marker row (C compaction, B branch summary, > where the previewed cut would
// keep from), and a cursor row. Pure: the CLI prints it, the app draws the same lines.
import { formatTokensShort } from "../usage/format.js";
import type { TimelinePoint } from "./series.js";

export interface ChartOptions {
  /** Total width of every line (at least 12). */
  width: number;
  /** Rows of bars (at least 2). */
  height: number;
  /** contextWindow - reserveTokens: pi compacts above this. */
  threshold?: number;
  /** Index of the point where the previewed cut would keep from. */
  cutIndex?: number;
  /** Index of the point under the cursor. */
  cursor?: number;
}

export interface ChartLayout {
  /** Columns of the plot area and the point each column shows (the largest of its points). */
  columns: number;
  columnPoints: number[][];
  /** The column a point is drawn in. */
  columnOf(point: number): number;
}

const BLOCKS = " ▁▂▃▄▅▆▇█";
const AXIS = 7; // "999.9k┤" -> label width 6 + axis char

/** The threshold when the chart's scale includes it (within twice the data's peak), else undefined. */
export function thresholdInScale(dataMax: number, threshold: number | undefined): number | undefined {
  return threshold !== undefined && threshold > 0 && threshold <= Math.max(dataMax * 2, 1) ? threshold : undefined;
}

export function chartLayout(pointCount: number, width: number): ChartLayout {
  const avail = Math.max(1, width - AXIS);
  const n = Math.max(pointCount, 1);
  if (n <= avail) {
    // Fewer points than columns: each point is a bar `span` columns wide, so the chart fills the width.
    const span = Math.floor(avail / n);
    const columnPoints = Array.from({ length: span * n }, (_, c) => (pointCount === 0 ? [] : [Math.floor(c / span)]));
    return { columns: span * n, columnPoints, columnOf: (p) => p * span };
  }
  // More points than columns: each column shows the largest of its points; a point has one column.
  const columnPoints: number[][] = [];
  const pointColumn = new Int32Array(n);
  for (let c = 0; c < avail; c++) {
    const from = Math.floor((c * n) / avail);
    const to = Math.max(from + 1, Math.floor(((c + 1) * n) / avail));
    const list: number[] = [];
    for (let p = from; p < to && p < n; p++) {
      list.push(p);
      pointColumn[p] = c;
    }
    columnPoints.push(list);
  }
  return { columns: avail, columnPoints, columnOf: (p) => pointColumn[Math.max(0, Math.min(n - 1, p))] };
}

function niceTop(max: number): number {
  if (max <= 0) return 1000;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

export function timelineChart(points: readonly TimelinePoint[], options: ChartOptions): string[] {
  const width = Math.max(12, options.width);
  const height = Math.max(2, options.height);
  const layout = chartLayout(points.length, width);
  const dataMax = Math.max(0, ...points.map((p) => p.tokens));
  // The threshold sets the scale only when it is near the data; far above, it would flatten every bar.
  const top = niceTop(Math.max(dataMax, thresholdInScale(dataMax, options.threshold) ?? 0) * 1.02);
  const columnValue = layout.columnPoints.map((ps) => Math.max(0, ...ps.map((p) => points[p].tokens)));
  const thresholdRow = options.threshold === undefined || options.threshold <= 0 || options.threshold > top ? -1 : height - 1 - Math.min(height - 1, Math.floor((options.threshold / top) * height));
  const lines: string[] = [];
  for (let r = 0; r < height; r++) {
    const rowFloor = (height - 1 - r) * 8;
    let row = "";
    for (let c = 0; c < layout.columns; c++) {
      const eighths = Math.round((columnValue[c] / top) * height * 8);
      const fill = Math.max(0, Math.min(8, eighths - rowFloor));
      row += fill === 0 && r === thresholdRow ? "─" : BLOCKS[fill];
    }
    const labelValue = r === 0 ? top : r === thresholdRow ? (options.threshold ?? 0) : r === height - 1 ? 0 : null;
    const label = labelValue === null ? "" : formatTokensShort(Math.round(labelValue));
    lines.push(`${label.padStart(AXIS - 1)}${r === thresholdRow ? "┼" : labelValue === null ? "│" : "┤"}${row}`);
  }
  lines.push(`${" ".repeat(AXIS - 1)}└${"─".repeat(layout.columns)}`);
  let marks = "";
  for (let c = 0; c < layout.columns; c++) {
    // A point drawn several columns wide is marked in its first column only.
    const ps = layout.columnPoints[c].filter((p) => layout.columnOf(p) === c);
    const kinds = ps.map((p) => points[p].kind);
    marks += options.cutIndex !== undefined && options.cutIndex >= 0 && ps.includes(options.cutIndex) ? ">" : kinds.includes("compaction") ? "C" : kinds.includes("branch_summary") ? "B" : " ";
  }
  lines.push(`${" ".repeat(AXIS)}${marks}`.trimEnd());
  if (options.cursor !== undefined && points.length > 0) lines.push(`${" ".repeat(AXIS + layout.columnOf(options.cursor))}^`);
  const first = points[0]?.turn ?? 0;
  const last = points[points.length - 1]?.turn ?? 0;
  const left = `turn ${first}`;
  const right = `turn ${last}`;
  const gap = AXIS + layout.columns - left.length - right.length;
  lines.push(gap >= 1 ? `${left}${" ".repeat(gap)}${right}` : `${left}–${last}`);
  return lines;
}

/** One line explaining the marks, cut to the width. */
export function chartLegend(points: readonly TimelinePoint[], threshold: number | undefined, window: number | undefined, reserve: number | undefined, width: number): string {
  const parts: string[] = [];
  if (threshold !== undefined && window !== undefined && reserve !== undefined) {
    const shown = thresholdInScale(Math.max(0, ...points.map((p) => p.tokens)), threshold) !== undefined;
    parts.push(`${shown ? "─ " : ""}auto-compaction above ${formatTokensShort(threshold)}${shown ? "" : " (far above the chart)"} (window ${formatTokensShort(window)} − reserve ${formatTokensShort(reserve)})`);
  }
  parts.push("C compaction", "B branch summary", "> previewed cut keeps from here");
  const text = parts.join(" · ");
  return Array.from(text).length <= width ? text : `${Array.from(text).slice(0, Math.max(0, width - 1)).join("")}…`;
}
