// The tree reducer without rendering: movement, paging, folding, filters, search and full-text find.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTreeModel } from "../../components/tree/tree-model.js";
import { treeKeyAction } from "../../components/tree/tree-keys.js";
import { selectedNode, treeReducer, windowStart, type TreeAction, type TreeState } from "../../components/tree/tree-reducer.js";
import { fixturePath, treeFromText } from "./load-fixture.js";
import { fixtureState, selectedText, windowText } from "./tree-rows.js";
import type { KeyName, KeyPress } from "../../components/kit/keys.js";

const run = (s: TreeState, ...actions: TreeAction[]) => actions.reduce(treeReducer, s);
const selectedId = (s: TreeState) => s.model.flat.nodes[selectedNode(s)].entry.id;

describe("tree reducer: movement", () => {
  it("starts on the leaf, or its nearest visible ancestor when the filter hides the leaf", () => {
    const s = fixtureState("branched.jsonl");
    // The leaf is a label entry (hidden by default); its nearest visible ancestor is the last answer.
    expect(s.model.flat.leafId).toBe("lb1");
    expect(selectedId(s)).toBe("a6b");
  });

  it("wraps around at both ends", () => {
    let s = run(fixtureState("branched.jsonl"), { type: "first" });
    expect(s.selected).toBe(0);
    s = run(s, { type: "move", delta: -1 });
    expect(s.selected).toBe(s.visible.rows.length - 1);
    s = run(s, { type: "move", delta: 1 });
    expect(s.selected).toBe(0);
  });

  it("pages by the window height and stops at the ends without wrapping", () => {
    let s = run(fixtureState("branched.jsonl", 4), { type: "first" });
    s = run(s, { type: "page", direction: 1 });
    expect(s.selected).toBe(4);
    s = run(s, { type: "page", direction: 1 }, { type: "page", direction: 1 }, { type: "page", direction: 1 });
    expect(s.selected).toBe(s.visible.rows.length - 1);
    s = run(s, { type: "page", direction: -1 });
    expect(s.selected).toBe(s.visible.rows.length - 5);
    s = run(s, { type: "setPageSize", rows: 100 }, { type: "page", direction: -1 });
    expect(s.selected).toBe(0);
  });

  it("keeps the cursor centred in the window, clamped at the ends", () => {
    expect(windowStart(0, 100, 10)).toBe(0);
    expect(windowStart(50, 100, 10)).toBe(45);
    expect(windowStart(99, 100, 10)).toBe(90);
    expect(windowStart(3, 5, 10)).toBe(0);
  });
});

describe("tree reducer: folding and segment jumps", () => {
  it("folds a branch start, shows ⊞, and unfolds it again", () => {
    let s = fixtureState("branched.jsonl");
    s = run(s, { type: "selectEntry", id: "u2a" });
    const before = s.visible.rows.length;
    s = run(s, { type: "foldOrUp" });
    expect(s.folded.has("u2a")).toBe(true);
    expect(s.visible.rows.length).toBe(before - 4);
    expect(selectedText(s)).toContain("└⊞ user: Try approach A");
    s = run(s, { type: "unfoldOrDown" });
    expect(s.folded.size).toBe(0);
    expect(s.visible.rows.length).toBe(before);
  });

  it("jumps up to the branch start when the row cannot fold, and down to the next branch start", () => {
    let s = fixtureState("branched.jsonl");
    s = run(s, { type: "foldOrUp" });
    expect(selectedId(s)).toBe("u2b");
    s = run(s, { type: "first" }, { type: "unfoldOrDown" });
    // From the root, down follows first children to the branch point a2 and lands on its first child.
    expect(selectedId(s)).toBe("u2b");
  });

  it("clears folds when the filter or the search changes", () => {
    const s = run(fixtureState("branched.jsonl"), { type: "selectEntry", id: "u2a" }, { type: "foldOrUp" });
    expect(s.folded.size).toBe(1);
    expect(run(s, { type: "toggleFilter", mode: "no-tools" }).folded.size).toBe(0);
    expect(run(s, { type: "typeSearch", text: "a" }).folded.size).toBe(0);
  });
});

describe("tree reducer: filters and search", () => {
  it("toggles a filter on and back to default, and cycles through all five", () => {
    let s = run(fixtureState("branched.jsonl"), { type: "toggleFilter", mode: "user-only" });
    expect(s.filter).toBe("user-only");
    expect(windowText(s).every((l) => l.includes("user: "))).toBe(true);
    s = run(s, { type: "toggleFilter", mode: "user-only" });
    expect(s.filter).toBe("default");
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      s = run(s, { type: "cycleFilter", direction: 1 });
      seen.push(s.filter);
    }
    expect(seen).toEqual(["no-tools", "user-only", "labeled-only", "all", "default"]);
    expect(run(s, { type: "cycleFilter", direction: -1 }).filter).toBe("all");
  });

  it("shows bookkeeping rows only in 'all'", () => {
    const s = fixtureState("branched.jsonl");
    expect(windowText(s).some((l) => l.includes("[model: claude-y]"))).toBe(false);
    const all = windowText(run(s, { type: "setFilter", mode: "all" }));
    expect(all.some((l) => l.includes("[model: claude-y]"))).toBe(true);
    expect(all.some((l) => l.includes("[title: auth refactor]"))).toBe(true);
    expect(all.some((l) => l.includes("[label: approach-A-green]"))).toBe(true);
  });

  it("keeps the previous selection across an empty result and restores it", () => {
    let s = run(fixtureState("branched.jsonl"), { type: "selectEntry", id: "u2b" });
    s = run(s, { type: "typeSearch", text: "no-such-text" });
    expect(s.visible.rows.length).toBe(0);
    s = run(s, { type: "clearSearch" });
    expect(selectedId(s)).toBe("u2b");
  });

  it("matches every search word as a substring of pi's search text (not compaction summaries)", () => {
    const s = fixtureState("branched.jsonl");
    const hits = (q: string) => windowText(run(s, { type: "typeSearch", text: q })).length;
    expect(hits("approach sessionstore")).toBe(2); // the branch-A user message and the branch summary
    expect(hits("APPROACH")).toBe(5); // case-insensitive: u2a, u2b, the branch summary, the last answer, and a5a by its label
    expect(hits("ttl bug found")).toBe(0); // only in the compaction summary, which pi does not search
    expect(hits("compaction")).toBe(1);
  });

  it("moves the cursor to the nearest visible ancestor when the filter hides it", () => {
    let s = run(fixtureState("branched.jsonl"), { type: "selectEntry", id: "r3a" });
    s = run(s, { type: "toggleFilter", mode: "no-tools" });
    expect(selectedId(s)).toBe("u2a");
  });
});

describe("tree reducer: full-text find", () => {
  it("finds text anywhere (compaction summary, tool output, ids) and steps through hits with wrap-around", () => {
    let s = run(fixtureState("branched.jsonl"), { type: "find", query: "TTL" });
    // The compaction summary ("TTL bug found"), the answer ("the TTL was"), the branch summary.
    expect(s.find?.total).toBe(3);
    const visited = new Set<string>();
    for (let i = 0; i < 4; i++) {
      visited.add(selectedId(s));
      s = run(s, { type: "findNext", direction: 1 });
    }
    expect([...visited].sort()).toEqual(["a5a", "bs1", "cmp1"]);
    const at = selectedId(s);
    s = run(s, { type: "findNext", direction: -1 }, { type: "findNext", direction: 1 });
    expect(selectedId(s)).toBe(at);
    expect(run(s, { type: "find", query: "13 passed" }).find?.total).toBe(1); // tool output
  });

  it("counts hits hidden by the filter separately", () => {
    let s = run(fixtureState("branched.jsonl"), { type: "find", query: "ttl" });
    s = run(s, { type: "toggleFilter", mode: "user-only" });
    expect(s.find?.total).toBe(3);
    expect(s.find?.hitRows.length).toBe(0);
    expect(run(s, { type: "findNext", direction: 1 }).selected).toBe(s.selected);
  });
});

describe("tree keys", () => {
  const key = (name: KeyName | "", text = ""): KeyPress => ({ name, text });
  it("maps pi's keys and ours", () => {
    const s = fixtureState("branched.jsonl");
    expect(treeKeyAction(key("ctrl+left"), s)).toEqual({ type: "foldOrUp" });
    expect(treeKeyAction(key("ctrl+o"), s)).toEqual({ type: "cycleFilter", direction: 1 });
    expect(treeKeyAction(key("shift+t", "T"), s)).toEqual({ type: "toggleLabelTime" });
    expect(treeKeyAction(key("escape"), s)).toBe("back");
    expect(treeKeyAction(key("?", "?"), s)).toBe("help");
    expect(treeKeyAction(key("q", "q"), s)).toBe("back");
    expect(treeKeyAction(key("x", "x"), s)).toEqual({ type: "typeSearch", text: "x" });
  });

  it("types q and ? into a non-empty search, and Esc clears the search before closing", () => {
    const s = run(fixtureState("branched.jsonl"), { type: "typeSearch", text: "a" });
    expect(treeKeyAction(key("q", "q"), s)).toEqual({ type: "typeSearch", text: "q" });
    expect(treeKeyAction(key("?", "?"), s)).toEqual({ type: "typeSearch", text: "?" });
    expect(treeKeyAction(key("escape"), s)).toEqual({ type: "clearSearch" });
    expect(treeKeyAction(key("", "\x1b[2J"), s)).toBeNull();
  });
});

describe("incremental fold", () => {
  it("gives exactly the rows a full rebuild with the fold gives, for every foldable row", async () => {
    const { buildVisibleTree, foldRows, isFoldable } = await import("../../components/tree/visible-tree.js");
    for (const file of ["branched.jsonl", "nested.jsonl"]) {
      for (const mode of ["default", "all", "user-only"] as const) {
        const s = run(fixtureState(file), { type: "setFilter", mode });
        const flat = s.model.flat;
        for (let r = 0; r < s.visible.rows.length; r++) {
          if (!isFoldable(s.visible, r)) continue;
          const id = flat.nodes[s.visible.rows[r]].entry.id;
          const fast = foldRows(s.visible, r, flat.nodes.length);
          const full = buildVisibleTree(flat, mode, "", new Set([id]), []);
          expect({ ...fast, gutters: fast.gutters.map(String) }).toEqual({ ...full, gutters: full.gutters.map(String) });
          expect(fast.gutters).toEqual(full.gutters);
        }
      }
    }
  });
});

describe("tree reducer: rebase after a reload", () => {
  const appended = (extra: string) => treeFromText(`${readFileSync(fixturePath("branched.jsonl"), "utf8")}${extra}`);
  const PI_APPENDS = `${JSON.stringify({ type: "message", id: "u9", parentId: "lb1", timestamp: "2026-11-01T10:01:00.000Z", message: { role: "user", content: "approach B once more", timestamp: 1 } })}\n`;
  const rebased = (s: TreeState, focusId?: string | null) => run(s, { type: "rebase", model: createTreeModel(appended(PI_APPENDS), "/home/u"), focusId });

  it("keeps the search, the filter, the folds and the find over the new entries", () => {
    const before = run(fixtureState("branched.jsonl"), { type: "setFilter", mode: "no-tools" }, { type: "typeSearch", text: "approach" }, { type: "find", query: "tests" });
    const folded = run(fixtureState("branched.jsonl"), { type: "first" }, { type: "move", delta: 1 }, { type: "move", delta: 1 }, { type: "move", delta: 1 }, { type: "foldOrUp" });
    expect(folded.folded.size).toBe(1);
    const after = rebased(before);
    expect([after.filter, after.query, after.find?.query]).toEqual(["no-tools", "approach", "tests"]);
    expect(after.find?.total).toBe(before.find?.total);
    expect(windowText(after).some((l) => l.includes("user: approach B once more"))).toBe(true);
    expect(rebased(folded).folded).toEqual(folded.folded);
    // The fold still hides its subtree: fewer rows than the same tree unfolded.
    expect(windowText(rebased(folded)).length).toBeLessThan(windowText(rebased(fixtureState("branched.jsonl"))).length);
  });

  it("puts the cursor on the entry asked for, on the new leaf for null, and keeps it otherwise", () => {
    const s = run(fixtureState("branched.jsonl"), { type: "first" });
    expect(selectedId(rebased(s))).toBe(selectedId(s));
    expect(selectedId(rebased(s, null))).toBe("u9");
    expect(selectedId(rebased(s, "a6b"))).toBe("a6b");
    // An entry the new read does not have (the file was rewritten): pi's leaf.
    expect(selectedId(rebased(s, "gone"))).toBe("u9");
  });

  it("moves the cursor off an entry the new read lacks to its nearest ancestor still there", () => {
    // The exact read after a first look drops a damaged line: here r4a's, under a4a.
    const text = readFileSync(fixturePath("branched.jsonl"), "utf8");
    const withoutR4a = text.split("\n").filter((line) => !/"id": *"r4a"/.test(line)).join("\n");
    expect(withoutR4a).not.toBe(text);
    const onR4a = run(fixtureState("branched.jsonl"), { type: "selectEntry", id: "r4a" });
    expect(selectedId(onR4a)).toBe("r4a");
    const after = run(onR4a, { type: "rebase", model: createTreeModel(treeFromText(withoutR4a), "/home/u") });
    // Its parent a4a is a tool-call-only turn, which /tree never lists: the row above it, r3a.
    expect(selectedId(after)).toBe("r3a");
  });
});
