// A quoted phrase as an SQLite FTS5 MATCH expression. The cross-session index ranks words from its
// own postings and asks FTS5 only where a quoted phrase occurs.

const quote = (term: string): string => `"${term.replace(/"/g, '""')}"`;

/** The MATCH text finding the phrase's terms in a row. */
export const toFtsPhrase = (phrase: readonly string[]): string => quote(phrase.join(" "));
