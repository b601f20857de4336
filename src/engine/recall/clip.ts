// Clipping for one-line summaries: cut at a space when one lies beyond 60 % of the limit,
// never split a surrogate pair (vcc.md §3.1).

export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let cut = limit;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  const space = text.lastIndexOf(" ", cut);
  if (space > limit * 0.6) cut = space;
  return `${text.slice(0, cut)}…`;
}
