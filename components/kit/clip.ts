// Session text on one row: sanitized and measured only as far as the row shows it. A message label
// may come from a 200 KB tool result; the row shows a few dozen columns of it.
import { sanitizeInline } from "./sanitize.js";
import { truncateToWidth, widthUpTo } from "./text-width.js";

/**
 * The inline-sanitized start of `raw` holding more than `columns` columns, or all of `raw` when it
 * is narrower: what a caller may cut, pad or slice to `columns` without looking at the rest.
 */
export function inlinePrefix(raw: string, columns: number): string {
  let take = Math.max(64, columns * 4 + 8);
  for (;;) {
    if (take >= raw.length) return sanitizeInline(raw);
    if ((raw.charCodeAt(take - 1) & 0xfc00) === 0xd800) take++;
    const clean = sanitizeInline(raw.slice(0, take));
    if (widthUpTo(clean, columns) > columns) return clean;
    take *= 4;
  }
}

/** `raw` sanitized for a row and cut to `columns` (ending in "…" when cut). */
export function clipInline(raw: string, columns: number, ellipsis = "…"): string {
  if (columns <= 0) return "";
  return truncateToWidth(inlinePrefix(raw, columns), columns, ellipsis);
}
