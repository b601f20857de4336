import { describe, expect, it } from "vitest";
import { initPickerState, pickerReducer, selectedSession, type PickerAction, type PickerState } from "../../components/picker/picker-state.js";
import { pathOf, session } from "./picker-helpers.js";

const ids = (state: PickerState): string[] => state.rows.map((r) => r.session.id);
const run = (state: PickerState, ...actions: PickerAction[]): PickerState => actions.reduce(pickerReducer, state);

const current = [
  session("newest", 1, { firstMessage: "Fix the flaky login test", allMessagesText: "Fix the flaky login test please" }),
  session("middle", 60, { name: "auth refactor", firstMessage: "Help me refactor the auth module" }),
  session("oldest", 3000, { firstMessage: "Why does the CI cache miss?", allMessagesText: "Why does the CI cache miss? lockfile hash" }),
];
const elsewhere = [session("other", 5, { cwd: "/home/u/other", path: "/x/other.jsonl", firstMessage: "Write a CSV parser" })];

describe("picker reducer: movement and scrolling", () => {
  it("starts on the newest session and clamps at both ends", () => {
    const s0 = initPickerState({ current });
    expect(ids(s0)).toEqual(["newest", "middle", "oldest"]);
    expect(selectedSession(s0)?.id).toBe("newest");
    expect(selectedSession(run(s0, { type: "move", delta: -1 }))?.id).toBe("newest");
    expect(selectedSession(run(s0, { type: "move", delta: 1 }, { type: "move", delta: 1 }, { type: "move", delta: 1 }))?.id).toBe("oldest");
    expect(selectedSession(run(s0, { type: "jump", to: "last" }))?.id).toBe("oldest");
  });

  it("keeps the selection inside the window and pages by the window height", () => {
    const many = Array.from({ length: 30 }, (_, i) => session(`s${i}`, i + 1));
    let s = initPickerState({ current: many, listHeight: 5 });
    s = run(s, { type: "move", delta: 7 });
    expect(s.selected).toBe(7);
    expect(s.scrollTop).toBe(3); // rows 3..7 visible
    s = run(s, { type: "page", direction: 1 });
    expect(s.selected).toBe(12);
    expect(s.selected).toBeLessThan(s.scrollTop + 5);
    s = run(s, { type: "jump", to: "last" });
    expect(s.scrollTop).toBe(25);
    s = run(s, { type: "page", direction: -1 }, { type: "page", direction: -1 });
    expect(s.selected).toBe(19);
    expect(s.scrollTop).toBe(19);
    // Growing the window never leaves empty space below the last row.
    s = run(s, { type: "resize", listHeight: 20 });
    expect(s.scrollTop).toBe(10);
  });
});

describe("picker reducer: search", () => {
  it("filters as the user types and selects the best match", () => {
    let s = run(initPickerState({ current }), { type: "move", delta: 2 }, { type: "type", text: "auth" });
    expect(ids(s)).toEqual(["middle"]);
    expect(s.selected).toBe(0);
    s = run(s, { type: "backspace" }, { type: "backspace" }, { type: "backspace" }, { type: "backspace" });
    expect(s.query).toBe("");
    expect(ids(s)).toEqual(["newest", "middle", "oldest"]);
  });

  it("ranks a hit in the name above a hit in the messages (pi's tiers)", () => {
    const pool = [
      session("mentions", 1, { firstMessage: "the parser is slow", allMessagesText: "the parser is slow" }),
      session("named", 500, { name: "parser rewrite", firstMessage: "hello" }),
    ];
    const s = run(initPickerState({ current: pool, sort: "relevance" }), { type: "type", text: "parser" });
    expect(ids(s)).toEqual(["named", "mentions"]);
  });

  it("needs every word to match, and finds scattered letters with fuse", () => {
    const s = run(initPickerState({ current }), { type: "type", text: "cache lockfile" });
    expect(ids(s)).toEqual(["oldest"]);
    // "refctr" is no substring of anything: only the fuzzy tier (fuse over name, first message, cwd) finds it.
    const fuzzy = run(initPickerState({ current }), { type: "type", text: "refctr" });
    expect(ids(fuzzy)).toEqual(["middle"]);
    const none = run(initPickerState({ current }), { type: "type", text: "zzqxv" });
    expect(ids(none)).toEqual([]);
  });

  it("supports quoted phrases and re: patterns; an invalid regex matches nothing", () => {
    expect(ids(run(initPickerState({ current }), { type: "type", text: '"flaky login"' }))).toEqual(["newest"]);
    expect(ids(run(initPickerState({ current }), { type: "type", text: '"login flaky"' }))).toEqual([]);
    expect(ids(run(initPickerState({ current }), { type: "type", text: "re:^why" }))).toEqual(["oldest"]);
    expect(ids(run(initPickerState({ current }), { type: "type", text: "re:(" }))).toEqual([]);
  });

  it("ignores control characters in pasted text and clears words with ctrl+w / ctrl+u", () => {
    let s = run(initPickerState({ current }), { type: "type", text: "auth\x1b[2J\n" });
    expect(s.query).toBe("auth[2J");
    s = run(s, { type: "deleteWord" });
    expect(s.query).toBe("");
    s = run(s, { type: "type", text: "ci cache" }, { type: "deleteWord" });
    expect(s.query).toBe("ci ");
    expect(run(s, { type: "clearQuery" }).query).toBe("");
  });

  it("keeps newest-first order while searching in recent mode", () => {
    const pool = [
      session("a", 1, { firstMessage: "notes about parser" }),
      session("b", 2, { name: "parser" }),
    ];
    const s = run(initPickerState({ current: pool, sort: "recent" }), { type: "type", text: "parser" });
    expect(ids(s)).toEqual(["a", "b"]);
  });
});

describe("picker reducer: sort modes, named filter, scope", () => {
  const parent = session("parent", 100);
  const child = session("child", 1, { parentSessionPath: pathOf("parent") });
  const loner = session("loner", 50);

  it("threads forks under their parent, with pi's glyph data, and cycles the sort with ctrl+s", () => {
    let s = initPickerState({ current: [child, loner, parent] });
    expect(s.sort).toBe("threaded");
    // 1.6: a parent sorts by the newest activity in its subtree, so parent (child 1 min ago) comes first.
    expect(ids(s)).toEqual(["parent", "child", "loner"]);
    expect(s.rows.map((r) => r.depth)).toEqual([0, 1, 0]);
    s = run(s, { type: "cycleSort" });
    expect(s.sort).toBe("recent");
    expect(ids(s)).toEqual(["child", "loner", "parent"]);
    s = run(s, { type: "cycleSort" });
    expect(s.sort).toBe("relevance");
    expect(run(s, { type: "cycleSort" }).sort).toBe("threaded");
  });

  it("sorts threaded roots by their own modified time under the 0.73 profile", () => {
    const s = initPickerState({ current: [child, loner, parent], profile: "0.73" });
    expect(ids(s)).toEqual(["loner", "parent", "child"]);
  });

  it("keeps the selected session selected when the order changes", () => {
    let s = run(initPickerState({ current: [child, loner, parent] }), { type: "jump", to: "last" });
    expect(selectedSession(s)?.id).toBe("loner");
    s = run(s, { type: "cycleSort" });
    expect(selectedSession(s)?.id).toBe("loner");
    expect(s.selected).toBe(1);
  });

  it("shows only sessions with a non-blank name under the named filter", () => {
    const pool = [...current, session("blank", 2, { name: "   " })];
    const s = run(initPickerState({ current: pool }), { type: "toggleNamed" });
    expect(ids(s)).toEqual(["middle"]);
    expect(ids(run(s, { type: "toggleNamed" }))).toHaveLength(4);
  });

  it("toggles to all projects, waits for the listing, and comes back", () => {
    let s = run(initPickerState({ current }), { type: "toggleScope" });
    expect(s.scope).toBe("all");
    expect(s.rows).toEqual([]); // still loading
    s = run(s, { type: "allLoaded", sessions: [...current, ...elsewhere] });
    expect(ids(s)).toEqual(["newest", "other", "middle", "oldest"]);
    s = run(s, { type: "toggleScope" });
    expect(ids(s)).toEqual(["newest", "middle", "oldest"]);
  });
});

describe("picker reducer: leaving", () => {
  it("Enter asks to open the selected session; Esc clears the query before quitting", () => {
    let s = run(initPickerState({ current }), { type: "move", delta: 1 }, { type: "open" });
    expect(s.exit).toEqual({ kind: "open", path: current[1].path });
    s = run(s, { type: "exitHandled" }, { type: "type", text: "x" }, { type: "escape" });
    expect(s.exit).toBeNull();
    expect(s.query).toBe("");
    expect(run(s, { type: "escape" }).exit).toEqual({ kind: "quit" });
  });

  it("offers the demo session only when there are no sessions anywhere", () => {
    let s = initPickerState({ current: [], demoPath: "/pkg/fixtures/demo/demo-session.jsonl" });
    expect(run(s, { type: "open" }).exit).toBeNull(); // all projects not listed yet
    s = run(s, { type: "allLoaded", sessions: elsewhere });
    expect(run(s, { type: "open" }).exit).toBeNull(); // others exist: Tab shows them
    s = run(initPickerState({ current: [], demoPath: "/pkg/demo.jsonl" }), { type: "allLoaded", sessions: [] });
    expect(run(s, { type: "open" }).exit).toEqual({ kind: "open", path: "/pkg/demo.jsonl" });
  });
});
