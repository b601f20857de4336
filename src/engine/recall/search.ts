// search(): parse (if needed), resolve the scope, rank, page, snippet and group one page.
import { parseRecallQuery } from "./query.js";
import { rank } from "./rank.js";
import { scopeDocs } from "./scope.js";
import { groupSegments } from "./segments.js";
import { finderFor, makeSnippet } from "./snippet.js";
import { entryView } from "./view.js";
import type { RecallHit, RecallIndex, RecallQuery, RecallResult, RecallScope, RecallSearchPage } from "./types.js";

export const DEFAULT_PAGE_SIZE = 10;
/** How long a regular-expression scan may run before it returns what it found so far. */
export const DEFAULT_REGEX_BUDGET_MS = 2000;

export interface SearchOptions {
  /** A scope, or its text (`all`, `compaction:2`, …). A `scope:` in the query wins. Default lineage. */
  scope?: RecallScope | string;
  /** 1-based. */
  page?: number;
  pageSize?: number;
  /** Clock for the regex budget (the engine never reads time itself). Default: no budget. */
  now?: () => number;
  budgetMs?: number;
}

export function search(index: RecallIndex, query: RecallQuery | string, opts: SearchOptions = {}): RecallResult<RecallSearchPage> {
  const parsed = typeof query === "string" ? parseRecallQuery(query) : { ok: true as const, value: query };
  if (!parsed.ok) return parsed;
  const q = parsed.value;
  const scope = scopeDocs(index, q.scope ?? opts.scope);
  if (!scope.ok) return scope;

  const pageSize = Math.max(1, Math.floor(opts.pageSize ?? DEFAULT_PAGE_SIZE));
  const page = Math.floor(opts.page ?? 1);
  const outcome = rank(index, scope.value, q.matcher, q.filters, {
    now: opts.now ?? (() => 0),
    budgetMs: opts.budgetMs ?? DEFAULT_REGEX_BUDGET_MS,
    limit: Math.max(1, page) * pageSize,
  });
  const total = outcome.total;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page < 1 || (page > pageCount && total > 0))
    return { ok: false, message: `Page ${opts.page} is outside the available range 1-${pageCount} (${total} matches).` };

  const slice = outcome.ranked.slice((page - 1) * pageSize, page * pageSize);
  const finder = finderFor(q.matcher, outcome.matchTerms);
  const hits: RecallHit[] = slice.map((r, i) => ({
    ...entryView(index, r.doc),
    rank: (page - 1) * pageSize + i + 1,
    score: r.score,
    snippet: finder ? makeSnippet(index.docs[r.doc].text, finder, r.at) : null,
  }));
  return {
    ok: true,
    value: {
      query: q.text,
      scopeLabel: scope.value.label,
      total,
      page,
      pageCount,
      pageSize,
      hits,
      segments: groupSegments(index, scope.value, hits, slice.map((r) => r.doc)),
      corrections: outcome.corrections,
      timedOut: outcome.timedOut,
    },
  };
}
