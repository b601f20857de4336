// One recall request against the index: a search for a query, the latest entries for an empty one,
// and the full text of one entry for expand. Pure: the hook decides when it runs.
import {
  browse,
  expand,
  matchesOutsideLineage,
  search,
  type BrowsePage,
  type ExpandedEntry,
  type RecallIndex,
  type RecallScope,
  type RecallSearchPage,
} from "../../src/engine/index.js";

/** Hits per page in the app (the engine's default too). */
const APP_PAGE_SIZE = 10;
/** A regular expression may hold the screen this long at most; results are then marked partial. */
const APP_REGEX_BUDGET_MS = 400;

export interface RecallRequest {
  /** Sequence number: results of any older request are dropped. */
  seq: number;
  query: string;
  scope: RecallScope;
  /** 1-based. */
  page: number;
}

export type RecallOutcome =
  /** `outsideLineage`: matches in scope all when the lineage had none (0 otherwise). */
  | { kind: "search"; page: RecallSearchPage; outsideLineage?: number }
  | { kind: "browse"; page: BrowsePage }
  | { kind: "error"; message: string };

export function runRecall(index: RecallIndex, req: Omit<RecallRequest, "seq">, now: () => number = () => 0): RecallOutcome {
  if (req.query.trim() === "") {
    const b = browse(index, { scope: req.scope });
    return b.ok ? { kind: "browse", page: b.value } : { kind: "error", message: b.message };
  }
  const r = search(index, req.query, { scope: req.scope, page: req.page, pageSize: APP_PAGE_SIZE, now, budgetMs: APP_REGEX_BUDGET_MS });
  if (!r.ok) return { kind: "error", message: r.message };
  const outsideLineage = matchesOutsideLineage(index, req.query, r.value, { now, budgetMs: APP_REGEX_BUDGET_MS });
  return { kind: "search", page: r.value, outsideLineage };
}

/** The whole entry, looked up in every scope (a hit may sit in an abandoned branch). */
export function expandEntry(index: RecallIndex, entryId: string): { ok: true; entry: ExpandedEntry } | { ok: false; message: string } {
  const r = expand(index, [entryId], { scope: { kind: "all" } });
  if (!r.ok) return { ok: false, message: r.message };
  const entry = r.value[0];
  return entry ? { ok: true, entry } : { ok: false, message: `Entry ${entryId} is not in the recall index.` };
}
