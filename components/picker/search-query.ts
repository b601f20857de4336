// pi's /resume query syntax (session-selector-search.js): words that must all match, "quoted
// phrases" matched exactly, and re:<pattern> for one case-insensitive regex.

export type QueryToken = { kind: "fuzzy" | "phrase"; value: string };

export type ParsedQuery =
  | { mode: "tokens"; tokens: QueryToken[] }
  | { mode: "regex"; regex: RegExp | null; error?: string };

export function parseSearchQuery(query: string): ParsedQuery {
  const trimmed = query.trim();
  if (!trimmed) return { mode: "tokens", tokens: [] };
  if (trimmed.startsWith("re:")) return parseRegex(trimmed.slice(3).trim());

  const tokens: QueryToken[] = [];
  let buf = "";
  let inQuote = false;
  const flush = (kind: QueryToken["kind"]): void => {
    const value = buf.trim();
    buf = "";
    if (value) tokens.push({ kind, value });
  };
  for (const ch of trimmed) {
    if (ch === '"') {
      flush(inQuote ? "phrase" : "fuzzy");
      inQuote = !inQuote;
      continue;
    }
    if (!inQuote && /\s/.test(ch)) {
      flush("fuzzy");
      continue;
    }
    buf += ch;
  }
  // An unclosed quote makes every word a plain one, as in pi.
  if (inQuote) {
    return { mode: "tokens", tokens: trimmed.split(/\s+/).filter(Boolean).map((value) => ({ kind: "fuzzy", value })) };
  }
  flush("fuzzy");
  return { mode: "tokens", tokens };
}

function parseRegex(pattern: string): ParsedQuery {
  if (!pattern) return { mode: "regex", regex: null, error: "Empty regex" };
  try {
    return { mode: "regex", regex: new RegExp(pattern, "i") };
  } catch (err) {
    return { mode: "regex", regex: null, error: err instanceof Error ? err.message : String(err) };
  }
}
