// Content-word truncation (vcc.md §2.5): whitespace collapsed, then cut after the N-th content word
// (a letter followed by letters/digits, or a run of digits) that is not a stop word. A Unicode
// regex replaces Intl.Segmenter so the result does not depend on the ICU version.
import { collapseWhitespace } from "./text.js";

const STOP_WORDS = new Set(
  (
    "a an the and or but nor so yet for of to in on at by with from into onto upon about above below over under " +
    "between through during before after since until while as than then if when where how why what which who whom " +
    "whose this that these those it its it's i me my we us our you your he him his she her they them their " +
    "is are was were be been being am do does did done have has had having can could will would shall should may " +
    "might must not no just also very too only there here up out off again"
  ).split(" "),
);

const WORD = /\p{L}[\p{L}\p{N}]*|\p{N}+/u;
const TRUNCATED_MARK = "...(truncated)";

/** `text` on one line, cut right after its `maxWords`-th content word (marked when cut). */
export function truncateContentWords(text: string, maxWords: number): string {
  // Words are found on the raw text and only the kept head is collapsed, so long texts cost
  // no more than their first `maxWords` words.
  const words = new RegExp(WORD.source, "gu");
  let count = 0;
  let lastAllowedEnd = 0;
  let match: RegExpExecArray | null;
  while ((match = words.exec(text)) !== null) {
    if (STOP_WORDS.has(match[0].toLowerCase())) continue;
    count++;
    if (count > maxWords) return `${collapseWhitespace(text.slice(0, lastAllowedEnd))}${TRUNCATED_MARK}`;
    lastAllowedEnd = match.index + match[0].length;
  }
  return collapseWhitespace(text);
}

/** `<skill name="X">…</skill>` → `[skill: X]` (scanned with indexOf, linear). */
export function collapseSkillBlocks(text: string): string {
  if (!text.includes("<skill")) return text;
  let out = "";
  let pos = 0;
  for (;;) {
    const start = text.indexOf("<skill", pos);
    if (start === -1) break;
    const close = text.indexOf("</skill>", start);
    const tagEnd = text.indexOf(">", start);
    const openTag = text.slice(start, tagEnd === -1 ? start + 300 : Math.min(tagEnd + 1, start + 300));
    const name = /name="([^"]{1,100})"/.exec(openTag)?.[1] ?? "skill";
    out += `${text.slice(pos, start)}[skill: ${name}]`;
    // An unclosed skill block (cut by a length cap) runs to the end of the text.
    pos = close === -1 ? text.length : close + "</skill>".length;
    if (close === -1) break;
  }
  return out + text.slice(pos);
}
