// What the picker's content search found: the best hit of each session (the index ranks hits
// across every session; a session's first hit is its best), and how that hit is drawn in a row.
import type { RecallRole, RecallSnippet } from "../../src/engine/index.js";
import type { CrossSessionPage } from "../../src/engine/store/recall-cache.js";
import { parseSearchQuery } from "./search-query.js";
import type { SnippetParts } from "./snippet-cell.js";

export interface ContentHit {
  /** Rank of the session's best hit among all hits (1 = best). */
  rank: number;
  entryId: string;
  role: RecallRole;
  /** The matching passage (or the entry's summary line when there is none), with what matched. */
  snippet: RecallSnippet | null;
  summary: string;
}

/** The hits of one query, by session path. */
export interface ContentResults {
  query: string;
  hits: ReadonlyMap<string, ContentHit>;
}

export function bestHitBySession(page: CrossSessionPage): Map<string, ContentHit> {
  const out = new Map<string, ContentHit>();
  for (const h of page.hits) {
    if (out.has(h.sessionPath)) continue;
    out.set(h.sessionPath, { rank: out.size + 1, entryId: h.entryId, role: h.role, snippet: h.snippet, summary: h.summary });
  }
  return out;
}

/**
 * The recall query for what was typed in the picker (pi's syntax: words and "quoted phrases"), or
 * null when the picker query is not one content search answers (a re: pattern, under 2 characters).
 */
export function contentQuery(query: string): string | null {
  const parsed = parseSearchQuery(query);
  if (parsed.mode !== "tokens" || query.trim().length < 2) return null;
  const parts = parsed.tokens.map((t) => (t.kind === "phrase" ? `"${t.value.replace(/"/g, "")}"` : t.value.replace(/^(role|tool|file|scope):/i, "$1 ")));
  return parts.length ? parts.join(" ") : null;
}

/** The snippet as one line: text before the first highlight, the highlight, and after. */
export function snippetLine(hit: ContentHit): SnippetParts {
  const snippet = hit.snippet;
  if (!snippet || snippet.highlights.length === 0) return { before: oneLine(hit.summary), mark: "", after: "" };
  const first = { ...snippet.highlights[0] };
  // Matches close together on the same line are marked as one ("cache expiry").
  for (const h of snippet.highlights.slice(1)) {
    if (h.start < first.end || h.start - first.end > 12 || snippet.text.slice(first.end, h.start).includes("\n")) break;
    first.end = h.end;
  }
  const lineStart = snippet.text.lastIndexOf("\n", first.start - 1) + 1;
  let lineEnd = snippet.text.indexOf("\n", first.end);
  if (lineEnd < 0) lineEnd = snippet.text.length;
  // A little context before the match, so the highlight is near the start of the room it gets.
  const from = Math.max(lineStart, first.start - 24);
  return {
    before: (from > lineStart ? "…" : "") + oneLine(snippet.text.slice(from, first.start)),
    mark: oneLine(snippet.text.slice(first.start, first.end)),
    after: oneLine(snippet.text.slice(first.end, lineEnd)),
  };
}

const oneLine = (text: string): string => text.replace(/\s+/g, " ");
