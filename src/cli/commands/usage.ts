// `pi-explorer usage [FILE | --all] [--by session|model|day|branch] [--since DATE] [--json]`: recorded
// tokens and cost, counted as pi's session statistics count them, per branch of a file or over every
// session `list --all` shows (from a cache kept under ~/.cache/pi-explorer).
import {
  addTokenCost,
  bucketsSince,
  emptyTokenCost,
  isValidTimeZone,
  listAllSessionFiles,
  parseDay,
  sanitizeLine,
  sessionDigests,
  sessionUsage,
  sumBuckets,
  summaryAndOtherUsage,
  usageCacheFile,
  type SessionDigest,
  type SessionUsage,
  type TokenCost,
  type UsageTotals,
} from "../../engine/index.js";
import type { Command, CommandContext } from "../command.js";
import { usageError } from "../errors.js";
import { openSession, reportDiagnostics, resolveLeaf } from "../open-session.js";
import { stringOption } from "../option-values.js";
import { listingOptions, sessionDirSettings } from "../session-dir-option.js";
import { truncate } from "../text/table.js";
import { branchRows, fileClosingRows, sessionFacts, usageNotes, usageTable, type UsageRow } from "../text/usage-text.js";

const USAGE = "usage [FILE | --all] [--by session|model|day|branch] [--since DATE] [--leaf ID] [--json]";
type By = "session" | "model" | "day" | "branch";

export const usageCommand: Command = {
  name: "usage",
  summary: "tokens and cost as pi counts them: per branch of a session, or per session, model or day over all",
  usage: USAGE,
  options: {
    all: { type: "boolean", help: "every session `list --all` shows (answered from a cache of per-file digests)" },
    by: { type: "string", valueName: "WHAT", help: "rows per session, model, day or branch (default: branch for a FILE, session with --all)" },
    since: { type: "string", valueName: "DATE", help: "only usage from this day on (YYYY-MM-DD or YYYYMMDD, in $TZ)" },
    leaf: { type: "string", valueName: "ID", help: "the active path ends here instead of at the file's leaf" },
    dir: { type: "string", valueName: "PATH", help: "with --all: a sessions directory, as for list" },
  },
  run(ctx) {
    const all = ctx.values.all === true;
    const by = byOption(ctx, all);
    const sinceRaw = stringOption(ctx, "since");
    const since = sinceRaw === undefined ? undefined : (parseDay(sinceRaw) ?? badSince(sinceRaw));
    const tz = ctx.env.TZ && isValidTimeZone(ctx.env.TZ) ? ctx.env.TZ : undefined;
    if (all) {
      if (ctx.positionals.length > 0) throw usageError(`usage --all takes no FILE (usage: pi-explorer ${USAGE})`);
      if (ctx.values.leaf !== undefined) throw usageError("--leaf needs a FILE");
      return runAll(ctx, by, since, tz);
    }
    if (ctx.values.dir !== undefined) throw usageError("--dir only applies with --all");
    if (ctx.positionals.length !== 1) throw usageError(`${ctx.positionals.length ? `unexpected argument "${ctx.positionals[1]}"` : "missing FILE or --all"} (usage: pi-explorer ${USAGE})`);
    return runFile(ctx, ctx.positionals[0], by, since, tz);
  },
};

function byOption(ctx: CommandContext, all: boolean): By {
  const v = stringOption(ctx, "by") ?? (all ? "session" : "branch");
  if (v !== "session" && v !== "model" && v !== "day" && v !== "branch") throw usageError(`--by must be session, model, day or branch, not "${v}"`);
  if (all && v === "branch") throw usageError("--by branch needs a FILE (branches belong to one session)");
  return v;
}

function badSince(raw: string): never {
  throw usageError(`--since must be a date (YYYY-MM-DD or YYYYMMDD), not "${raw}"`);
}

// ---- one file

function runFile(ctx: CommandContext, file: string, by: By, since: string | undefined, tz: string | undefined): number {
  const session = openSession(file, ctx.profile);
  const leafId = resolveLeaf(session, stringOption(ctx, "leaf"));
  const report = sessionUsage(session.tree, { leafId, since, timeZone: tz });
  const title = session.tree.sessionName ?? session.loaded.header?.id ?? file;
  if (ctx.out.json) {
    ctx.out.writeJson(fileJson(file, since, by, report));
    return 0;
  }
  const rows: UsageRow[] =
    by === "branch"
      ? branchRows(report)
      : by === "model"
        ? report.byModel.map((m) => ({ label: m.key === "summaries" ? "(summaries, no model recorded)" : sanitizeLine(m.key), models: [], figures: m.totals.all }))
        : by === "day"
          ? report.byDay.map((d) => ({ label: d.key, models: d.totals.models, figures: d.totals.all }))
          : [{ label: truncate(sanitizeLine(title), 40), models: report.session.models, figures: report.session.all }];
  const first = by === "branch" ? "Branch (* active)" : by === "model" ? "Model" : by === "day" ? "Date" : "Session";
  ctx.out.writeLines([
    ...sessionFacts(title, file, report.session, tz),
    ...(since ? [`since ${since}`] : []),
    "",
    ...usageTable(first, rows, fileClosingRows(report)),
    ...usageNotes(report.session.all, report.session.assistantsWithoutUsage),
  ]);
  reportDiagnostics(ctx.out, file, session.loaded.diagnostics);
  return 0;
}

/** Figures in pi's get_session_stats names (tokens {input, output, cacheRead, cacheWrite, total}, cost). */
function figuresJson(t: TokenCost): Record<string, unknown> {
  return {
    tokens: { input: t.input, output: t.output, cacheRead: t.cacheRead, cacheWrite: t.cacheWrite, total: t.total },
    cost: t.cost,
    usagesWithoutCost: t.withoutCost,
    incompleteUsages: t.incomplete,
  };
}

function totalsJson(t: UsageTotals): Record<string, unknown> {
  return {
    ...figuresJson(t.all),
    userMessages: t.userMessages,
    assistantMessages: t.assistantMessages,
    toolCalls: t.toolCalls,
    toolResults: t.toolResults,
    totalMessages: t.totalMessages,
    toolCallsByName: t.toolCallsByName,
    errors: t.errors,
    aborted: t.aborted,
    assistantsWithoutUsage: t.assistantsWithoutUsage,
    models: t.models,
    first: t.first === null ? null : new Date(t.first).toISOString(),
    last: t.last === null ? null : new Date(t.last).toISOString(),
    summaries: figuresJson(summaryAndOtherUsage(t)),
  };
}

function fileJson(file: string, since: string | undefined, by: By, r: SessionUsage): Record<string, unknown> {
  return {
    file,
    since: since ?? null,
    by,
    leafId: r.leafId,
    ...totalsJson(r.session),
    path: totalsJson(r.path),
    branches: r.branches.map((b) => ({ leafId: b.leafId, forkId: b.forkId, firstId: b.firstId, entryCount: b.entryCount, active: b.active, label: b.label ?? null, title: b.title, ...totalsJson(b.totals) })),
    shared: totalsJson(r.shared),
    byModel: r.byModel.map((m) => ({ model: m.key, ...totalsJson(m.totals) })),
    byDay: r.byDay.map((d) => ({ day: d.key, ...totalsJson(d.totals) })),
  };
}

// ---- every session

function runAll(ctx: CommandContext, by: By, since: string | undefined, tz: string | undefined): number {
  const settings = sessionDirSettings(ctx, true);
  const files = listAllSessionFiles(listingOptions(ctx, settings));
  const cacheFile = ctx.env.PI_EXPLORER_NO_CACHE === "1" ? null : usageCacheFile(ctx.env, ctx.home);
  const result = sessionDigests({ files, profile: ctx.profile, timeZone: tz, cacheFile });
  if (result.cacheProblem && !ctx.out.json) ctx.out.warn(`pi-explorer: ${sanitizeLine(result.cacheProblem)}`);
  const sessions = result.digests
    .map((d) => ({ digest: d, buckets: bucketsSince(d.buckets, since) }))
    .filter((s) => since === undefined || s.buckets.length > 0);
  const grand = sumBuckets(sessions.flatMap((s) => s.buckets));
  const groups = by === "session" ? sessionGroups(sessions) : bucketGroups(sessions, by === "model" ? "model" : "day");
  if (ctx.out.json) {
    ctx.out.writeJson({
      since: since ?? null,
      by,
      sessions: sessions.length,
      ...figuresJson(grand.all),
      summaries: figuresJson(grand.summaries),
      rows: groups.map((g) => ({ [by === "session" ? "path" : by]: g.key, ...(g.extra ?? {}), models: g.models, ...figuresJson(g.figures) })),
      cache: { file: cacheFile, readFiles: result.readFiles, cachedFiles: result.cachedFiles, problem: result.cacheProblem },
    });
    return 0;
  }
  if (sessions.length === 0) {
    ctx.out.writeLines([`No sessions with usage${since ? ` since ${since}` : ""}.`]);
    return 0;
  }
  const rows: UsageRow[] = groups.map((g) => ({ label: g.label, models: g.models, figures: g.figures }));
  const first = by === "session" ? "Session" : by === "model" ? "Model" : "Date";
  ctx.out.writeLines([
    ...usageTable(first, rows, [
      { label: "of which summaries & other", models: [], figures: grand.summaries },
      { label: `Total (${sessions.length} sessions)`, models: [], figures: grand.all },
    ]),
    ...usageNotes(grand.all, 0),
  ]);
  return 0;
}

interface Group {
  key: string;
  label: string;
  models: string[];
  figures: TokenCost;
  extra?: Record<string, unknown>;
}

function sessionGroups(sessions: { digest: SessionDigest; buckets: ReturnType<typeof bucketsSince> }[]): Group[] {
  return sessions.map(({ digest, buckets }) => {
    const name = sanitizeLine(digest.name ?? digest.firstMessage) || "(no messages)";
    return {
      key: digest.path,
      label: `${new Date(digest.modified).toISOString().slice(0, 10)}  ${truncate(name, 40)}`,
      models: modelsOf(buckets),
      figures: sumBuckets(buckets).all,
      extra: { id: digest.id, name: digest.name, firstMessage: digest.firstMessage, modified: new Date(digest.modified).toISOString() },
    };
  });
}

function bucketGroups(sessions: { buckets: ReturnType<typeof bucketsSince> }[], by: "model" | "day"): Group[] {
  const map = new Map<string, { figures: TokenCost; models: Set<string> }>();
  for (const s of sessions) {
    for (const b of s.buckets) {
      const key = by === "model" ? b.model : (b.day ?? "unknown");
      let g = map.get(key);
      if (!g) map.set(key, (g = { figures: emptyTokenCost(), models: new Set() }));
      addTokenCost(g.figures, b);
      if (b.model !== "summaries") g.models.add(b.model);
    }
  }
  const groups = [...map].map(([key, g]) => ({ key, label: sanitizeLine(key), models: by === "model" ? [] : [...g.models], figures: g.figures }));
  return by === "model" ? groups.sort((a, b) => b.figures.cost - a.figures.cost || b.figures.total - a.figures.total) : groups.sort((a, b) => (a.key < b.key ? -1 : 1));
}

function modelsOf(buckets: readonly { model: string }[]): string[] {
  const out: string[] = [];
  for (const b of buckets) if (b.model !== "summaries" && !out.includes(b.model)) out.push(b.model);
  return out;
}
