// Shift+L's label editor as a pure reducer: pi's "Label (empty to remove):" prompt pre-filled with
// the current label, then a confirm step before the label entry is appended. A file that cannot be
// appended to (v1/v2) is refused when the editor opens, before anything is typed.
import { labelFromInput } from "../../src/engine/index.js";
import { initTextField, textFieldReducer, type TextFieldAction, type TextFieldState } from "../kit/text-field/text-field-state.js";

export type LabelEditorState =
  | { stage: "editing"; field: TextFieldState }
  /** `label` undefined: the label is cleared (pi's empty input). */
  | { stage: "confirm"; field: TextFieldState; label: string | undefined }
  /** Nothing can be appended to this file; `message` says why (appendRefusal). */
  | { stage: "refused"; message: string }
  | { stage: "closed" };

export type LabelEditorAction = { type: "edit"; edit: TextFieldAction } | { type: "submit" } | { type: "back" };

/** Pre-filled with the current label (made inert: it is session text); refused when `refusal` is set. */
export const initLabelEditor = (current: string | undefined, refusal: string | null = null): LabelEditorState =>
  refusal !== null ? { stage: "refused", message: refusal } : { stage: "editing", field: initTextField(current ?? "") };

export function labelEditorReducer(s: LabelEditorState, action: LabelEditorAction): LabelEditorState {
  switch (action.type) {
    case "edit":
      return s.stage === "editing" ? { stage: "editing", field: textFieldReducer(s.field, action.edit) } : s;
    case "submit":
      return s.stage === "editing" ? { stage: "confirm", field: s.field, label: labelFromInput(s.field.value) } : s;
    case "back":
      // Esc in the editor cancels (as pi); Esc on the confirm step goes back to the text; Esc on a
      // refusal closes the editor (back to the tree).
      return s.stage === "confirm" ? { stage: "editing", field: s.field } : { stage: "closed" };
  }
}
