// Shift+L's editor reducer: pre-filled text, pi's "empty removes it", confirm step and back-outs,
// and the v1/v2 refusal before anything is typed.
import { describe, expect, it } from "vitest";
import { initLabelEditor, labelEditorReducer, type LabelEditorAction, type LabelEditorState } from "../../components/label/label-state.js";

const run = (state: LabelEditorState, ...actions: LabelEditorAction[]): LabelEditorState => actions.reduce(labelEditorReducer, state);
const typed = (text: string): LabelEditorAction => ({ type: "edit", edit: { type: "insert", text } });
const clear: LabelEditorAction = { type: "edit", edit: { type: "deleteToLineStart" } };
const text = (s: LabelEditorState): string | undefined => ("field" in s ? s.field.value : undefined);

describe("label editor reducer", () => {
  it("is pre-filled with the current label, or empty", () => {
    expect(initLabelEditor("approach-A")).toEqual({ stage: "editing", field: { value: "approach-A", cursor: 10 } });
    expect(initLabelEditor(undefined)).toEqual({ stage: "editing", field: { value: "", cursor: 0 } });
  });

  it("asks before writing: Enter goes to a confirm step with the trimmed label", () => {
    expect(run(initLabelEditor(""), typed("  keep me "), { type: "submit" })).toMatchObject({ stage: "confirm", label: "keep me" });
  });

  it("treats empty or blank text as removing the label, like pi", () => {
    expect(run(initLabelEditor("old"), clear, { type: "submit" })).toMatchObject({ stage: "confirm", label: undefined });
    expect(run(initLabelEditor("old"), clear, typed("   "), { type: "submit" })).toMatchObject({ stage: "confirm", label: undefined });
  });

  it("Esc on the confirm step returns to the text; Esc while editing cancels", () => {
    const confirm = run(initLabelEditor("a"), typed("b"), { type: "submit" });
    const back = run(confirm, { type: "back" });
    expect(back.stage).toBe("editing");
    expect(text(back)).toBe("ab");
    expect(run(confirm, { type: "back" }, { type: "back" })).toEqual({ stage: "closed" });
  });

  it("does not change the text once it is being confirmed", () => {
    const confirm = run(initLabelEditor("a"), { type: "submit" });
    expect(run(confirm, typed("zzz"))).toBe(confirm);
  });

  it("on a file it cannot append to, opens on the refusal (nothing to type) and Esc closes it", () => {
    const refused = initLabelEditor("a", "This is a v1 session file; …");
    expect(refused).toEqual({ stage: "refused", message: "This is a v1 session file; …" });
    expect(run(refused, typed("x"), { type: "submit" })).toBe(refused);
    expect(run(refused, { type: "back" })).toEqual({ stage: "closed" });
  });
});

describe("inert input text", () => {
  it("pre-fills a hostile label as visible glyphs, never raw escape sequences", () => {
    expect(text(initLabelEditor("\x1b]0;title\x07lbl"))).toBe("␛]0;title␇lbl");
  });

  it("makes pasted control characters inert, line breaks spaces", () => {
    expect(text(run(initLabelEditor(""), typed("a\x1b[2Jb\nc")))).toBe("a␛[2Jb c");
  });
});
