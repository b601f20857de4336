// Listing again while the picker is open: sessions whose file vanished drop out with a one-line
// note, the selection stays on its file when that file is still there, and the search is kept.
import { describe, expect, it } from "vitest";
import { initPickerState, listError, pickerReducer, selectedSession, type PickerAction, type PickerState } from "../../components/picker/picker-state.js";
import { vanishedNote, vanishedSessions } from "../../components/picker/vanished.js";
import { session } from "./picker-helpers.js";

const ids = (state: PickerState): string[] => state.rows.map((r) => r.session.id);
const run = (state: PickerState, ...actions: PickerAction[]): PickerState => actions.reduce(pickerReducer, state);

const a = session("a", 1, { firstMessage: "Fix the flaky login test" });
const b = session("b", 2, { name: "auth refactor" });
const c = session("c", 3, { firstMessage: "Why does the CI cache miss?" });
const d = session("d", 4, { firstMessage: "Write a CSV parser" });
const other = session("o", 5, { path: "/x/other.jsonl", cwd: "/x", firstMessage: "dark mode" });

describe("picker reducer: re-listing", () => {
  it("drops a vanished row and keeps the selection on the same file, wherever it moved", () => {
    let s = run(initPickerState({ current: [a, b, c, d] }), { type: "move", delta: 2 });
    expect(selectedSession(s)?.id).toBe("c");
    s = run(s, { type: "relisted", current: [b, c, d] });
    expect(ids(s)).toEqual(["b", "c", "d"]);
    expect(selectedSession(s)?.id).toBe("c");
    expect(s.selected).toBe(1);
    expect(s.note).toBe('"Fix the flaky login test" was deleted or can no longer be read; list refreshed');
  });

  it("moves the selection to the row that took the vanished one's place, and to the last row at the end", () => {
    let s = run(initPickerState({ current: [a, b, c, d] }), { type: "move", delta: 1 });
    s = run(s, { type: "relisted", current: [a, c, d], openedPath: b.path });
    expect(ids(s)).toEqual(["a", "c", "d"]);
    expect(selectedSession(s)?.id).toBe("c");
    expect(s.note).toBe('"auth refactor" was deleted or can no longer be read; list refreshed');
    s = run(s, { type: "jump", to: "last" }, { type: "relisted", current: [a, c] });
    expect(selectedSession(s)?.id).toBe("c");
  });

  it("keeps the search and its filtered rows", () => {
    let s = run(initPickerState({ current: [a, b, c, d] }), { type: "type", text: "e" });
    const before = ids(s);
    expect(before.length).toBeGreaterThan(2);
    const selected = selectedSession(s)!.id;
    const gone = [a, b, c, d].find((x) => x.id !== selected && before.includes(x.id))!;
    s = run(s, { type: "relisted", current: [a, b, c, d].filter((x) => x !== gone) });
    expect(s.query).toBe("e");
    expect(ids(s)).toEqual(before.filter((id) => id !== gone.id));
    expect(selectedSession(s)?.id).toBe(selected);
  });

  it("shows new sessions (a fork written from a tree) without a note", () => {
    const fork = session("fork", 0, { parentSessionPath: b.path });
    let s = run(initPickerState({ current: [a, b, c] }), { type: "move", delta: 1 });
    s = run(s, { type: "relisted", current: [fork, a, b, c] });
    expect(ids(s)).toContain("fork");
    expect(selectedSession(s)?.id).toBe("b");
    expect(s.note).toBeNull();
  });

  it("drops vanished sessions of every project and counts each file once", () => {
    let s = run(initPickerState({ current: [a, b] }), { type: "toggleScope" }, { type: "allLoaded", sessions: [a, b, other] });
    expect(ids(s)).toEqual(["a", "b", "o"]);
    s = run(s, { type: "relisted", current: [b], all: [b], openedPath: other.path });
    expect(ids(s)).toEqual(["b"]);
    expect(s.note).toBe('"dark mode" and 1 other session were deleted or can no longer be read; list refreshed');
    expect(ids(run(s, { type: "toggleScope" }))).toEqual(["b"]);
  });

  it("leaves a re-listing of only this folder to the current scope's rows", () => {
    let s = run(initPickerState({ current: [a, b] }), { type: "toggleScope" }, { type: "allLoaded", sessions: [a, b, other] });
    s = run(s, { type: "relisted", current: [a] });
    // Every project's list was not redone: b stays under "all" until it is.
    expect(ids(s)).toEqual(["a", "b", "o"]);
    expect(ids(run(s, { type: "toggleScope" }))).toEqual(["a"]);
  });

  it("keeps the note through the picker's own updates and clears it on the next key", () => {
    let s = run(initPickerState({ current: [a, b, c] }), { type: "relisted", current: [a, c] });
    expect(s.note).not.toBeNull();
    s = run(s, { type: "resize", listHeight: 3 }, { type: "allLoaded", sessions: [a, c] }, { type: "relisted", current: [a, c] });
    expect(s.note).not.toBeNull();
    expect(run(s, { type: "move", delta: 1 }).note).toBeNull();
    expect(run(s, { type: "type", text: "x" }).note).toBeNull();
  });

  it("offers the demo again once every session is gone", () => {
    let s = run(initPickerState({ current: [a], demoPath: "/pkg/demo.jsonl" }), { type: "relisted", current: [] });
    expect(s.rows).toEqual([]);
    s = run(s, { type: "allLoaded", sessions: [] }, { type: "open" });
    expect(s.exit).toEqual({ kind: "open", path: "/pkg/demo.jsonl" });
  });
});

describe("picker reducer: listing errors", () => {
  const failed = "Cannot list sessions: EACCES: permission denied";

  it("keeps the first listing's error until this folder is listed again without one", () => {
    let s = initPickerState({ current: [], error: failed });
    expect(listError(s)).toBe(failed);
    s = run(s, { type: "allLoaded", sessions: [a] }, { type: "relisted", all: [a] });
    // Listing every project worked, but this folder was not listed again.
    expect(listError(s)).toBe(failed);
    s = run(s, { type: "relisted", current: [b], all: [a, b] });
    expect(listError(s)).toBeUndefined();
    expect(ids(s)).toEqual(["b"]);
  });

  it("reports a failed re-listing, keeps that pool's rows, and clears it when the next one works", () => {
    let s = run(initPickerState({ current: [a, b] }), { type: "relisted", currentError: failed });
    expect(listError(s)).toBe(failed);
    expect(ids(s)).toEqual(["a", "b"]);
    expect(s.note).toBeNull();
    s = run(s, { type: "relisted", current: [a, b] });
    expect(listError(s)).toBeUndefined();
  });

  it("clears a failure to list every project when a later listing of them works", () => {
    let s = run(initPickerState({ current: [a] }), { type: "toggleScope" }, { type: "allLoaded", sessions: [], error: "Cannot list sessions: all" });
    expect(listError(s)).toBe("Cannot list sessions: all");
    s = run(s, { type: "relisted", current: [a], currentError: undefined, allError: "Cannot list sessions: all again" });
    expect(listError(s)).toBe("Cannot list sessions: all again");
    s = run(s, { type: "relisted", current: [a], all: [a, other] });
    expect(listError(s)).toBeUndefined();
    expect(ids(s)).toEqual(["a", "o"]);
  });

  it("shows this folder's failure before every project's", () => {
    const s = run(initPickerState({ current: [], error: failed }), { type: "allLoaded", sessions: [], error: "Cannot list sessions: all" });
    expect(listError(s)).toBe(failed);
    expect(listError(run(s, { type: "relisted", current: [a] }))).toBe("Cannot list sessions: all");
  });

  it("keeps a listing error through keys (unlike the vanished note)", () => {
    const s = run(initPickerState({ current: [a, b], error: failed }), { type: "move", delta: 1 }, { type: "type", text: "x" });
    expect(listError(s)).toBe(failed);
  });
});

describe("vanished sessions and their note", () => {
  it("lists what left, once each, in the old order", () => {
    expect(vanishedSessions([a, b, a, c], [c]).map((x) => x.id)).toEqual(["a", "b"]);
    expect(vanishedSessions([a, b], [b, a])).toEqual([]);
  });

  it("names the session by its title, cut to fit one line, or by its file name", () => {
    const long = session("long", 1, { firstMessage: "x".repeat(200) });
    expect(vanishedNote([long])).toBe(`"${"x".repeat(39)}…" was deleted or can no longer be read; list refreshed`);
    const untitled = session("untitled", 1, { firstMessage: "" });
    expect(vanishedNote([untitled])).toMatch(/^"untitled\.jsonl" was deleted/);
    expect(vanishedNote([a, b, c], c.path)).toBe('"Why does the CI cache miss?" and 2 other sessions were deleted or can no longer be read; list refreshed');
    const many = Array.from({ length: 1235 }, (_, i) => session(`m${i}`, i));
    expect(vanishedNote(many)).toMatch(/" and 1,234 other sessions were deleted/);
    expect(vanishedNote([])).toBeNull();
  });
});
