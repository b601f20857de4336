// `pi-explorer timeline FILE [--leaf ID]`: context tokens at each model call along the path, as pi
// reckons them, drawn as a chart that fits the terminal, with compactions, branch summaries, pi's
// auto-compaction threshold and where the previewed cut would fall. --json gives the series.
import {
  ASSUMED_CONTEXT_WINDOW,
  buildContextFromPath,
  chartLegend,
  contextTimeline,
  formatCount,
  getBranch,
  planCompaction,
  pointAtOrAfter,
  sanitizeLine,
  timelineChart,
  type TimelinePoint,
} from "../../engine/index.js";
import type { Command } from "../command.js";
import { openSession, reportDiagnostics, resolveLeaf } from "../open-session.js";
import { countOption, fileArgument, stringOption } from "../option-values.js";
import { truncate } from "../text/table.js";
import { loadPiSettings, reportSettingsProblems, withFlag } from "../pi-settings.js";

const USAGE = "timeline FILE [--leaf ID] [--context-window N] [--reserve N] [--keep-recent N] [--height N] [--json]";

export const timelineCommand: Command = {
  name: "timeline",
  summary: "context size at each turn along a path: chart with compactions, the auto-compaction line and the previewed cut",
  usage: USAGE,
  options: {
    leaf: { type: "string", valueName: "ID", help: "the path to this entry instead of the file's leaf" },
    "context-window": { type: "string", valueName: "N", help: `the model's context window (default: what your pi's model data says, else ${ASSUMED_CONTEXT_WINDOW}, pi's fallback)` },
    reserve: { type: "string", valueName: "N", help: "compaction.reserveTokens (default: your pi settings, else 16384)" },
    "keep-recent": { type: "string", valueName: "N", help: "compaction.keepRecentTokens for the previewed cut (default: your pi settings)" },
    height: { type: "string", valueName: "N", help: "rows of the chart (default 12)" },
    width: { type: "string", valueName: "N", help: "columns of the chart (default: the terminal's, else 100)" },
  },
  run(ctx) {
    const file = fileArgument(ctx, USAGE);
    const windowFlag = countOption(ctx, "context-window");
    const reserveFlag = countOption(ctx, "reserve");
    const keepFlag = countOption(ctx, "keep-recent");
    const height = countOption(ctx, "height") ?? 12;
    const session = openSession(file, ctx.profile);
    const leafId = resolveLeaf(session, stringOption(ctx, "leaf"));
    const path = getBranch(session.tree, leafId);
    const model = buildContextFromPath(path, ctx.profile).model;
    const pi = loadPiSettings(ctx, { model });
    const reserve = withFlag(reserveFlag, pi.effective.compaction.reserveTokens).value;
    const keep = withFlag(keepFlag, pi.effective.compaction.keepRecentTokens).value;
    const contextWindow = windowFlag ?? pi.contextWindow.value;
    const threshold = contextWindow - reserve;
    const points = contextTimeline(path, ctx.profile);
    const plan = planCompaction({ path, keepRecentTokens: keep, reserveTokens: reserve, profile: ctx.profile });
    const keptId = plan.preparation?.firstKeptEntryId ?? null;
    const keptAt = keptId === null ? -1 : path.findIndex((e) => e.id === keptId);
    const cutIndex = keptAt < 0 ? -1 : pointAtOrAfter(points, keptAt);
    if (ctx.out.json) {
      ctx.out.writeJson({
        file,
        leafId,
        profile: ctx.profile,
        contextWindow: { value: contextWindow, source: windowFlag === undefined ? pi.contextWindow.source : "flag" },
        reserveTokens: reserve,
        keepRecentTokens: keep,
        threshold,
        cut: keptId === null ? null : { firstKeptEntryId: keptId, pointIndex: cutIndex },
        points: points.map(pointJson),
      });
      return 0;
    }
    const width = Math.max(24, countOption(ctx, "width") ?? ctx.out.width ?? 100);
    const lines = [`Context along the path to ${leafId ?? "(empty)"} — ${sanitizeLine(file)}`];
    if (points.length === 0) lines.push("No model calls on this path yet.");
    else {
      lines.push(...timelineChart(points, { width, height, threshold, cutIndex: cutIndex >= 0 ? cutIndex : undefined }));
      lines.push(chartLegend(points, threshold, contextWindow, reserve, width));
      lines.push(...facts(points, threshold).map((l) => truncate(l, width)));
    }
    ctx.out.writeLines(lines);
    reportSettingsProblems(ctx.out, pi.problems);
    reportDiagnostics(ctx.out, file, session.loaded.diagnostics);
    return 0;
  },
};

function pointJson(p: TimelinePoint): Record<string, unknown> {
  return {
    entryId: p.entryId,
    pathIndex: p.pathIndex,
    kind: p.kind,
    turn: p.turn,
    tokens: p.tokens,
    source: p.source,
    time: Number.isNaN(p.time) ? null : new Date(p.time).toISOString(),
    model: p.model,
    usage: p.usage,
  };
}

function facts(points: readonly TimelinePoint[], threshold: number): string[] {
  const peak = points.reduce((best, p) => (p.tokens > best.tokens ? p : best), points[0]);
  const last = points[points.length - 1];
  const cuts = points.filter((p) => p.kind !== "reply").map((p) => `${p.kind === "compaction" ? "compaction" : "branch summary"} at turn ${p.turn} (${formatCount(p.tokens)})`);
  return [
    `peak ${formatCount(peak.tokens)} tokens at turn ${peak.turn} · now ${formatCount(last.tokens)} (${last.source}) · ${formatCount(points.length)} points · threshold ${formatCount(threshold)}`,
    ...(cuts.length ? [cuts.join(" · ")] : []),
  ];
}
