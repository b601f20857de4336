// One recall request against the index: a search for a query, the latest entries for an empty one,
// and the full text of one entry for expand. Pure: the hook decides when it runs.
import {
  browse,
  expand,
  matchesOutsideLineage,
  parseRecallQuery,
  search,
  type BrowsePage,
  type ExpandedEntry,
  type RecallIndex,
  type RecallScope,
  type RecallSearchPage,
} from "../../src/engine/index.js";
import { runWithinBudget } from "../../src/host/time-budget.js";

/** Hits per page in the app (the engine's default too). */
const APP_PAGE_SIZE = 10;
/** A regular expression may hold the screen this long at most; results are then marked partial. */
const APP_REGEX_BUDGET_MS = 400;
/**
 * The engine checks its budget between matches; one match of a backtracking regex can run for hours,
 * so the whole search also runs under this hard limit (the CLI's rule, shorter for a screen).
 */
const APP_REGEX_HARD_LIMIT_MS = 1500;

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
  // Bounded by time, not by the pattern's shape: safe patterns a shape check would refuse still run.
  const parsed = parseRecallQuery(req.query, { timeBounded: true });
  if (!parsed.ok) return { kind: "error", message: parsed.message };
  const query = parsed.value;
  const work = (): RecallOutcome => {
    const r = search(index, query, { scope: req.scope, page: req.page, pageSize: APP_PAGE_SIZE, now, budgetMs: APP_REGEX_BUDGET_MS });
    if (!r.ok) return { kind: "error", message: r.message };
    const outsideLineage = matchesOutsideLineage(index, query, r.value, { now, budgetMs: APP_REGEX_BUDGET_MS });
    return { kind: "search", page: r.value, outsideLineage };
  };
  if (query.matcher.kind !== "regex") return work();
  const run = runWithinBudget(work, APP_REGEX_HARD_LIMIT_MS);
  if (run.ok) return run.value;
  return {
    kind: "error",
    message: `The regular expression was stopped after ${(run.ranMs / 1000).toFixed(1)} s: it backtracks too much on this text. Make it more specific (fewer optional or nested repeats), or search for words.`,
  };
}

/** The whole entry, looked up in every scope (a hit may sit in an abandoned branch). */
export function expandEntry(index: RecallIndex, entryId: string): { ok: true; entry: ExpandedEntry } | { ok: false; message: string } {
  const r = expand(index, [entryId], { scope: { kind: "all" } });
  if (!r.ok) return { ok: false, message: r.message };
  const entry = r.value[0];
  return entry ? { ok: true, entry } : { ok: false, message: `Entry ${entryId} is not in the recall index.` };
}
