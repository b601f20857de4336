// The tool-result cut of serializeConversation, with 1.6's surrogate-safe head.

/** Tool results longer than this are cut in the text a summarizer reads. */
export const TOOL_RESULT_MAX_CHARS = 2000;

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** At most `maxUnits` UTF-16 units of `text`, never splitting a surrogate pair (1.6 sliceHead). */
export function sliceHead(text: string, maxUnits: number): string {
  const end = Math.max(0, maxUnits);
  return isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))
    ? text.slice(0, end - 1)
    : text.slice(0, end);
}

/**
 * Keeps the head and appends pi's marker. The count is `length - max` even when 1.6 keeps one
 * unit less to spare a surrogate pair; 0.73 cuts the pair in half.
 */
export function truncateForSummary(text: string, maxChars: number, surrogateSafe: boolean): string {
  if (text.length <= maxChars) return text;
  const head = surrogateSafe ? sliceHead(text, maxChars) : text.slice(0, maxChars);
  return `${head}\n\n[... ${text.length - maxChars} more characters truncated]`;
}
