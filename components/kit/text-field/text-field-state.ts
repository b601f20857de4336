// A one-line text field as a pure reducer: the value and a cursor. It is the multi-line editor's
// reducer held to one line (the same grapheme-aware moves and deletes), so the two cannot differ in
// how a key edits. Every one-line input of the app (label editor, recall query) edits through it,
// from keys the router delivers one at a time; none reads stdin itself.
import { editorReducer, type EditorAction } from "../multiline-editor/editor-state.js";
import { sanitizeInline } from "../sanitize.js";

export interface TextFieldState {
  /** Inert text: no line breaks, no control characters (drawn as it is). */
  value: string;
  /** UTF-16 offset of the cursor, on a grapheme boundary. */
  cursor: number;
}

/** The edits a one-line field takes: the editor's, less those that only make sense across lines. */
export type TextFieldAction = Exclude<EditorAction, { type: "newline" } | { type: "up" } | { type: "down" }>;

/** A field holding `value` (made inert) with the cursor at its end. */
export function initTextField(value = ""): TextFieldState {
  const clean = oneLine(value);
  return { value: clean, cursor: clean.length };
}

/** Line breaks become spaces (a paste into a one-line field), then the text is made inert. */
const oneLine = (text: string): string => sanitizeInline(text.replace(/\r\n?|\n/g, " "));

export function textFieldReducer(s: TextFieldState, action: TextFieldAction): TextFieldState {
  const edit = action.type === "insert" ? { type: "insert" as const, text: oneLine(action.text) } : action;
  const next = editorReducer({ lines: [s.value], line: 0, col: s.cursor, goal: null }, edit);
  const value = next.lines[0];
  return value === s.value && next.col === s.cursor ? s : { value, cursor: next.col };
}
