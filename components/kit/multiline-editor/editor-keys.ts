// Keys of the multi-line editor, after pi's defaults, as one table: editorCommand dispatches from it
// and the help overlay lists it, so the two cannot drift. Enter submits; Shift+Enter, Alt+Enter and
// Ctrl+J insert a newline. Shift+Enter reaches us only from terminals that send it apart from Enter
// (kitty keyboard protocol); elsewhere pi's fallback works: a "\" before the cursor turns Enter into a newline.
import { bindingLookup, TYPED_TEXT, type Binding, type TextBinding } from "../bindings.js";
import type { KeyName, KeyPress } from "../keys.js";
import type { EditorAction, EditorState } from "./editor-state.js";

export type EditorCommand =
  | { kind: "edit"; actions: EditorAction[] }
  | { kind: "submit" }
  /** Not the editor's key: the screen around it decides. */
  | { kind: "pass" }
  /** Swallowed without effect (a command key the editor has no use for). */
  | { kind: "ignore" };

/** An edit whose action needs nothing from the moment of the key press. */
type FixedAction = Exclude<EditorAction, { type: "up" } | { type: "down" }>;

/** What a binding does: a fixed edit, a move by visual rows (needs the wrap width), or Enter's submit. */
export type EditorKeyRun = { edit: FixedAction } | { move: "up" | "down" } | "submit";

export type EditorBinding = Binding<EditorKeyRun>;

export const EDITOR_BINDINGS: EditorBinding[] = [
  { keys: ["enter"], help: "submit; right after a \\ it starts a new line instead (pi's fallback for Shift+Enter)", run: "submit", footer: "submit" },
  // "\n" is what a terminal without the kitty protocol sends for Ctrl+J; "ctrl+j" comes with it.
  { keys: ["ctrl+j", "\n", "alt+enter"], help: "new line", run: { edit: { type: "newline" } }, footer: "newline" },
  // keys.ts reports it as "shift+enter" when the terminal sends it apart from Enter (kitty protocol).
  { keys: ["shift+enter"], help: "new line, in terminals that tell Shift+Enter from Enter (kitty keyboard protocol); elsewhere type \\ then Enter", run: { edit: { type: "newline" } } },
  { keys: ["up"], help: "up one row (on the first row: start of the line)", run: { move: "up" } },
  { keys: ["down"], help: "down one row (on the last row: end of the line)", run: { move: "down" } },
  { keys: ["left", "ctrl+b"], help: "cursor left (across line ends)", run: { edit: { type: "left" } } },
  { keys: ["right", "ctrl+f"], help: "cursor right (across line ends)", run: { edit: { type: "right" } } },
  { keys: ["ctrl+left", "alt+left", "alt+b"], help: "one word left", run: { edit: { type: "wordLeft" } } },
  { keys: ["ctrl+right", "alt+right", "alt+f"], help: "one word right", run: { edit: { type: "wordRight" } } },
  { keys: ["home", "ctrl+a"], help: "start of the line", run: { edit: { type: "lineStart" } } },
  { keys: ["end", "ctrl+e"], help: "end of the line", run: { edit: { type: "lineEnd" } } },
  { keys: ["backspace"], help: "delete before the cursor (at a line start: join with the line above)", run: { edit: { type: "backspace" } } },
  { keys: ["ctrl+d"], help: "delete under the cursor (at a line end: join with the line below)", run: { edit: { type: "delete" } } },
  { keys: ["ctrl+w", "ctrl+backspace", "alt+backspace"], help: "delete the word before the cursor", run: { edit: { type: "deleteWordBackward" } } },
  { keys: ["ctrl+u"], help: "delete to the start of the line", run: { edit: { type: "deleteToLineStart" } } },
  { keys: ["ctrl+k"], help: "delete to the end of the line", run: { edit: { type: "deleteToLineEnd" } } },
  // A tab (typed, or split out of a paste by the router) becomes four spaces, as pi stores it.
  { keys: ["tab"], help: "insert a tab (kept as four spaces, as pi does)", run: { edit: { type: "insert", text: "\t" } } },
];

/** Typed text and pastes. */
export const EDITOR_TEXT: TextBinding = { keys: [TYPED_TEXT], help: "type at the cursor; a paste keeps its line breaks" };

/** Keys the editor leaves to the screen around it (cancel, scrolling); that screen's table lists them. */
export const EDITOR_PASSED_KEYS: readonly KeyName[] = ["escape", "ctrl+c", "pageup", "pagedown"];

const PASSED = new Set<KeyName | "">(EDITOR_PASSED_KEYS);
const EDITOR = bindingLookup(EDITOR_BINDINGS);

const edit = (...actions: EditorAction[]): EditorCommand => ({ kind: "edit", actions });

/** What a key does to the editor; `width` is the wrap width (Up/Down move by visual rows). */
export function editorCommand(key: KeyPress, state: EditorState, width: number): EditorCommand {
  if (PASSED.has(key.name)) return { kind: "pass" };
  const run = EDITOR(key.name);
  if (run === "submit") {
    return state.col > 0 && state.lines[state.line][state.col - 1] === "\\" ? edit({ type: "backspace" }, { type: "newline" }) : { kind: "submit" };
  }
  if (run !== null) return "move" in run ? edit({ type: run.move, width }) : edit(run.edit);
  // Pasted text arrives as one press; `lines` keeps the line breaks the router folded into spaces.
  const text = key.lines ?? key.text;
  return text !== "" ? edit({ type: "insert", text }) : { kind: "ignore" };
}
