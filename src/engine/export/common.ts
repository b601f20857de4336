// What Markdown and HTML exports share: options, the facts lines, how a long tool result is cut.
import { sanitizeBlock, sanitizeLine } from "../display/sanitize.js";
import { formatBytes, formatCount } from "../display/units.js";
import { formatDayTime } from "../usage/day.js";
import type { TokenCost } from "../usage/figures.js";
import { formatCost } from "../usage/format.js";
import { summaryAndOtherUsage } from "../usage/totals.js";
import type { ExportDocument } from "./document.js";

export interface ExportOptions {
  /** Thinking blocks folded (default) or left out. */
  thinking?: "fold" | "omit";
  /** Time zone for dates (default UTC, so an export reads the same wherever it is made). */
  timeZone?: string;
}

/** Session text made inert for any reader: control characters as visible glyphs, bidi controls replaced. */
export const inert = (text: string): string => sanitizeBlock(text);
export const inertLine = (text: string): string => sanitizeLine(text);

export function when(time: number | null, timeZone: string | undefined): string {
  const t = formatDayTime(time, timeZone ?? "UTC");
  return t === "" ? "" : `${t}${timeZone === undefined ? " UTC" : ""}`;
}

function figuresText(f: TokenCost): string {
  return `input ${formatCount(f.input)} · output ${formatCount(f.output)} · cache read ${formatCount(f.cacheRead)} · cache write ${formatCount(f.cacheWrite)} · total ${formatCount(f.total)} · cost ${formatCost(f)}`;
}

/** The facts a reader sees first, as label/value pairs (values plain text, already inert). */
export function factRows(doc: ExportDocument, options: ExportOptions): [string, string][] {
  const rows: [string, string][] = [
    ["File", inertLine(doc.file)],
    ["Session", `${inertLine(doc.sessionId)}${doc.cwd ? ` · ${inertLine(doc.cwd)}` : ""}`],
    ["Models", doc.models.length ? doc.models.map(inertLine).join(", ") : "none recorded"],
    ["Dates", doc.first === null ? "no times recorded" : `${when(doc.first, options.timeZone)} → ${when(doc.last, options.timeZone)}`],
    [
      "Exported",
      doc.mode === "context"
        ? `the context pi would send the model with ${doc.targetId ?? "no entry"} as leaf (${countOf(doc.items.length, "message")})`
        : `the path to ${doc.targetId ?? "no entry"} (${countOf(doc.items.length, "item")})`,
    ],
    ["Usage, whole file (as pi counts)", figuresText(doc.session.all)],
    ["Usage, this path", figuresText(doc.path.all)],
    ["Of which summaries & other", figuresText(summaryAndOtherUsage(doc.session))],
    [
      "Messages",
      `${formatCount(doc.session.userMessages)} user, ${formatCount(doc.session.assistantMessages)} assistant, ${formatCount(doc.session.toolCalls)} tool calls, ${formatCount(doc.session.errors)} errors, ${formatCount(doc.session.aborted)} aborted`,
    ],
  ];
  if (doc.session.all.withoutCost > 0) rows.push(["Note", `${formatCount(doc.session.all.withoutCost)} usage(s) record no cost: tokens counted, cost unknown ("+")`]);
  return rows;
}

const countOf = (n: number, noun: string): string => `${formatCount(n)} ${noun}${n === 1 ? "" : "s"}`;

export interface CutText {
  text: string;
  /** "12.3 KB, 340 lines" */
  size: string;
  cut: boolean;
}

/** A tool result cut to `maxLines` lines and `maxChars` characters, with its whole size. */
export function cutText(text: string, maxLines: number, maxChars: number): CutText {
  const lines = text.split("\n");
  const bytes = new TextEncoder().encode(text).length;
  const size = `${formatBytes(bytes)}, ${countOf(lines.length, "line")}`;
  let out = lines.length > maxLines ? lines.slice(0, maxLines).join("\n") : text;
  if (out.length > maxChars) out = out.slice(0, maxChars);
  return { text: out, size, cut: out.length < text.length };
}
