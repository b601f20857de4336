// "No matches" on the active path is misleading when the session holds matches elsewhere (an
// abandoned branch, a compacted span): count them in scope all so the message can say so.
import { parseRecallQuery } from "./query.js";
import { search, type SearchOptions } from "./search.js";
import type { RecallIndex, RecallQuery, RecallSearchPage } from "./types.js";

/**
 * How many entries of the whole session (scope all) match `query`, when `page` (its lineage answer)
 * has none; 0 otherwise, and for any other scope. Runs the second search only in that case.
 */
export function matchesOutsideLineage(
  index: RecallIndex,
  query: RecallQuery | string,
  page: RecallSearchPage,
  opts: Pick<SearchOptions, "now" | "budgetMs"> = {},
): number {
  // Only the lineage has an empty scope label.
  if (page.total !== 0 || page.scopeLabel !== "") return 0;
  const parsed = typeof query === "string" ? parseRecallQuery(query) : { ok: true as const, value: query };
  if (!parsed.ok) return 0;
  const all = search(index, { ...parsed.value, scope: { kind: "all" } }, { pageSize: 1, now: opts.now, budgetMs: opts.budgetMs });
  return all.ok ? all.value.total : 0;
}
