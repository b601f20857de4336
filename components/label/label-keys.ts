// The label editor's keys while the text is edited (the confirm step after it is CommitConfirm's):
// one table drives the editor and the help overlay. ink-text-input types the text itself.
import { bindingLookup, TYPED_TEXT, type Binding, type TextBinding } from "../kit/bindings.js";
import type { KeyPress } from "../kit/keys.js";
import type { LabelEditorAction } from "./label-state.js";

export type LabelEditorBinding = Binding<LabelEditorAction>;

export const LABEL_TEXT: TextBinding = { keys: [TYPED_TEXT], help: "the label (pre-filled with the current one; ←/→ and backspace edit it); empty removes it" };

export const LABEL_EDITOR_BINDINGS: LabelEditorBinding[] = [
  { keys: ["enter"], help: "save: shows the label entry, then asks", run: { type: "submit" } },
  // As in pi, Esc cancels the editor; on the confirm step (CommitConfirm) Esc / n / Ctrl+C return to the text.
  { keys: ["escape", "ctrl+c"], help: "cancel (from the confirm step: back to the text)", run: { type: "back" } },
];

const LABEL_EDITOR = bindingLookup(LABEL_EDITOR_BINDINGS);

/** What a key does while the label is edited, or null (the text input's key, or none). */
export const labelEditorKeyAction = (key: KeyPress): LabelEditorAction | null => LABEL_EDITOR(key.name);
