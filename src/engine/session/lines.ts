// Splitting a session text into the lines pi tries to parse, per release, with physical line numbers.
import type { PiProfile } from "../types.js";
import { asBuffer } from "./decode.js";

export interface LineWalk {
  /** 1.6: the text after the last "\n" was not empty (pi 1.6 appends "\n" to such a file on open). */
  unterminatedTail: boolean;
  /** Physical line number of the last line visited (0 when none). */
  lastLine: number;
}

/**
 * Visit every line pi's loadEntriesFromFile would look at.
 * 0.73: the whole text is trim()med, then split on "\n". 1.6: split on "\n" only, no trim.
 * Lines are slices of the text (no copies of the content beyond what slice shares).
 */
export function forEachSessionLine(
  text: string,
  profile: PiProfile,
  visit: (line: string, lineNo: number) => void,
): LineWalk {
  let body = text;
  let lineNo = 1;
  if (profile === "0.73") {
    const start = text.length - text.trimStart().length;
    for (let i = 0; i < start; i++) if (text.charCodeAt(i) === 10) lineNo++;
    body = text.trim();
    if (body === "") return { unterminatedTail: false, lastLine: 0 };
  }
  let from = 0;
  let nl = body.indexOf("\n", from);
  while (nl !== -1) {
    visit(body.slice(from, nl), lineNo);
    lineNo++;
    from = nl + 1;
    nl = body.indexOf("\n", from);
  }
  const tail = from < body.length ? body.slice(from) : "";
  if (profile === "0.73") {
    visit(tail, lineNo);
    return { unterminatedTail: false, lastLine: lineNo };
  }
  if (tail !== "") {
    visit(tail, lineNo);
    return { unterminatedTail: true, lastLine: lineNo };
  }
  return { unterminatedTail: false, lastLine: lineNo - 1 };
}

/** pi's `!line.trim()`, with a fast path for the usual "{" start. */
export function isBlankLine(line: string): boolean {
  const c = line.charCodeAt(0);
  if (c === 123) return false;
  return line.trim() === "";
}

/** True when the text has a "\r" that is not part of "\r\n" (readline, used by pi 1.6's listing, splits there). */
export function hasLoneCarriageReturn(text: string): boolean {
  let i = text.indexOf("\r");
  while (i !== -1) {
    if (text.charCodeAt(i + 1) !== 10) return true;
    i = text.indexOf("\r", i + 1);
  }
  return false;
}

/** hasLoneCarriageReturn of the decoded bytes: a 0x0D byte is always a "\r" of its own, valid UTF-8 or not. */
export function hasLoneCarriageReturnByte(bytes: Uint8Array): boolean {
  const buf = asBuffer(bytes); // Buffer's indexOf is memchr, a typed array's a loop
  let i = buf.indexOf(13);
  while (i !== -1) {
    if (buf[i + 1] !== 10) return true;
    i = buf.indexOf(13, i + 1);
  }
  return false;
}

/** Lines as Node's readline yields them (crlfDelay Infinity): "\n", "\r\n" and a lone "\r" end a line. */
export function forEachReadlineLine(text: string, visit: (line: string) => void): void {
  let from = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      visit(text.slice(from, i));
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      from = i + 1;
    }
  }
  if (from < n) visit(text.slice(from));
}
