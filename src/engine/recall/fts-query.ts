// A parsed recall query as an SQLite FTS5 MATCH expression (the cross-session index).
// Each word matches exactly or as a prefix: `("word" OR word*)`, so an exact hit scores twice
// (FTS5's bm25 sums over the query's phrases) and ranks above a longer form. Phrases stay phrases.
import type { RecallMatcher } from "./types.js";

const quote = (term: string): string => `"${term.replace(/"/g, '""')}"`;

/** The MATCH text for a terms query, or null when the query has no terms (regex or filters only). */
export function toFtsMatch(matcher: RecallMatcher, corrections: Record<string, string[]> = {}): string | null {
  if (matcher.kind !== "terms") return null;
  const parts: string[] = [];
  for (const word of matcher.words) {
    const alts = corrections[word] ?? [word];
    for (const alt of alts) parts.push(alt.length >= 3 ? `(${quote(alt)} OR ${quote(alt)}*)` : quote(alt));
  }
  for (const phrase of matcher.phrases) parts.push(quote(phrase.join(" ")));
  return parts.length ? parts.join(" OR ") : null;
}
