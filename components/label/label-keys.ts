// The label editor's keys while the text is edited (the confirm step after it is CommitConfirm's):
// one table drives the editor and the help overlay. The text field's own table edits the text.
import { bindingLookup, type Binding, type TextBinding } from "../kit/bindings.js";
import type { KeyPress } from "../kit/keys.js";
import { TEXT_FIELD_TEXT, textFieldKeyAction } from "../kit/text-field/text-field-keys.js";
import type { LabelEditorAction } from "./label-state.js";

export type LabelEditorBinding = Binding<LabelEditorAction>;

export const LABEL_TEXT: TextBinding = { keys: TEXT_FIELD_TEXT.keys, help: "the label (pre-filled with the current one; the text-field keys edit it); empty removes it" };

export const LABEL_EDITOR_BINDINGS: LabelEditorBinding[] = [
  { keys: ["enter"], help: "save: shows the label entry, then asks", run: { type: "submit" }, footer: "save (asks first)" },
  // As in pi, Esc cancels the editor; on the confirm step (CommitConfirm) Esc / n / Ctrl+C return to the text.
  { keys: ["escape", "ctrl+c"], help: "cancel (from the confirm step: back to the text)", run: { type: "back" }, footer: "cancel" },
];

const LABEL_EDITOR = bindingLookup(LABEL_EDITOR_BINDINGS);

/** What a key does while the label is edited: an editor command, an edit of the text, or null (swallowed). */
export function labelEditorKeyAction(key: KeyPress): LabelEditorAction | null {
  const command = LABEL_EDITOR(key.name);
  if (command !== null) return command;
  const edit = textFieldKeyAction(key);
  return edit === null ? null : { type: "edit", edit };
}
