// A result drawn as one-row lines of toned cells: segment headings, hits with their highlighted
// snippets, context entries, elisions. Each line records which selectable item it belongs to, so
// the view can mark the selection and keep it inside the visible window.
import { countNoun, type RecallEntryView, type RecallLabel, type RecallSegment, type SegmentLine } from "../../src/engine/index.js";
import type { Cell, Tone } from "../kit/cell.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { displayWidth, sliceColumns } from "../kit/text-width.js";
import { highlightLines } from "./highlight.js";
import type { RecallOutcome } from "./run-recall.js";

export interface ResultLine {
  cells: Cell[];
  /** Index of the selectable item (see resultItems) this line draws, or null. */
  item: number | null;
}

export interface ResultLayout {
  lines: ResultLine[];
  /** First and last line of each item. */
  itemSpans: { first: number; last: number }[];
}

const LABEL_TONE: Record<RecallLabel, Tone> = { "abandoned branch": "warning", compacted: "custom", forgotten: "muted" };
const SNIPPET_INDENT = "      ";

/**
 * `3a4c0d52 #12 user [abandoned branch] files:[a.ts]`: the entry id as the tree shows it, the
 * message number the compiled summary cites (#N), who said it and where it sits.
 */
export function entryHeadCells(entry: RecallEntryView): Cell[] {
  const cells: Cell[] = [
    { text: sanitizeInline(entry.entryId.slice(0, 8)), tone: "accent" },
    ...(entry.ref !== null ? [{ text: ` #${entry.ref}`, tone: "muted" as Tone }] : []),
    { text: ` ${entry.role}`, tone: entry.role === "user" ? "success" : "plain", bold: entry.role === "user" },
  ];
  for (const label of entry.labels) cells.push({ text: ` [${label}]`, tone: LABEL_TONE[label] });
  if (entry.files.length) cells.push({ text: sanitizeInline(` files:[${entry.files.join(", ")}]`), tone: "muted" });
  return cells;
}

const marker = (item: number | null, selected: number, hit: boolean): Cell => {
  if (item !== null && item === selected) return { text: "› ", tone: "accent", bold: true };
  return { text: hit ? "> " : "  ", tone: "muted" };
};

function segmentHeading(seg: RecallSegment): Cell[] {
  const range =
    seg.firstRef === null ? "" : seg.lastRef !== null && seg.lastRef !== seg.firstRef ? `#${seg.firstRef}-#${seg.lastRef} ` : `#${seg.firstRef} `;
  const count = seg.matchCount === seg.entryCount ? "" : `· ${seg.matchCount} of ${seg.entryCount} entries match `;
  return [{ text: `── ${range}${count}──`, tone: "border" }];
}

/**
 * A snippet line whose first hit lies past `room` columns, shifted so the hit shows ("…" marks the
 * cut): the match must be on screen, not only the text before it.
 */
export function showFirstHit(cells: Cell[], room: number): Cell[] {
  let before = 0;
  for (const cell of cells) {
    if (cell.hit) break;
    before += displayWidth(cell.text);
  }
  const lead = Math.max(0, Math.floor(room / 3));
  if (before <= room - lead || before === displayWidth(cells.map((c) => c.text).join(""))) return cells;
  let drop = before - lead + 1;
  const out: Cell[] = [{ text: "…", tone: "dim" }];
  for (const cell of cells) {
    const w = displayWidth(cell.text);
    if (drop >= w) {
      drop -= w;
      continue;
    }
    out.push(drop > 0 ? { ...cell, text: sliceColumns(cell.text, drop, w - drop) } : cell);
    drop = 0;
  }
  return out;
}

export function resultLayout(outcome: RecallOutcome | null, selected: number, width = Number.POSITIVE_INFINITY): ResultLayout {
  const lines: ResultLine[] = [];
  const itemSpans: { first: number; last: number }[] = [];
  if (outcome === null || outcome.kind === "error") return { lines, itemSpans };
  const oneLine = (entry: RecallEntryView, item: number | null, hit: boolean) => {
    const summary = { text: ` ${sanitizeInline(entry.summary)}`, tone: (item === null ? "dim" : "plain") as Tone };
    lines.push({ cells: [marker(item, selected, hit), ...entryHeadCells(entry), summary], item });
  };
  if (outcome.kind === "browse") {
    outcome.page.entries.forEach((entry, i) => {
      itemSpans.push({ first: lines.length, last: lines.length });
      oneLine(entry, i, false);
    });
    return { lines, itemSpans };
  }
  outcome.page.segments.forEach((seg, s) => {
    if (s > 0) lines.push({ cells: [{ text: "", tone: "plain" }], item: null });
    lines.push({ cells: segmentHeading(seg), item: null });
    for (const line of seg.lines) drawSegmentLine(line);
  });
  return { lines, itemSpans };

  function drawSegmentLine(line: SegmentLine): void {
    if (line.kind === "elided") {
      lines.push({ cells: [{ text: `    … ${countNoun(line.count, "more entry", "more entries")}`, tone: "dim" }], item: null });
      return;
    }
    if (!line.hit) return oneLine(line.entry, null, false);
    const item = itemSpans.length;
    const first = lines.length;
    const snippet = line.hit.snippet;
    if (!snippet) oneLine(line.entry, item, true);
    else {
      lines.push({ cells: [marker(item, selected, true), ...entryHeadCells(line.entry)], item });
      if (snippet.linesAbove) lines.push({ cells: [{ text: `${SNIPPET_INDENT}…(${countNoun(snippet.linesAbove, "line")} above)`, tone: "dim" }], item });
      for (const cells of highlightLines(snippet.text, snippet.highlights)) {
        lines.push({ cells: [{ text: SNIPPET_INDENT, tone: "plain" }, ...showFirstHit(cells, width - SNIPPET_INDENT.length)], item });
      }
      if (snippet.linesBelow) lines.push({ cells: [{ text: `${SNIPPET_INDENT}…(${countNoun(snippet.linesBelow, "line")} below)`, tone: "dim" }], item });
    }
    itemSpans.push({ first, last: lines.length - 1 });
  }
}

/**
 * First line of a window of `height` lines that shows the selected item: its head a third of the
 * way down when possible, the whole item when it fits, clamped to the list.
 */
export function windowStart(layout: ResultLayout, selected: number, height: number): number {
  const total = layout.lines.length;
  if (total <= height) return 0;
  const span = layout.itemSpans[selected];
  if (!span) return 0;
  let start = span.first - Math.floor(height / 3);
  if (span.last - start >= height) start = span.last - height + 1;
  if (start > span.first) start = span.first;
  return Math.max(0, Math.min(start, total - height));
}
