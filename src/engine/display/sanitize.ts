// Session text is untrusted. Everything drawn from a session, by the app or by the CLI's text output,
// passes through here first, so no escape sequence (clear screen, cursor moves, OSC 52 clipboard
// writes, title changes, DCS/APC payloads) and no bidi override ever reaches the terminal. Rather than
// deleting them, control characters are shown as visible, inert glyphs: ESC becomes "␛", so "\x1b[2J"
// is drawn as the text "␛[2J", and the reader (or a pipe into grep) can see the session contained it.
import { stringifyJson } from "../serialize/json-text.js";

// Bidi embeddings/overrides (U+202A-U+202E), isolates (U+2066-U+2069) and the marks that steer them
// (LRM, RLM, ALM) can reorder what is drawn around them; they become U+FFFD.
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
// C0 (minus \t \n handled below), DEL, and C1. C1 includes the 8-bit CSI/OSC/DCS introducers.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]/g;
// Unicode line and paragraph separators would break a row like a newline does.
const LINE_SEPARATORS = /[\u2028\u2029]/g;

function visibleControl(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code); // ␀ .. ␟, ESC is ␛
  if (code === 0x7f) return "\u2421"; // ␡
  return "\ufffd"; // C1: no picture exists
}

function neutralize(text: string): string {
  return text.replace(CONTROL, visibleControl).replace(BIDI, "\ufffd");
}

/** One-line form for rows: newlines and tabs become spaces (as pi's rows do), controls become glyphs. */
/**
 * Session data is typed by what pi writes, not by what a file holds: an id may be 123, true or {}.
 * Whatever reaches a sanitizer as text is shown as text (JSON for anything but a string).
 */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  return stringifyJson(value) ?? String(value);
}

export function sanitizeInline(text: string): string {
  return neutralize(asText(text).replace(/\r\n/g, "\n").replace(/[\n\t]/g, " ").replace(LINE_SEPARATORS, " "));
}

/** Block form for the detail pane: keeps newlines, expands tabs, shows every other control as a glyph. */
export function sanitizeBlock(text: string, tabWidth = 4): string {
  const spaces = " ".repeat(tabWidth);
  return neutralize(asText(text).replace(/\r\n/g, "\n").replace(/\t/g, spaces).replace(LINE_SEPARATORS, "\n"));
}

/** Listing form for plain-text output: sanitizeInline, then every whitespace run as one space, trimmed. */
export function sanitizeLine(text: string): string {
  return sanitizeInline(text).replace(/\s+/g, " ").trim();
}

// The same three sets in one test (no "g" flag: `test` must not keep a lastIndex between calls).
const UNSAFE = new RegExp([CONTROL, BIDI, LINE_SEPARATORS].map((r) => r.source).join("|"));

/** True when the text holds no control, bidi or line-separator character (used by tests and the bench). */
export function isInert(text: string): boolean {
  return !UNSAFE.test(text);
}
