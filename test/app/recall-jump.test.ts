// Recall's Enter lands the tree's cursor on the chosen entry, even when the tree hides it at that
// moment (a fold, a search, a filter), and the shell's stack hands the request to the tree below.
import { describe, expect, it } from "vitest";
import { stackReducer } from "../../components/app/screen-stack.js";
import { selectedNode, treeReducer, type TreeAction, type TreeState } from "../../components/tree/tree-reducer.js";
import { treeKeyAction } from "../../components/tree/tree-keys.js";
import { loadFixtureTree } from "./load-fixture.js";
import { fixtureState } from "./tree-rows.js";
import type { KeyPress } from "../../components/kit/keys.js";

const run = (s: TreeState, ...actions: TreeAction[]) => actions.reduce(treeReducer, s);
const selectedId = (s: TreeState) => s.model.flat.nodes[selectedNode(s)].entry.id;

describe("tree: revealEntry (recall's jump)", () => {
  it("moves the cursor onto a visible entry", () => {
    const s = run(fixtureState("branched.jsonl"), { type: "revealEntry", id: "u2a" });
    expect(selectedId(s)).toBe("u2a");
  });

  it("unfolds the branch that hides the entry", () => {
    let s = run(fixtureState("branched.jsonl"), { type: "selectEntry", id: "u2a" }, { type: "foldOrUp" });
    expect(s.folded.has("u2a")).toBe(true);
    expect(s.visible.rowOfNode[s.model.flat.indexOf.get("a5a")!]).toBe(-1);
    s = run(s, { type: "revealEntry", id: "a5a" });
    expect(s.folded.has("u2a")).toBe(false);
    expect(selectedId(s)).toBe("a5a");
  });

  it("clears a search that filters the entry out, and leaves a filter that hides it", () => {
    let s = run(fixtureState("branched.jsonl"), { type: "typeSearch", text: "approach B" });
    expect(s.visible.rowOfNode[s.model.flat.indexOf.get("a5a")!]).toBe(-1);
    s = run(s, { type: "revealEntry", id: "a5a" });
    expect(s.query).toBe("");
    expect(selectedId(s)).toBe("a5a");
    s = run(s, { type: "setFilter", mode: "user-only" }, { type: "revealEntry", id: "a2" });
    expect(s.filter).toBe("default");
    expect(selectedId(s)).toBe("a2");
  });

  it("stops at the nearest visible ancestor of an entry that never shows as a row", () => {
    // a1 only calls a tool: pi's tree hides such turns, so the cursor lands on its parent.
    const s = run(fixtureState("branched.jsonl"), { type: "revealEntry", id: "a1" });
    expect(selectedId(s)).toBe("u1");
  });

  it("ignores an id the tree does not have", () => {
    const s0 = fixtureState("branched.jsonl");
    expect(run(s0, { type: "revealEntry", id: "nope" })).toBe(s0);
  });
});

describe("tree: / opens recall", () => {
  const slash: KeyPress = { name: "/", text: "/" };
  it("with an empty search; with a query it is typed, as in pi", () => {
    expect(treeKeyAction(slash, { query: "" })).toBe("recall");
    expect(treeKeyAction(slash, { query: "src" })).toEqual({ type: "typeSearch", text: "/" });
  });
});

describe("screen stack: recall", () => {
  const tree = loadFixtureTree("branched.jsonl");
  it("opens on top of the tree and its jump pops it, handing the entry to that tree", () => {
    let s = stackReducer({ screens: [{ kind: "tree", path: "/x.jsonl", fromPicker: false }], done: false }, { type: "openRecall", path: "/x.jsonl", tree });
    expect(s.screens.map((x) => x.kind)).toEqual(["tree", "recall"]);
    s = stackReducer(s, { type: "recallJump", entryId: "a5a" });
    expect(s.screens).toEqual([{ kind: "tree", path: "/x.jsonl", fromPicker: false, reveal: { entryId: "a5a", tree } }]);
    expect(s.done).toBe(false);
  });

  it("back from recall leaves the tree as it was", () => {
    const base = { screens: [{ kind: "tree" as const, path: "/x.jsonl", fromPicker: false }], done: false };
    const s = stackReducer(stackReducer(base, { type: "openRecall", path: "/x.jsonl", tree }), { type: "back" });
    expect(s.screens).toEqual(base.screens);
  });
});

describe("tree: the note a jump leaves when it had to change the view", () => {
  it("names the dropped filter and the cleared search; none when nothing changed", async () => {
    const { revealNote } = await import("../../components/tree/tree-reducer.js");
    const plain = fixtureState("branched.jsonl");
    expect(revealNote(plain, run(plain, { type: "revealEntry", id: "u2a" }))).toBeNull();
    const filtered = run(plain, { type: "setFilter", mode: "user-only" });
    expect(revealNote(filtered, run(filtered, { type: "revealEntry", id: "a2" }))).toBe("jump: filter [user] hid the entry: back to the default filter");
    const searched = run(plain, { type: "typeSearch", text: "approach B" });
    expect(revealNote(searched, run(searched, { type: "revealEntry", id: "a5a" }))).toBe("jump: search cleared");
  });
});
