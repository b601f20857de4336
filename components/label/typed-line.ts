// What a one-line text input holds. ink-text-input draws its value as it is, so the value must be
// inert: a label pre-filled from the session, or a paste, could otherwise carry escape sequences to
// the terminal. Control characters become visible glyphs (and are saved that way).
import { sanitizeInline } from "../kit/sanitize.js";

/** The inert text, and whether a line break arrived (a paste, or Enter in the same chunk as the text, which Ink delivers as one string): then the text before it is submitted. */
export function typedLine(value: string): { text: string; submitted: boolean } {
  const match = /[\r\n]/.exec(value);
  const text = match === null ? value : value.slice(0, match.index);
  return { text: sanitizeInline(text), submitted: match !== null };
}
