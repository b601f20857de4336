// `pi-explorer recall FILE [QUERY…]`: ranked search through everything a session ever held
// (every branch, compacted spans, what the model has forgotten); browse and expand.
// `pi-explorer recall --all QUERY…`: the same over every session, through the persistent index.
import {
  allSessionsRoot,
  browse,
  buildRecallIndexForTree,
  countNoun,
  DEFAULT_REGEX_BUDGET_MS,
  expand,
  formatBrowse,
  formatCount,
  formatExpanded,
  formatSearchPage,
  listAllSessionFiles,
  matchesOutsideLineage,
  notRegularFile,
  parseRecallQuery,
  quoted,
  sanitizeBlock,
  sanitizeLine,
  search,
  startsWithSessionHeader,
  type RecallQuery,
  type RecallResult,
} from "../../engine/index.js";
// Loaded only for --all: it pulls in the native SQLite module.
import type { CrossSessionPage, RecallCache } from "../../engine/store/recall-cache.js";
import type { Command, CommandContext } from "../command.js";
import { usageError } from "../errors.js";
import { indexProgressTexts, progressReporter } from "../progress-line.js";
import { openSession, reportDiagnostics, resolveLeaf } from "../open-session.js";
import { stringOption } from "../option-values.js";
import { runWithinBudget } from "../../host/time-budget.js";
import { listingOptions, sessionDirSettings, warnSkippedPath } from "../session-dir-option.js";

const USAGE = "recall FILE [QUERY] [--scope S] [--page N] [--expand ID,...] | recall --all QUERY [--dir PATH]";
const clock = (): number => performance.now();

export const recallCommand: Command = {
  name: "recall",
  summary: "search everything a session held (all branches, compacted and forgotten entries), or every session with --all",
  usage: USAGE,
  options: {
    scope: { type: "string", valueName: "S", help: "lineage (default), all, forgotten, compaction:N, compaction:latest" },
    page: { type: "string", valueName: "N", help: "page of results, from 1" },
    "page-size": { type: "string", valueName: "N", help: "results per page (default 10)" },
    expand: { type: "string", valueName: "ID,...", help: "print these entries in full (entry ids or #N)" },
    leaf: { type: "string", valueName: "ID", help: "the lineage ends at this entry instead of the file's leaf" },
    all: { type: "boolean", help: "search every session of the sessions directory (persistent index in the cache directory)" },
    dir: { type: "string", valueName: "PATH", help: "with --all: a sessions directory like pi's --session-dir (default: the sessions `list --all` shows)" },
  },
  indexesEverySession: (values) => values.all === true,
  run(ctx) {
    return ctx.values.all === true ? recallAll(ctx) : recallOne(ctx);
  },
};

function positiveInt(ctx: CommandContext, name: string): number | undefined {
  const raw = stringOption(ctx, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw usageError(`--${name} must be a whole number from 1, not "${raw}"`);
  return Number(raw);
}

/** An engine answer, or a usage error carrying its one-line message. */
function unwrap<T>(result: RecallResult<T>, file?: string): T {
  if (!result.ok) throw usageError(file ? `${file}: ${sanitizeLine(result.message)}` : sanitizeLine(result.message));
  return result.value;
}

/** A search stopped here has run this much longer than the engine's own budget (checked between matches). */
const HARD_LIMIT_MS = DEFAULT_REGEX_BUDGET_MS + 1000;

/**
 * Run a search under a hard time limit: the engine checks its budget between matches, but a single
 * match of a backtracking regex can run for hours. Word searches run as they are.
 */
function bounded<T>(query: RecallQuery, work: () => T, file?: string): T {
  if (query.matcher.kind !== "regex") return work();
  const run = runWithinBudget(work, HARD_LIMIT_MS);
  if (run.ok) return run.value;
  const where = file ? `${file}: ` : "";
  throw usageError(
    `${where}the regular expression /${sanitizeLine(query.matcher.regex.source)}/ was stopped after ${(run.ranMs / 1000).toFixed(1)} s: it backtracks too much on this text. Make it more specific (fewer optional or nested repeats), or search for words`,
  );
}

function recallOne(ctx: CommandContext): number {
  if (ctx.positionals.length === 0) throw usageError(`missing FILE (usage: pi-explorer ${USAGE})`);
  if (stringOption(ctx, "dir") !== undefined) throw usageError("--dir only applies with --all");
  const [file, ...words] = ctx.positionals;
  const query = words.join(" ").trim();
  const session = openSession(file, ctx.profile);
  const leafId = resolveLeaf(session, stringOption(ctx, "leaf"));
  const index = buildRecallIndexForTree(session.tree, { leafId, profile: ctx.profile });
  const scope = stringOption(ctx, "scope");
  const expandIds = stringOption(ctx, "expand");
  if (expandIds !== undefined) {
    const entries = unwrap(expand(index, expandIds.split(","), { scope }), file);
    if (ctx.out.json) ctx.out.writeJson({ file, expanded: entries, ignored: query ? { query } : undefined });
    else ctx.out.writeLines([...(query ? [`(--expand given: the query "${sanitizeLine(query)}" was not run)`] : []), sanitizeBlock(formatExpanded(entries))]);
  } else if (query === "") {
    const page = unwrap(browse(index, { scope }), file);
    if (ctx.out.json) ctx.out.writeJson({ file, browse: page });
    else ctx.out.writeLines([sanitizeBlock(formatBrowse(page))]);
  } else {
    const parsed = unwrap(parseRecallQuery(query, { timeBounded: true }), file);
    const options = { scope, page: positiveInt(ctx, "page"), pageSize: positiveInt(ctx, "page-size"), now: clock, budgetMs: DEFAULT_REGEX_BUDGET_MS };
    const page = unwrap(bounded(parsed, () => search(index, parsed, options), file), file);
    if (ctx.out.json) ctx.out.writeJson({ file, search: page });
    else {
      // Nothing on the active path: say how many the whole session holds (e.g. an abandoned branch).
      const outside = bounded(parsed, () => matchesOutsideLineage(index, parsed, page, { now: clock, budgetMs: DEFAULT_REGEX_BUDGET_MS }), file);
      ctx.out.writeLines([sanitizeBlock(formatSearchPage(page, outside))]);
    }
  }
  reportDiagnostics(ctx.out, file, session.loaded.diagnostics);
  return 0;
}

/**
 * The sessions `list --all` shows for the same options, env and settings (pi's listAll), as absolute
 * paths (the engine resolves the folder against ctx.cwd), and the folder they are under. Files
 * without a session header are left out before indexing (a cheap check of their head); files pi's
 * listing skips for a later entry (e.g. "message": null) are found by the index, which reads them
 * whole anyway, and give no hits: a hit always names a session pi's /resume offers.
 */
function sessionsToSearch(ctx: CommandContext): { dir: string; files: string[] } {
  const listing = listingOptions(ctx, sessionDirSettings(ctx, true));
  const files = listAllSessionFiles(listing)
    .filter((path) => {
      if (startsWithSessionHeader(path, ctx.profile)) return true;
      const why = notRegularFile(path);
      if (why !== undefined) warnSkippedPath(ctx, path, why);
      return false;
    })
    .sort();
  return { dir: allSessionsRoot(listing).dir, files };
}

async function recallAll(ctx: CommandContext): Promise<number> {
  for (const flag of ["scope", "expand", "leaf"]) if (ctx.values[flag] !== undefined) throw usageError(`--${flag} does not apply with --all (it searches every entry of every session)`);
  const query = ctx.positionals.join(" ").trim();
  if (query === "") throw usageError(`missing QUERY (usage: pi-explorer ${USAGE})`);
  const parsed = unwrap(parseRecallQuery(query, { timeBounded: true }));
  if (parsed.scope) throw usageError("scope: does not apply with --all (it searches every entry of every session)");
  const { dir, files } = sessionsToSearch(ctx);
  const { RecallCache, recallCacheFile, sqliteChoiceFrom } = await import("../../engine/store/recall-cache.js");
  const cache: RecallCache = RecallCache.open(recallCacheFile(ctx.env, ctx.home), { sqlite: sqliteChoiceFrom(ctx.env) });
  try {
    const reporter = progressReporter(ctx.out, clock, indexProgressTexts());
    let stats;
    try {
      stats = cache.update(files, ctx.profile, { onProgress: reporter.onProgress });
    } finally {
      reporter.done();
    }
    for (const line of stats.failed) ctx.out.warn(sanitizeLine(line));
    const options = { page: positiveInt(ctx, "page"), pageSize: positiveInt(ctx, "page-size"), now: clock, budgetMs: DEFAULT_REGEX_BUDGET_MS };
    const page = unwrap(bounded(parsed, () => cache.search(parsed, options)));
    for (const line of cache.notices) ctx.out.warn(sanitizeLine(line));
    if (ctx.out.json) ctx.out.writeJson({ dir, index: { ...stats, mode: cache.mode, notices: cache.notices }, search: page });
    else ctx.out.writeLines([sanitizeBlock(formatCrossSession(page, dir))]);
  } finally {
    try {
      cache.close();
    } catch {
      // a search stopped mid-query may leave its statement open; the process ends right after
    }
  }
  return 0;
}

function formatCrossSession(p: CrossSessionPage, dir: string): string {
  const sessions = countNoun(p.sessions, "session");
  if (p.total === 0) return `No matches for ${quoted(p.query)} in ${sessions} under ${dir}.`;
  // "1 match", "12 matches", "50+ matches" (a lower bound counts as several).
  const total = p.totalIsLowerBound ? `${formatCount(p.total)}+ matches` : countNoun(p.total, "match");
  const out = [`${p.pageCount > 1 ? `Page ${p.page}/${p.pageCount}${p.totalIsLowerBound ? "+" : ""}, ` : ""}${total} for ${quoted(p.query)} in ${sessions} under ${dir}`];
  for (const [word, terms] of Object.entries(p.corrections)) out.push(`(no "${word}" in any session; matched ${terms.join(", ")})`);
  if (p.timedOut) out.push("(the regular expression ran out of time; results are partial)");
  for (const h of p.hits) {
    const name = h.ref !== null ? `#${h.ref}` : `id:${h.entryId}`;
    const rel = h.sessionPath.startsWith(`${dir}/`) ? h.sessionPath.slice(dir.length + 1) : h.sessionPath;
    out.push("", `${h.rank}. ${rel}  ${name} [${h.role}]${h.files.length ? ` files:[${h.files.join(", ")}]` : ""}`);
    out.push(h.snippet ? `    ${h.snippet.text.split("\n").join("\n    ")}` : `    ${h.summary}`);
  }
  if (p.page < p.pageCount || (p.totalIsLowerBound && p.hits.length === p.pageSize)) out.push("", `--- Use --page ${p.page + 1} for more results ---`);
  return out.join("\n");
}
