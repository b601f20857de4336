// A parsed recall query as an SQLite FTS5 MATCH expression. Each word matches exactly or as a
// prefix: `("word" OR word*)`; phrases stay phrases. The cross-session index ranks words from its
// own postings now and asks FTS5 only where a quoted phrase occurs (one phrase per expression).
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
