// The shell's screen stack: the picker opens a tree once, even when a second Enter reaches it while
// the first tree (a large file) is still being read.
import { describe, expect, it } from "vitest";
import { stackReducer } from "../../components/app/screen-stack.js";

describe("screen stack: opening a tree", () => {
  const picker = { screens: [{ kind: "picker" as const }], done: false };

  it("the picker's Enter opens the tree on top of it", () => {
    const s = stackReducer(picker, { type: "openTree", path: "/big.jsonl" });
    expect(s.screens).toEqual([{ kind: "picker" }, { kind: "tree", path: "/big.jsonl", fromPicker: true }]);
  });

  it("a second open while a tree is on top stacks nothing, and back returns to the picker", () => {
    const once = stackReducer(picker, { type: "openTree", path: "/big.jsonl" });
    const twice = stackReducer(once, { type: "openTree", path: "/big.jsonl" });
    expect(twice).toBe(once);
    expect(stackReducer(twice, { type: "back" }).screens).toEqual([{ kind: "picker" }]);
  });
});
