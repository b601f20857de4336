// The usage tables in the manner of ccusage: one row per branch, model, day or session, token columns,
// cost; the summary generation line and the totals below a rule. Session text is sanitized here.
import {
  formatCost,
  formatCount,
  formatDayTime,
  sanitizeLine,
  shortModel,
  summaryAndOtherUsage,
  type SessionUsage,
  type TokenCost,
  type UsageTotals,
} from "../../engine/index.js";
import { formatTable, truncate, type Align } from "./table.js";

export interface UsageRow {
  label: string;
  models: readonly string[];
  figures: TokenCost;
}

const HEAD = ["Models", "Input", "Output", "Cache Create", "Cache Read", "Total Tokens", "Cost (USD)"];
const ALIGN: Align[] = ["left", "left", "right", "right", "right", "right", "right", "right"];

function cells(row: UsageRow): string[] {
  const f = row.figures;
  return [
    row.label,
    truncate(row.models.map(shortModel).join(", "), 28),
    formatCount(f.input),
    formatCount(f.output),
    formatCount(f.cacheWrite),
    formatCount(f.cacheRead),
    formatCount(f.total),
    formatCost(f),
  ];
}

/** The table: rows, a rule, then the closing rows (summary line, totals). */
export function usageTable(first: string, rows: readonly UsageRow[], closing: readonly UsageRow[]): string[] {
  const lines = formatTable([first, ...HEAD], [...rows, ...closing].map(cells), ALIGN);
  let width = 0; // a loop, not Math.max(...lines): a spread of many rows overflows the call stack
  for (const l of lines) width = Math.max(width, Array.from(l).length);
  const rule = "─".repeat(width);
  return [lines[0], rule, ...lines.slice(1, rows.length + 1), rule, ...lines.slice(rows.length + 1)];
}

/** Notes under a table: costs that are unknown, usage pi cannot count. */
export function usageNotes(all: TokenCost, assistantsWithoutUsage: number): string[] {
  const notes: string[] = [];
  if (all.withoutCost > 0) notes.push(`${formatCount(all.withoutCost)} recorded usage(s) have no cost: their tokens count, their cost is unknown (cost marked "+").`);
  if (all.incomplete > 0) notes.push(`${formatCount(all.incomplete)} usage(s) miss a token field (counted as 0; pi would count NaN).`);
  if (assistantsWithoutUsage > 0) notes.push(`${formatCount(assistantsWithoutUsage)} assistant repl(ies) record no usage at all (pi 1.6's session statistics fail on this file).`);
  return notes;
}

/** The lines above a single file's table: what, who, when, how many. */
export function sessionFacts(title: string, file: string, t: UsageTotals, timeZone: string | undefined): string[] {
  const tools = Object.entries(t.toolCallsByName).sort((a, b) => b[1] - a[1]);
  const shown = tools.slice(0, 6).map(([name, n]) => `${sanitizeLine(name)} ${formatCount(n)}`);
  if (tools.length > 6) shown.push(`+${tools.length - 6} more`);
  const when = t.first === null ? "no times" : `${formatDayTime(t.first, timeZone)} → ${formatDayTime(t.last, timeZone)}`;
  return [
    `${sanitizeLine(title)} — ${sanitizeLine(file)}`,
    `models: ${t.models.length ? t.models.map(sanitizeLine).join(", ") : "none recorded"} · ${when}`,
    `messages: ${formatCount(t.userMessages)} user, ${formatCount(t.assistantMessages)} assistant, ${formatCount(t.toolResults)} tool results · ` +
      `tool calls: ${formatCount(t.toolCalls)}${shown.length ? ` (${shown.join(", ")})` : ""} · ${formatCount(t.errors)} errors · ${formatCount(t.aborted)} aborted`,
  ];
}

/** Rows for `usage FILE --by branch`: one per branch (active marked), then the shared entries. */
export function branchRows(report: SessionUsage): UsageRow[] {
  const rows: UsageRow[] = report.branches.map((b) => {
    const name = b.label ? `[${sanitizeLine(b.label)}] ` : "";
    const title = b.title ? `"${truncate(sanitizeLine(b.title), 24)}"` : "(no user message)";
    return { label: `${b.active ? "*" : " "} ${b.leafId.slice(0, 8)} ${name}${title}`, models: b.totals.models, figures: b.totals.all };
  });
  if (report.branches.length > 1) rows.push({ label: "  shared by several branches", models: report.shared.models, figures: report.shared.all });
  return rows;
}

/** The closing rows of a single file: summary generation, the whole file as pi counts it, the active path. */
export function fileClosingRows(report: SessionUsage): UsageRow[] {
  return [
    { label: "of which summaries & other", models: [], figures: summaryAndOtherUsage(report.session) },
    { label: "Whole file (pi's statistics)", models: report.session.models, figures: report.session.all },
    { label: `Active path (to ${report.leafId?.slice(0, 8) ?? "none"})`, models: report.path.models, figures: report.path.all },
  ];
}
