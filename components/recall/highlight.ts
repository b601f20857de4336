// Snippet text with the engine's match offsets, as toned cells per line. The offsets index the raw
// text, so the text is cut at every offset and line break FIRST and each piece is sanitized on its
// own: sanitizing can change lengths (CRLF, tabs), which would shift offsets computed before it.
import type { HighlightRange } from "../../src/engine/index.js";
import type { Cell, Tone } from "../kit/cell.js";
import { sanitizeInline } from "../kit/sanitize.js";

/** One cell list per line of `text`; highlighted ranges become `hit` cells. */
export function highlightLines(text: string, highlights: readonly HighlightRange[], tone: Tone = "plain"): Cell[][] {
  const lines: Cell[][] = [];
  let lineStart = 0;
  let h = 0;
  for (;;) {
    const nl = text.indexOf("\n", lineStart);
    const breakAt = nl < 0 ? text.length : nl;
    // A CRLF line ending is a line break, not a visible ␍.
    const lineEnd = breakAt > lineStart && text[breakAt - 1] === "\r" ? breakAt - 1 : breakAt;
    const cells: Cell[] = [];
    let at = lineStart;
    // Skip ranges that ended before this line; a range spanning a line break continues on the next.
    while (h < highlights.length && highlights[h].end <= lineStart) h++;
    for (let k = h; k < highlights.length && highlights[k].start < lineEnd; k++) {
      const start = Math.max(highlights[k].start, at);
      const end = Math.min(highlights[k].end, lineEnd);
      if (end <= start) continue;
      if (start > at) cells.push({ text: sanitizeInline(text.slice(at, start)), tone });
      cells.push({ text: sanitizeInline(text.slice(start, end)), tone, hit: true });
      at = end;
    }
    if (at < lineEnd || cells.length === 0) cells.push({ text: sanitizeInline(text.slice(at, lineEnd)), tone });
    lines.push(cells);
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  return lines;
}
