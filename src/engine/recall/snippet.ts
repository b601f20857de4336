// Snippets: the first matching line with two lines either side, long lines windowed around the
// match, and the offsets of every visible match (the front end decides how to highlight).
import { phraseRanges, phraseRegex } from "./phrase.js";
import { firstRegexMatch } from "./rank.js";
import { chunkLengthFor, checkRegexSafety, RISKY_SHAPE_CHUNK } from "./regex-safety.js";
import { forEachToken, tokenizeWithOffsets } from "./tokenize.js";
import type { HighlightRange, RecallMatcher, RecallSnippet } from "./types.js";

const CONTEXT_LINES = 2;
const LINE_WIDTH = 240;

interface Finder {
  /** Offset of the first match in text, or -1. */
  first(text: string): number;
  /** Every match in text (a short snippet line). */
  all(text: string): HighlightRange[];
}

export function finderFor(matcher: RecallMatcher, matchTerms: Set<string>): Finder | null {
  if (matcher.kind === "none") return null;
  if (matcher.kind === "regex") {
    const safety = checkRegexSafety(matcher.regex.source);
    const chunk = safety.ok ? chunkLengthFor(safety.shape) : RISKY_SHAPE_CHUNK;
    const re = new RegExp(matcher.regex.source, `${matcher.regex.flags.replace(/[gy]/g, "")}g`);
    return {
      first: (text) => Math.max(-1, firstRegexMatch(text, matcher.regex, chunk)),
      // Highlights come from windows of the same bounded size as the search itself.
      all: (text) => {
        const out: HighlightRange[] = [];
        for (let w = 0; w < text.length; w += chunk) {
          for (const m of text.slice(w, w + chunk).matchAll(re)) {
            const start = w + (m.index ?? 0);
            if (m[0].length && (!out.length || start >= out[out.length - 1].end)) out.push({ start, end: start + m[0].length });
          }
        }
        return out;
      },
    };
  }
  const all = (text: string): HighlightRange[] => {
    const ranges: HighlightRange[] = tokenizeWithOffsets(text)
      .filter((t) => matchTerms.has(t.term))
      .map((t) => ({ start: t.start, end: t.end }));
    for (const p of matcher.phrases) for (const range of phraseRanges(text, p)) ranges.push(range);
    return mergeRanges(ranges);
  };
  const phraseRes = matcher.phrases.map(phraseRegex);
  const first = (text: string): number => {
    let at = -1;
    forEachToken(text, (term, start) => {
      if (!matchTerms.has(term)) return false;
      at = start;
      return true;
    });
    for (const re of phraseRes) {
      re.lastIndex = 0;
      const m = re.exec(text);
      if (m && (at < 0 || m.index < at)) at = m.index;
    }
    return at;
  };
  return { first, all };
}

function mergeRanges(ranges: HighlightRange[]): HighlightRange[] {
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: HighlightRange[] = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r.start < last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** `knownAt`: where the first match is, when the search already found it. */
export function makeSnippet(text: string, finder: Finder, knownAt?: number): RecallSnippet | null {
  const at = knownAt ?? finder.first(text);
  if (at < 0) return null;
  // Walk out from the match line by line instead of splitting a possibly huge text.
  let from = text.lastIndexOf("\n", at - 1) + 1;
  let lineEnd = text.indexOf("\n", at);
  if (lineEnd < 0) lineEnd = text.length;
  const focusLine = text.slice(from, lineEnd);
  const focus = at - from;
  const shown = [windowLine(focusLine, focus)];
  let above = 0;
  while (above < CONTEXT_LINES && from > 0) {
    const prevStart = from >= 2 ? text.lastIndexOf("\n", from - 2) + 1 : 0;
    shown.unshift(windowLine(text.slice(prevStart, from - 1), 0));
    from = prevStart;
    above++;
  }
  let end = lineEnd;
  let below = 0;
  while (below < CONTEXT_LINES && end < text.length) {
    let next = text.indexOf("\n", end + 1);
    if (next < 0) next = text.length;
    shown.push(windowLine(text.slice(end + 1, next), 0));
    end = next;
    below++;
  }
  const snippetText = shown.join("\n");
  return { text: snippetText, highlights: finder.all(snippetText), linesAbove: countLines(text, 0, from), linesBelow: countLines(text, end, text.length) };
}

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** A line cut to LINE_WIDTH characters, keeping `focus` visible. */
function windowLine(line: string, focus: number): string {
  if (line.length <= LINE_WIDTH) return line;
  const start = Math.max(0, Math.min(focus - 60, line.length - LINE_WIDTH));
  return `${start > 0 ? "…" : ""}${line.slice(start, start + LINE_WIDTH)}${start + LINE_WIDTH < line.length ? "…" : ""}`;
}
