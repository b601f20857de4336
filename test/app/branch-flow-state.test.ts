// The branch flow's reducer: pi's three-way choice, the instructions editor, and every way back.
import { describe, expect, it } from "vitest";
import { branchFlowReducer, initBranchFlow, type BranchFlowAction, type BranchFlowState } from "../../components/branch/branch-flow-state.js";

const run = (state: BranchFlowState, ...actions: BranchFlowAction[]): BranchFlowState => actions.reduce(branchFlowReducer, state);

describe("branch flow reducer", () => {
  it("starts on the choice when something would be summarized, and says so plainly otherwise", () => {
    expect(initBranchFlow(true)).toEqual({ stage: "choose", cursor: 0 });
    expect(initBranchFlow(false)).toEqual({ stage: "nothingToSummarize" });
  });

  it("moves the choice cursor with wrap-around, like pi's selector", () => {
    const start = initBranchFlow(true);
    expect(run(start, { type: "move", delta: 1 })).toEqual({ stage: "choose", cursor: 1 });
    expect(run(start, { type: "move", delta: -1 })).toEqual({ stage: "choose", cursor: 2 });
    expect(run(start, { type: "move", delta: 1 }, { type: "move", delta: 1 }, { type: "move", delta: 1 })).toEqual({ stage: "choose", cursor: 0 });
  });

  it("maps the three choices to no summary, preview, and the instructions editor", () => {
    const start = initBranchFlow(true);
    expect(run(start, { type: "choose" })).toEqual({ stage: "noSummary" });
    expect(run(start, { type: "move", delta: 1 }, { type: "choose" })).toEqual({ stage: "preview", instructions: undefined });
    expect(run(start, { type: "move", delta: -1 }, { type: "choose" })).toEqual({ stage: "instructions", text: "" });
  });

  it("takes typed instructions into the preview, trimmed; blank instructions mean none", () => {
    const editing = run(initBranchFlow(true), { type: "move", delta: -1 }, { type: "choose" });
    expect(run(editing, { type: "submitInstructions", text: "  focus on tests " })).toEqual({
      stage: "preview",
      instructions: "focus on tests",
    });
    expect(run(editing, { type: "submitInstructions", text: "   " })).toEqual({ stage: "preview", instructions: undefined });
  });

  it("backs out one step at a time: preview → editor → choice → closed", () => {
    const preview = run(initBranchFlow(true), { type: "move", delta: -1 }, { type: "choose" }, { type: "submitInstructions", text: "x" });
    const editor = run(preview, { type: "back" });
    expect(editor).toEqual({ stage: "instructions", text: "x" });
    const choice = run(editor, { type: "back" });
    expect(choice).toEqual({ stage: "choose", cursor: 2 });
    expect(run(choice, { type: "back" })).toEqual({ stage: "closed" });
  });

  it("returns from the plain preview and from 'no summary' to the choice they came from", () => {
    const start = initBranchFlow(true);
    expect(run(start, { type: "move", delta: 1 }, { type: "choose" }, { type: "back" })).toEqual({ stage: "choose", cursor: 1 });
    expect(run(start, { type: "choose" }, { type: "back" })).toEqual({ stage: "choose", cursor: 0 });
    expect(run(initBranchFlow(false), { type: "back" })).toEqual({ stage: "closed" });
  });

  it("ignores actions that do not belong to the current stage", () => {
    const preview: BranchFlowState = { stage: "preview", instructions: undefined };
    expect(run(preview, { type: "move", delta: 1 }, { type: "choose" }, { type: "submitInstructions", text: "x" })).toBe(preview);
  });
});
