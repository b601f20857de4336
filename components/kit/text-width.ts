// Column arithmetic for terminal text: wide (CJK, emoji) characters take two columns, combining marks
// none. Rows are cut to the terminal width here rather than by Ink's wrapping, so a row is always
// exactly one line and the frame height stays predictable.

const COMBINING = /\p{Mn}|\p{Me}/u;
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;

/** Columns one code point takes. */
export function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  // Zero-width space/joiners and variation selectors take no column either.
  if ((code >= 0x200b && code <= 0x200d) || (code >= 0xfe00 && code <= 0xfe0f) || COMBINING.test(ch)) return 0;
  return WIDE.test(ch) ? 2 : 1;
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Columns a string takes. */
export function displayWidth(text: string): number {
  if (PLAIN_ASCII.test(text)) return text.length;
  let width = 0;
  for (const ch of text) width += charWidth(ch);
  return width;
}

/** The part of `text` that fits in `[start, start + width)` columns; a wide char cut in half is dropped. */
export function sliceColumns(text: string, start: number, width: number): string {
  if (PLAIN_ASCII.test(text)) return text.slice(start, start + width);
  let col = 0;
  let out = "";
  const end = start + width;
  for (const ch of text) {
    const w = charWidth(ch);
    if (col >= end) break;
    if (col >= start && col + w <= end) out += ch;
    col += w;
  }
  return out;
}

/** `text` cut to `width` columns, ending in "…" when it was cut. */
export function truncateToWidth(text: string, width: number, ellipsis = "…"): string {
  if (width <= 0) return "";
  if (displayWidth(text) <= width) return text;
  return sliceColumns(text, 0, width - displayWidth(ellipsis)) + ellipsis;
}

/** `text` padded with spaces to exactly `width` columns (cut when longer). */
export function padToWidth(text: string, width: number): string {
  const cut = sliceColumns(text, 0, width);
  return cut + " ".repeat(Math.max(0, width - displayWidth(cut)));
}

/**
 * Wrap one paragraph (no newlines) to `width` columns, breaking at spaces when a word fits and
 * hard-breaking words longer than a line.
 */
export function wrapParagraph(text: string, width: number): string[] {
  if (width <= 0) return [];
  if (text === "") return [""];
  const lines: string[] = [];
  let line = "";
  let lineWidth = 0;
  for (const word of text.split(/(?<= )/)) {
    const w = displayWidth(word);
    // A word's trailing space may hang past the edge; it is trimmed when the line ends.
    if (lineWidth + displayWidth(word.trimEnd()) <= width) {
      line += word;
      lineWidth += w;
      continue;
    }
    if (line !== "") {
      lines.push(line.trimEnd());
      line = "";
      lineWidth = 0;
    }
    let rest = word;
    while (displayWidth(rest) > width) {
      const head = sliceColumns(rest, 0, width) || [...rest][0];
      lines.push(head);
      rest = rest.slice(head.length);
    }
    line = rest;
    lineWidth = displayWidth(rest);
  }
  lines.push(line.trimEnd());
  return lines;
}

/** Wrap text with newlines into lines of at most `width` columns. */
export function wrapText(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split("\n")) out.push(...wrapParagraph(paragraph, width));
  return out;
}
