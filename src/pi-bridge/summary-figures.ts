// The figures a pi summary is reviewed by: its size, the usage pi recorded and its cost, the model.
import { formatCount as count, type SessionEntry } from "../engine/index.js";
import { modelLabel, type PiReady } from "./run-pi-summary.js";

export interface SummaryUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  cost: number;
}

export interface SummaryFigures {
  chars: number;
  lines: number;
  usage: SummaryUsage | null;
  model: string;
  thinkingLevel: string;
  piVersion: string | null;
  elapsedMs: number;
  /** Two lines: who wrote it, how long it took and its size; then the usage and cost. */
  text: [string, string];
  /** The fields --json reports. */
  report: Record<string, unknown>;
}

const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function usageOf(entry: SessionEntry): SummaryUsage | null {
  const usage = (entry as { usage?: Record<string, unknown> }).usage;
  if (!usage || typeof usage !== "object") return null;
  const cost = usage.cost as Record<string, unknown> | undefined;
  return {
    input: num(usage.input),
    output: num(usage.output),
    cacheRead: num(usage.cacheRead),
    cacheWrite: num(usage.cacheWrite),
    totalTokens: num(usage.totalTokens),
    cost: num(cost?.total),
  };
}

/** Summaries cost cents: four decimals below a dollar. */
export const dollars = (n: number): string => `$${n < 1 ? n.toFixed(4) : n.toFixed(2)}`;

export function summaryFigures(entry: SessionEntry, ready: PiReady, elapsedMs: number): SummaryFigures {
  const summary = typeof (entry as { summary?: unknown }).summary === "string" ? (entry as { summary: string }).summary : "";
  const usage = usageOf(entry);
  const model = modelLabel(ready.model);
  const usageText = usage ? `${count(usage.input)} in / ${count(usage.output)} out tokens${usage.cacheRead ? `, ${count(usage.cacheRead)} cache read` : ""}, ${dollars(usage.cost)}` : "no usage reported";
  const lines = summary === "" ? 0 : summary.split("\n").length;
  return {
    chars: summary.length,
    lines,
    usage,
    model,
    thinkingLevel: ready.thinkingLevel,
    piVersion: ready.version,
    elapsedMs,
    text: [
      `Summary by ${model} (pi ${ready.version ?? "?"}, thinking ${ready.thinkingLevel}) in ${(elapsedMs / 1000).toFixed(1)} s: ${count(summary.length)} chars, ${lines} lines.`,
      `Usage: ${usageText}.`,
    ],
    report: { model, thinkingLevel: ready.thinkingLevel, piVersion: ready.version, usage, cost: usage?.cost ?? null, summaryChars: summary.length },
  };
}
