// The app's door to the one sanitizer for session text (the engine's display/sanitize.ts, which the
// CLI's text output uses too). Components import it from here so the kit stays their single source;
// it also counts what is sanitized (text-work.ts).
import { sanitizeBlock as blockOf, sanitizeInline as inlineOf } from "../../src/engine/index.js";
import { textWork } from "./text-work.js";

export { isInert } from "../../src/engine/index.js";

/** One-line form for rows (the engine's sanitizeInline). Pass only what is drawn: see clipInline. */
export function sanitizeInline(text: string): string {
  textWork.sanitized += text.length;
  return inlineOf(text);
}

/** Block form for panes (the engine's sanitizeBlock). Panes use PaneLines, which sanitizes piece by piece. */
export function sanitizeBlock(text: string, tabWidth?: number): string {
  textWork.sanitized += text.length;
  return blockOf(text, tabWidth);
}
