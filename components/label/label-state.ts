// Shift+L's label editor as a pure reducer: pi's "Label (empty to remove):" prompt pre-filled with
// the current label, then a confirm step before the label entry is appended.
import { labelFromInput } from "../../src/engine/index.js";
import { sanitizeInline } from "../kit/sanitize.js";

export type LabelEditorState =
  | { stage: "editing"; text: string }
  /** `label` undefined: the label is cleared (pi's empty input). */
  | { stage: "confirm"; text: string; label: string | undefined }
  | { stage: "closed" };

export type LabelEditorAction = { type: "type"; text: string } | { type: "submit" } | { type: "back" };

/** Pre-filled with the current label, made inert (it is session text and the input draws it raw). */
export const initLabelEditor = (current: string | undefined): LabelEditorState => ({ stage: "editing", text: sanitizeInline(current ?? "") });

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
