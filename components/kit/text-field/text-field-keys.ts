// The keys of every one-line text field, as one table (the help overlay lists it): pi's editor keys
// that make sense on one line. Enter, Esc and Tab are the surrounding screen's.
import { bindingLookup, TYPED_TEXT, type Binding, type TextBinding } from "../bindings.js";
import { isPrintableText, type KeyPress } from "../keys.js";
import type { TextFieldAction } from "./text-field-state.js";

export type TextFieldBinding = Binding<TextFieldAction>;

export const TEXT_FIELD_BINDINGS: TextFieldBinding[] = [
  { keys: ["left", "ctrl+b"], help: "cursor left", run: { type: "left" } },
  { keys: ["right", "ctrl+f"], help: "cursor right", run: { type: "right" } },
  { keys: ["ctrl+left", "alt+left", "alt+b"], help: "one word left", run: { type: "wordLeft" } },
  { keys: ["ctrl+right", "alt+right", "alt+f"], help: "one word right", run: { type: "wordRight" } },
  { keys: ["home", "ctrl+a"], help: "start of the text", run: { type: "lineStart" } },
  { keys: ["end", "ctrl+e"], help: "end of the text", run: { type: "lineEnd" } },
  { keys: ["backspace"], help: "delete before the cursor", run: { type: "backspace" } },
  { keys: ["ctrl+d"], help: "delete under the cursor", run: { type: "delete" } },
  { keys: ["ctrl+w", "ctrl+backspace", "alt+backspace"], help: "delete the word before the cursor", run: { type: "deleteWordBackward" } },
  { keys: ["ctrl+u"], help: "delete to the start", run: { type: "deleteToLineStart" } },
  { keys: ["ctrl+k"], help: "delete to the end", run: { type: "deleteToLineEnd" } },
];

export const TEXT_FIELD_TEXT: TextBinding = { keys: [TYPED_TEXT], help: "type at the cursor (a paste's line breaks become spaces)" };

const FIELD = bindingLookup(TEXT_FIELD_BINDINGS);

/** The edit a key makes in a text field, or null when it is not a field key (the screen's to handle). */
export function textFieldKeyAction(key: KeyPress): TextFieldAction | null {
  const bound = FIELD(key.name);
  if (bound !== null) return bound;
  return isPrintableText(key.text) ? { type: "insert", text: key.text } : null;
}
