// Small text helpers shared by the summary builders. Every regex here is anchored or runs over a
// single character class, so all of them are linear in the input.
import { posix } from "node:path";

/** Longest text any extractor looks at; longer inputs are cut first so no regex sees more. */
export const MAX_SCAN_CHARS = 8000;

// ESC [ params letter; params are a bounded run of digits/semicolons/question marks.
const ANSI_CSI = /\u001b\[[0-9;?]{0,32}[A-Za-z]/g;
// C0 controls except TAB (09) and LF (0a), plus DEL.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

const NEEDS_SANITIZE = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** CRLF/CR → LF, ANSI CSI removed, control characters removed (TAB and LF kept). */
export function sanitize(text: string): string {
  // Fast path: CR and ESC are control characters too, so clean text needs no rewriting.
  if (!NEEDS_SANITIZE.test(text)) return text;
  return text.replace(/\r\n?/g, "\n").replace(ANSI_CSI, "").replace(CONTROL, "");
}

/** Whitespace runs (newlines included) collapsed to one space, ends trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** At most `max` UTF-16 units, never splitting a surrogate pair, with `...` when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 3);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}...`;
}

/** Like clip, but cuts at the last space when that keeps at least 60% of `max`. */
export function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = clip(text, max).slice(0, -3);
  const space = head.lastIndexOf(" ");
  return `${space >= max * 0.6 ? head.slice(0, space) : head}...`;
}

/** The first line whose trimmed text is non-empty, trimmed; "" when there is none. */
export function firstNonEmptyLine(text: string): string {
  let start = 0;
  const limit = Math.min(text.length, MAX_SCAN_CHARS);
  while (start < limit) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    if (line !== "") return line;
    start = end + 1;
  }
  return "";
}

/** Calls `visit` for up to `maxLines` lines of `text` (the first MAX_SCAN_CHARS only), stopping when it returns true. */
export function forEachLine(text: string, maxLines: number, visit: (line: string) => boolean | void): void {
  const limit = Math.min(text.length, MAX_SCAN_CHARS);
  let start = 0;
  let count = 0;
  while (start <= limit && count < maxLines) {
    let end = text.indexOf("\n", start);
    if (end === -1 || end > limit) end = limit;
    if (visit(text.slice(start, end)) === true) return;
    count++;
    start = end + 1;
  }
}

/** Last `n` path segments joined by `/`. */
export function lastSegments(path: string, n: number): string {
  const parts = path.split("/").filter((p) => p !== "");
  return parts.slice(-n).join("/") || path;
}

/**
 * `path` in one spelling per file: "./a.py", "a.py", "x/../a.py" and "<cwd>/a.py" are one file, so a
 * summary's file list names it once. Lexical only (POSIX normalize, then relative to `cwd` when
 * inside it); a path that climbs out of its start ("../a.py") keeps its "..".
 */
export function relativeToCwd(path: string, cwd: string | undefined): string {
  if (path === "") return path;
  const normal = posix.normalize(path);
  const clean = normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
  if (!cwd) return clean;
  const root = posix.normalize(cwd);
  const base = root.endsWith("/") ? root : `${root}/`;
  return clean.startsWith(base) && clean.length > base.length ? clean.slice(base.length) : clean;
}
