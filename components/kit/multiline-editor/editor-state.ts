// A multi-line text editor as a pure reducer, after pi's own editor (pi-tui Editor): the text is a
// list of lines and a cursor; Left/Right cross line ends, Up/Down move by visual (wrapped) rows and
// keep their column, Up on the first row goes to the line start and Down on the last to the end.
// Pasted text keeps its line breaks (CRLF and CR become LF, tabs four spaces, other controls dropped).
import { columnOfOffset, graphemes, offsetAtColumn, rowOfOffset, wrapStarts } from "./editor-layout.js";

export interface EditorState {
  /** Never empty: an empty text is one empty line. No line holds a line break or a control character. */
  lines: readonly string[];
  /** Cursor: the line, and a UTF-16 offset in it on a grapheme boundary. */
  line: number;
  col: number;
  /** The display column a run of Up/Down keys aims for; null after any other key. */
  goal: number | null;
}

export type EditorAction =
  | { type: "insert"; text: string }
  | { type: "newline" }
  | { type: "backspace" }
  | { type: "delete" }
  | { type: "deleteWordBackward" }
  | { type: "deleteToLineStart" }
  | { type: "deleteToLineEnd" }
  | { type: "left" }
  | { type: "right" }
  | { type: "wordLeft" }
  | { type: "wordRight" }
  | { type: "lineStart" }
  | { type: "lineEnd" }
  /** Vertical moves need the wrap width (text columns) to find the visual rows. */
  | { type: "up"; width: number }
  | { type: "down"; width: number };

/** Text as pi's editor stores it: LF line breaks, tabs as four spaces, no other control characters. */
export function normalizeTyped(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, "    ")
    .replace(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/g, "");
}

/** An editor holding `text` with the cursor at its end. */
export function initEditor(text = ""): EditorState {
  const lines = normalizeTyped(text).split("\n");
  return { lines, line: lines.length - 1, col: lines[lines.length - 1].length, goal: null };
}

/** The text, lines joined with LF. */
export const editorText = (s: EditorState): string => s.lines.join("\n");

/** The grapheme boundary before / after `col` (col itself at the ends). */
function prevBoundary(line: string, col: number): number {
  let prev = 0;
  for (const g of graphemes(line)) {
    if (g.at >= col) break;
    prev = g.at;
  }
  return Math.min(prev, col);
}

function nextBoundary(line: string, col: number): number {
  for (const g of graphemes(line)) if (g.at > col) return g.at;
  return line.length;
}

const isSpace = (ch: string): boolean => /\s/.test(ch);

function wordLeftOf(line: string, col: number): number {
  let at = col;
  while (at > 0 && isSpace(line[at - 1])) at--;
  while (at > 0 && !isSpace(line[at - 1])) at--;
  return at;
}

function wordRightOf(line: string, col: number): number {
  let at = col;
  while (at < line.length && isSpace(line[at])) at++;
  while (at < line.length && !isSpace(line[at])) at++;
  return at;
}

const at = (s: EditorState, line: number, col: number): EditorState => ({ lines: s.lines, line, col, goal: null });

function replaceLines(s: EditorState, from: number, to: number, replacement: string[], line: number, col: number): EditorState {
  return { lines: [...s.lines.slice(0, from), ...replacement, ...s.lines.slice(to + 1)], line, col, goal: null };
}

function insert(s: EditorState, text: string): EditorState {
  const clean = normalizeTyped(text);
  if (clean === "") return s;
  const current = s.lines[s.line];
  const pieces = clean.split("\n");
  pieces[0] = current.slice(0, s.col) + pieces[0];
  const lastLine = s.line + pieces.length - 1;
  const col = pieces[pieces.length - 1].length;
  pieces[pieces.length - 1] += current.slice(s.col);
  return replaceLines(s, s.line, s.line, pieces, lastLine, col);
}

function backspace(s: EditorState): EditorState {
  const current = s.lines[s.line];
  if (s.col > 0) {
    const from = prevBoundary(current, s.col);
    return replaceLines(s, s.line, s.line, [current.slice(0, from) + current.slice(s.col)], s.line, from);
  }
  if (s.line === 0) return s;
  const previous = s.lines[s.line - 1];
  return replaceLines(s, s.line - 1, s.line, [previous + current], s.line - 1, previous.length);
}

function deleteForward(s: EditorState): EditorState {
  const current = s.lines[s.line];
  if (s.col < current.length) {
    return replaceLines(s, s.line, s.line, [current.slice(0, s.col) + current.slice(nextBoundary(current, s.col))], s.line, s.col);
  }
  if (s.line === s.lines.length - 1) return s;
  return replaceLines(s, s.line, s.line + 1, [current + s.lines[s.line + 1]], s.line, s.col);
}

/** Delete from `from` to the cursor on the cursor's line; at the line start, join with the line above. */
function deleteBack(s: EditorState, from: number): EditorState {
  if (s.col === 0) return backspace(s);
  const current = s.lines[s.line];
  return replaceLines(s, s.line, s.line, [current.slice(0, from) + current.slice(s.col)], s.line, from);
}

function vertical(s: EditorState, delta: 1 | -1, width: number): EditorState {
  const starts = wrapStarts(s.lines[s.line], width);
  const row = rowOfOffset(starts, s.col);
  const goal = s.goal ?? columnOfOffset(s.lines[s.line], starts, s.col);
  const targetRow = row + delta;
  if (targetRow >= 0 && targetRow < starts.length) {
    return { ...at(s, s.line, offsetAtColumn(s.lines[s.line], starts, targetRow, goal)), goal };
  }
  const targetLine = s.line + delta;
  // pi: Up on the first visual row goes to the line start, Down on the last to the line end.
  if (targetLine < 0) return at(s, s.line, 0);
  if (targetLine >= s.lines.length) return at(s, s.line, s.lines[s.line].length);
  const targetStarts = wrapStarts(s.lines[targetLine], width);
  const landing = delta < 0 ? targetStarts.length - 1 : 0;
  return { ...at(s, targetLine, offsetAtColumn(s.lines[targetLine], targetStarts, landing, goal)), goal };
}

function horizontal(s: EditorState, delta: 1 | -1): EditorState {
  const current = s.lines[s.line];
  if (delta < 0) {
    if (s.col > 0) return at(s, s.line, prevBoundary(current, s.col));
    return s.line > 0 ? at(s, s.line - 1, s.lines[s.line - 1].length) : at(s, s.line, 0);
  }
  if (s.col < current.length) return at(s, s.line, nextBoundary(current, s.col));
  return s.line < s.lines.length - 1 ? at(s, s.line + 1, 0) : at(s, s.line, s.col);
}

export function editorReducer(s: EditorState, action: EditorAction): EditorState {
  const current = s.lines[s.line];
  switch (action.type) {
    case "insert":
      return insert(s, action.text);
    case "newline":
      return replaceLines(s, s.line, s.line, [current.slice(0, s.col), current.slice(s.col)], s.line + 1, 0);
    case "backspace":
      return backspace(s);
    case "delete":
      return deleteForward(s);
    case "deleteWordBackward":
      return deleteBack(s, wordLeftOf(current, s.col));
    case "deleteToLineStart":
      return deleteBack(s, 0);
    case "deleteToLineEnd":
      return s.col < current.length ? replaceLines(s, s.line, s.line, [current.slice(0, s.col)], s.line, s.col) : deleteForward(s);
    case "left":
      return horizontal(s, -1);
    case "right":
      return horizontal(s, 1);
    case "wordLeft":
      return s.col === 0 ? horizontal(s, -1) : at(s, s.line, wordLeftOf(current, s.col));
    case "wordRight":
      return s.col === current.length ? horizontal(s, 1) : at(s, s.line, wordRightOf(current, s.col));
    case "lineStart":
      return at(s, s.line, 0);
    case "lineEnd":
      return at(s, s.line, current.length);
    case "up":
      return vertical(s, -1, action.width);
    case "down":
      return vertical(s, 1, action.width);
  }
}
