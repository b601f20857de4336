// Shift+L's editor reducer: pre-filled text, pi's "empty removes it", confirm step and back-outs.
import { describe, expect, it } from "vitest";
import { initLabelEditor, labelEditorReducer, type LabelEditorAction, type LabelEditorState } from "../../components/label/label-state.js";

const run = (state: LabelEditorState, ...actions: LabelEditorAction[]): LabelEditorState => actions.reduce(labelEditorReducer, state);

describe("label editor reducer", () => {
  it("is pre-filled with the current label, or empty", () => {
    expect(initLabelEditor("approach-A")).toEqual({ stage: "editing", text: "approach-A" });
    expect(initLabelEditor(undefined)).toEqual({ stage: "editing", text: "" });
  });

  it("asks before writing: Enter goes to a confirm step with the trimmed label", () => {
    expect(run(initLabelEditor(""), { type: "type", text: "  keep me " }, { type: "submit" })).toEqual({ stage: "confirm", text: "  keep me ", label: "keep me" });
  });

  it("treats empty or blank text as removing the label, like pi", () => {
    expect(run(initLabelEditor("old"), { type: "type", text: "" }, { type: "submit" })).toMatchObject({ stage: "confirm", label: undefined });
    expect(run(initLabelEditor("old"), { type: "type", text: "   " }, { type: "submit" })).toMatchObject({ stage: "confirm", label: undefined });
  });

  it("Esc on the confirm step returns to the text; Esc while editing cancels", () => {
    const confirm = run(initLabelEditor("a"), { type: "type", text: "b" }, { type: "submit" });
    expect(run(confirm, { type: "back" })).toEqual({ stage: "editing", text: "b" });
    expect(run(confirm, { type: "back" }, { type: "back" })).toEqual({ stage: "closed" });
  });

  it("does not change the text once it is being confirmed", () => {
    const confirm = run(initLabelEditor("a"), { type: "submit" });
    expect(run(confirm, { type: "type", text: "zzz" })).toBe(confirm);
  });
});

describe("typed line", () => {
  it("submits text that arrived together with its Enter (one chunk from the terminal)", async () => {
    const { typedLine } = await import("../../components/label/typed-line.js");
    expect(typedLine("pick A")).toEqual({ text: "pick A", submitted: false });
    expect(typedLine("pick A\r")).toEqual({ text: "pick A", submitted: true });
    expect(typedLine("a\nb")).toEqual({ text: "a", submitted: true });
  });
});

describe("inert input text", () => {
  it("pre-fills a hostile label as visible glyphs, never raw escape sequences", () => {
    expect(initLabelEditor("\x1b]0;title\x07lbl")).toEqual({ stage: "editing", text: "␛]0;title␇lbl" });
  });

  it("makes pasted control characters inert", async () => {
    const { typedLine } = await import("../../components/label/typed-line.js");
    expect(typedLine("a\x1b[2Jb")).toEqual({ text: "a␛[2Jb", submitted: false });
  });
});
