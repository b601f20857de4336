// Shift+L's label editor as a pure reducer: pi's "Label (empty to remove):" prompt pre-filled with
// the current label, then a confirm step before the label entry is appended.
import { labelFromInput } from "../../src/engine/index.js";

export type LabelEditorState =
  | { stage: "editing"; text: string }
  /** `label` undefined: the label is cleared (pi's empty input). */
  | { stage: "confirm"; text: string; label: string | undefined }
  | { stage: "closed" };

export type LabelEditorAction = { type: "type"; text: string } | { type: "submit" } | { type: "back" };

export const initLabelEditor = (current: string | undefined): LabelEditorState => ({ stage: "editing", text: current ?? "" });

export function labelEditorReducer(s: LabelEditorState, action: LabelEditorAction): LabelEditorState {
  switch (action.type) {
    case "type":
      return s.stage === "editing" ? { stage: "editing", text: action.text } : s;
    case "submit":
      return s.stage === "editing" ? { stage: "confirm", text: s.text, label: labelFromInput(s.text) } : s;
    case "back":
      // Esc in the editor cancels (as pi); Esc on the confirm step goes back to the text.
      return s.stage === "confirm" ? { stage: "editing", text: s.text } : { stage: "closed" };
  }
}
