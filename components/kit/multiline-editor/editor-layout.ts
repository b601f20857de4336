// Where the text of a multi-line editor lands on screen: each line word-wrapped to the width, the
// cursor's visual row and column, and the window of rows that fits the height. Positions are measured
// on the sanitized form of a line (what is drawn); the sanitizer maps one UTF-16 unit to one unit for
// text without line breaks, so an offset in the drawn line is the same offset in the typed line.
import { sanitizeInline } from "../sanitize.js";
import { displayWidth } from "../text-width.js";

/** One drawable unit (grapheme cluster) of a line and where it starts. */
export interface Grapheme {
  at: number;
  text: string;
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;
let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of a line, with their offsets. */
export function graphemes(line: string): Grapheme[] {
  if (PLAIN_ASCII.test(line)) return Array.from(line, (text, at) => ({ at, text }));
  segmenter ??= new Intl.Segmenter();
  return Array.from(segmenter.segment(line), (s) => ({ at: s.index, text: s.segment }));
}

/** The line as it is drawn: controls as glyphs, bidi marks as U+FFFD (same length as `line`). */
export const drawnLine = (line: string): string => sanitizeInline(line);

/**
 * Offsets where the visual rows of `line` start when wrapped to `width` columns: at the last space
 * when a word fits, else hard. A space that overflows hangs at the end of its row (the caller keeps
 * one spare column for it and for the cursor), so every typed character is on some row.
 */
export function wrapStarts(line: string, width: number): number[] {
  const max = Math.max(1, width);
  const starts = [0];
  let col = 0;
  let breakAt = -1;
  let colAtBreak = 0;
  for (const g of graphemes(drawnLine(line))) {
    const w = displayWidth(g.text);
    if (col + w > max && col > 0) {
      if (g.text === " ") {
        starts.push(g.at + 1);
        col = 0;
        breakAt = -1;
        continue;
      }
      if (breakAt > starts[starts.length - 1]) {
        starts.push(breakAt);
        col -= colAtBreak;
        breakAt = -1;
      }
      if (col + w > max && col > 0) {
        starts.push(g.at);
        col = 0;
        breakAt = -1;
      }
    }
    col += w;
    if (g.text === " ") {
      breakAt = g.at + 1;
      colAtBreak = col;
    }
  }
  return starts;
}

/** The visual row (index into `starts`) an offset is drawn on: a wrap point belongs to the row it starts. */
export function rowOfOffset(starts: readonly number[], offset: number): number {
  let row = 0;
  while (row + 1 < starts.length && starts[row + 1] <= offset) row++;
  return row;
}

/** Display column of `offset` within its visual row. */
export function columnOfOffset(line: string, starts: readonly number[], offset: number): number {
  const start = starts[rowOfOffset(starts, offset)];
  return displayWidth(drawnLine(line).slice(start, offset));
}

/**
 * The offset on visual row `row` of `line` closest to column `goal` without passing it. The last row
 * of a line reaches the line's end; an earlier row stops on its last character (its end is the next
 * row's start).
 */
export function offsetAtColumn(line: string, starts: readonly number[], row: number, goal: number): number {
  const start = starts[row];
  const last = row === starts.length - 1;
  const end = last ? line.length : starts[row + 1];
  const units = graphemes(drawnLine(line).slice(start, end));
  let col = 0;
  for (const g of units) {
    const w = displayWidth(g.text);
    if (col + w > goal) return start + g.at;
    col += w;
  }
  if (last || units.length === 0) return end;
  return start + units[units.length - 1].at;
}

/** One visual row of the whole text. */
export interface VisualRow {
  line: number;
  start: number;
  end: number;
}

/** Every visual row of the text, top to bottom. */
export function visualRows(lines: readonly string[], width: number): VisualRow[] {
  const rows: VisualRow[] = [];
  lines.forEach((line, index) => {
    const starts = wrapStarts(line, width);
    starts.forEach((start, r) => rows.push({ line: index, start, end: r + 1 < starts.length ? starts[r + 1] : line.length }));
  });
  return rows;
}

/** The first row to show so that `cursorRow` is visible, moving the window as little as possible. */
export function scrollToShow(scroll: number, cursorRow: number, height: number, total: number): number {
  const rows = Math.max(1, height);
  let top = Math.min(scroll, Math.max(0, total - rows));
  if (cursorRow < top) top = cursorRow;
  if (cursorRow >= top + rows) top = cursorRow - rows + 1;
  return Math.max(0, top);
}

/** What the view draws: the visible rows, the cursor split around its character, and the scroll marks. */
export interface EditorWindow {
  /** Drawn (sanitized) text of each visible row. */
  rows: string[];
  /** The cursor's row among `rows`, and that row cut before, at and after the cursor (`at` is " " at a line end). */
  cursor: { row: number; before: string; at: string; after: string };
  /** The first visible row; rows hidden above and below. */
  scroll: number;
  above: number;
  below: number;
}

/** The window of `height` rows over the text wrapped to `width`, scrolled from `scroll` just enough to show the cursor. */
export function editorWindow(state: { lines: readonly string[]; line: number; col: number }, width: number, height: number, scroll: number): EditorWindow {
  const all = visualRows(state.lines, width);
  let cursorRow = 0;
  for (let i = 0; i < all.length; i++) {
    if (all[i].line === state.line && all[i].start <= state.col) cursorRow = i;
    else if (all[i].line > state.line) break;
  }
  const rows = Math.max(1, height);
  const top = scrollToShow(scroll, cursorRow, rows, all.length);
  const visible = all.slice(top, top + rows);
  const drawn = visible.map((r) => drawnLine(state.lines[r.line]).slice(r.start, r.end));
  const cursorRowText = drawnLine(state.lines[state.line]).slice(all[cursorRow].start, all[cursorRow].end);
  const local = state.col - all[cursorRow].start;
  // At a line end the cursor is drawn on a blank cell (the column the wrap width keeps spare).
  const under = local < cursorRowText.length ? graphemes(cursorRowText.slice(local))[0].text : "";
  return {
    rows: drawn,
    cursor: { row: cursorRow - top, before: cursorRowText.slice(0, local), at: under || " ", after: cursorRowText.slice(local + under.length) },
    scroll: top,
    above: top,
    below: Math.max(0, all.length - top - visible.length),
  };
}
