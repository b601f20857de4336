// The multi-line editor behind "Summarize with custom prompt": its reducer (typing, newlines, pastes,
// deleting across lines, moving over wrapped and real lines), its layout (wrap, scroll window,
// cursor), pi's keys, and how the flow takes the typed text (submit, cancel).
import { describe, expect, it } from "vitest";
import { branchFlowReducer, type BranchFlowAction, type BranchFlowState } from "../../components/branch/branch-flow-state.js";
import { editorCommand } from "../../components/kit/multiline-editor/editor-keys.js";
import { editorWindow, wrapStarts } from "../../components/kit/multiline-editor/editor-layout.js";
import { editorReducer, editorText, initEditor, type EditorAction, type EditorState } from "../../components/kit/multiline-editor/editor-state.js";
import { displayWidth } from "../../components/kit/text-width.js";
import type { KeyName, KeyPress } from "../../components/kit/keys.js";

const run = (state: EditorState, ...actions: EditorAction[]): EditorState => actions.reduce(editorReducer, state);
const type = (state: EditorState, text: string): EditorState => run(state, { type: "insert", text });
const cursor = (s: EditorState) => [s.line, s.col];
const press = (name: KeyName | "", text = ""): KeyPress => ({ name, text });

describe("editor reducer: typing", () => {
  it("inserts at the cursor and starts a new line with newline, splitting the line where the cursor is", () => {
    let s = type(initEditor(), "hello world");
    s = run(s, { type: "left" }, { type: "left" }, { type: "left" }, { type: "left" }, { type: "left" }, { type: "newline" });
    expect(s.lines).toEqual(["hello ", "world"]);
    expect(cursor(s)).toEqual([1, 0]);
    s = type(s, "big ");
    expect(editorText(s)).toBe("hello \nbig world");
    expect(cursor(s)).toEqual([1, 4]);
  });

  it("keeps the line breaks of pasted text (CRLF and CR as LF), expands tabs and drops other controls", () => {
    const s = type(type(initEditor(), "> "), "one\r\ntwo\rthree\n\tfour\x1b[2J\x07");
    expect(s.lines).toEqual(["> one", "two", "three", "    four[2J"]);
    expect(cursor(s)).toEqual([3, "    four[2J".length]);
  });

  it("pastes into the middle of a line, the rest of the line following the pasted text", () => {
    const s = type(run(type(initEditor(), "AB"), { type: "left" }), "x\ny");
    expect(s.lines).toEqual(["Ax", "yB"]);
    expect(cursor(s)).toEqual([1, 1]);
  });

  it("starts from given text with the cursor at its end", () => {
    const s = initEditor("a\nbc");
    expect(s.lines).toEqual(["a", "bc"]);
    expect(cursor(s)).toEqual([1, 2]);
  });
});

describe("editor reducer: deleting", () => {
  it("backspace deletes a character, and at a line start joins the line to the one above", () => {
    let s = initEditor("ab\ncd");
    s = run(s, { type: "lineStart" }, { type: "backspace" });
    expect(s.lines).toEqual(["abcd"]);
    expect(cursor(s)).toEqual([0, 2]);
    s = run(s, { type: "backspace" });
    expect(s.lines).toEqual(["acd"]);
    expect(run(initEditor(), { type: "backspace" }).lines).toEqual([""]);
  });

  it("deletes a whole emoji (grapheme cluster) with one backspace", () => {
    const s = run(type(initEditor(), "a👍🏽"), { type: "backspace" });
    expect(editorText(s)).toBe("a");
  });

  it("forward delete joins the next line at a line end; Ctrl+K / Ctrl+U / Ctrl+W cut to end, start and word", () => {
    expect(run(initEditor("ab\ncd"), { type: "up", width: 40 }, { type: "lineEnd" }, { type: "delete" }).lines).toEqual(["abcd"]);
    const s = run(initEditor("one two three"), { type: "wordLeft" });
    expect(run(s, { type: "deleteToLineEnd" }).lines).toEqual(["one two "]);
    expect(run(s, { type: "deleteToLineStart" }).lines).toEqual(["three"]);
    expect(run(s, { type: "deleteWordBackward" }).lines).toEqual(["one three"]);
  });
});

describe("editor reducer: moving", () => {
  it("Left and Right cross line ends", () => {
    const s = initEditor("ab\ncd");
    expect(cursor(run(s, { type: "lineStart" }, { type: "left" }))).toEqual([0, 2]);
    expect(cursor(run(s, { type: "up", width: 40 }, { type: "lineEnd" }, { type: "right" }))).toEqual([1, 0]);
    expect(cursor(run(s, { type: "right" }))).toEqual([1, 2]);
  });

  it("Up and Down keep the column across real lines, clamped to shorter lines and remembered past them", () => {
    const s = initEditor("abcdef\nxy\nlmnopq");
    const up = run(s, { type: "left" }, { type: "up", width: 40 });
    expect(cursor(up)).toEqual([1, 2]); // "xy" is shorter than column 5
    expect(cursor(run(up, { type: "up", width: 40 }))).toEqual([0, 5]); // the goal column is kept
  });

  it("Up and Down move by wrapped rows inside one long line", () => {
    const width = 10;
    const line = "aaaa bbbb cccc dddd";
    expect(wrapStarts(line, width)).toEqual([0, 10]);
    const s = initEditor(line); // cursor at the end, on the second row, column 9
    const up = run(s, { type: "up", width });
    expect(cursor(up)).toEqual([0, 9]);
    expect(cursor(run(up, { type: "down", width }))).toEqual([0, line.length]);
  });

  it("Up on the first row goes to the line start, Down on the last row to the end (as pi)", () => {
    const s = initEditor("abc\ndef");
    const top = run(s, { type: "up", width: 40 });
    expect(cursor(top)).toEqual([0, 3]);
    expect(cursor(run(top, { type: "up", width: 40 }))).toEqual([0, 0]);
    expect(cursor(run(s, { type: "left" }, { type: "down", width: 40 }))).toEqual([1, 3]);
  });

  it("from a long wrapped line, Up lands on the last row of the line above", () => {
    const width = 10;
    const s = run(initEditor("aaaa bbbb cccc dddd\nxyz"), { type: "lineStart" }, { type: "right" }, { type: "up", width });
    expect(cursor(s)).toEqual([0, 11]); // second row of line 0 starts at 10; column 1
  });
});

describe("editor layout", () => {
  it("wraps at spaces, hard-breaks long words, and counts wide characters as two columns", () => {
    expect(wrapStarts("hello world", 8)).toEqual([0, 6]);
    expect(wrapStarts("abcdefghij", 4)).toEqual([0, 4, 8]);
    expect(wrapStarts("漢字漢字漢", 4)).toEqual([0, 2, 4]);
  });

  it("never gives more rows than asked, scrolls to keep the cursor in view and marks what is hidden", () => {
    const s = initEditor(["1", "2", "3", "4", "5", "6"].join("\n"));
    const w = editorWindow(s, 20, 3, 0);
    expect(w.rows).toEqual(["4", "5", "6"]);
    expect(w.cursor).toEqual({ row: 2, before: "6", at: " ", after: "" });
    expect([w.above, w.below]).toEqual([3, 0]);
    const top = run(s, { type: "up", width: 20 }, { type: "up", width: 20 }, { type: "up", width: 20 }, { type: "up", width: 20 }, { type: "up", width: 20 });
    const back = editorWindow(top, 20, 3, w.scroll);
    expect(back.rows).toEqual(["1", "2", "3"]);
    expect([back.above, back.below]).toEqual([0, 3]);
  });

  it("draws typed text inert: bidi overrides and separators become harmless glyphs of the same length", () => {
    const s = type(initEditor(), "a\u202eb\u2028c");
    const w = editorWindow(s, 20, 2, 0);
    expect(w.rows).toEqual(["a\ufffdb c"]);
    expect(editorText(s)).toBe("a\u202eb\u2028c"); // the text itself stays as typed
  });

  it("keeps every row within the width, the cursor cell included", () => {
    const s = initEditor("word ".repeat(30));
    const w = editorWindow(s, 15, 20, 0);
    for (const row of w.rows) expect(displayWidth(row)).toBeLessThanOrEqual(16);
    expect(displayWidth(w.cursor.before + w.cursor.at)).toBeLessThanOrEqual(16);
  });
});

describe("editor keys (pi's defaults)", () => {
  const s = initEditor("text");
  it("Enter submits; Shift+Enter, Alt+Enter and Ctrl+J insert a newline", () => {
    expect(editorCommand(press("enter"), s, 20)).toEqual({ kind: "submit" });
    for (const name of ["shift+enter", "alt+enter", "\n"] as const) expect(editorCommand(press(name, name === "\n" ? "\n" : ""), s, 20)).toEqual({ kind: "edit", actions: [{ type: "newline" }] });
  });

  it("a backslash before the cursor turns Enter into a newline (pi's fallback for terminals without Shift+Enter)", () => {
    expect(editorCommand(press("enter"), initEditor("a\\"), 20)).toEqual({ kind: "edit", actions: [{ type: "backspace" }, { type: "newline" }] });
  });

  it("leaves Esc, Ctrl+C and PgUp/PgDn to the screen; types text, pastes with their line breaks", () => {
    for (const name of ["escape", "ctrl+c", "pageup", "pagedown"] as const) expect(editorCommand(press(name), s, 20)).toEqual({ kind: "pass" });
    expect(editorCommand(press("q", "q"), s, 20)).toEqual({ kind: "edit", actions: [{ type: "insert", text: "q" }] });
    expect(editorCommand({ name: "", text: "a b", lines: "a\nb" }, s, 20)).toEqual({ kind: "edit", actions: [{ type: "insert", text: "a\nb" }] });
    expect(editorCommand(press("up"), s, 20)).toEqual({ kind: "edit", actions: [{ type: "up", width: 20 }] });
    expect(editorCommand(press("ctrl+o"), s, 20)).toEqual({ kind: "ignore" });
  });
});

describe("branch flow: submit and cancel of the instructions", () => {
  const flow = (state: BranchFlowState, ...actions: BranchFlowAction[]) => actions.reduce(branchFlowReducer, state);
  const editing: BranchFlowState = { stage: "instructions", text: "" };

  it("submits the editor's text as typed, lines kept, trimmed as a whole (as pi trims)", () => {
    expect(flow(editing, { type: "submitInstructions", text: "\n  keep the TTL fix\n  and the tests \n" })).toEqual({
      stage: "preview",
      instructions: "keep the TTL fix\n  and the tests",
    });
    expect(flow(editing, { type: "submitInstructions", text: " \n \n" })).toEqual({ stage: "preview", instructions: undefined });
  });

  it("cancel goes back to the choice; back from the preview reopens the editor with the text", () => {
    expect(flow(editing, { type: "back" })).toEqual({ stage: "choose", cursor: 2 });
    const preview = flow(editing, { type: "submitInstructions", text: "a\nb" });
    expect(flow(preview, { type: "back" })).toEqual({ stage: "instructions", text: "a\nb" });
  });
});
