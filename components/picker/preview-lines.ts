// The preview pane's lines, most useful first, cut to the pane's size. Pure and width-exact.
import { countNoun, formatCost, formatCount, type SessionInfo, type TokenCost } from "../../src/engine/index.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { displayWidth, truncateToWidth, wrapParagraph } from "../kit/text-width.js";
import { formatSize, sessionTitle, shortenHome } from "./display.js";
import type { PreviewState } from "./use-session-preview.js";

export type PreviewTone = "title" | "plain" | "dim" | "warning" | "error";
export interface PreviewLine {
  text: string;
  tone: PreviewTone;
}

const LABEL_WIDTH = 9;
const two = (n: number): string => String(n).padStart(2, "0");

/** Local date and time to the minute: 2026-04-27 08:10. */
function formatDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return "unknown";
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Cost and tokens as pi's session statistics count them (a "+" cost: some usage recorded none). */
function usageText(u: TokenCost): string {
  return `${formatCost(u)} · ${formatCount(u.total)} tokens (in ${formatCount(u.input)}, out ${formatCount(u.output)}, cache read ${formatCount(u.cacheRead)}, cache write ${formatCount(u.cacheWrite)})`;
}

function labelled(label: string, text: string, width: number, tone: PreviewTone, maxLines = 1): PreviewLine[] {
  const body = Math.max(1, width - LABEL_WIDTH);
  const wrapped = wrapParagraph(text, body);
  const kept = wrapped.slice(0, maxLines);
  if (wrapped.length > maxLines) kept[maxLines - 1] = truncateToWidth(kept[maxLines - 1] + " …", body);
  return kept.map((line, i) => ({ text: (i === 0 ? label.padEnd(LABEL_WIDTH) : " ".repeat(LABEL_WIDTH)) + line, tone }));
}

function fileLines(state: PreviewState, session: SessionInfo, width: number, wrap: number): PreviewLine[] {
  if (state.status === "error") return labelled("File", `cannot read: ${sanitizeInline(state.message)}`, width, "error", 2);
  const details = state.status === "ready" ? state.details : undefined;
  const pending = state.status === "loading" ? "…" : "unknown";
  const lines = labelled("Model", details?.model ? sanitizeInline(details.model) : pending, width, "plain");
  const damaged = details?.damagedLines ?? [];
  if (details?.invalid) lines.push(...labelled("Invalid", sanitizeInline(details.invalid), width, "error", 2));
  if (damaged.length > 0 || session.damagedLines > 0) {
    const count = damaged.length || session.damagedLines;
    const where = damaged.length > 0 ? ` (line${damaged.length === 1 ? "" : "s"} ${damaged.slice(0, 8).join(", ")}${damaged.length > 8 ? ", …" : ""})` : "";
    lines.push(...labelled("Damaged", `${countNoun(count, "line")}${where}`, width, "warning"));
  }
  lines.push(...labelled("First", sanitizeInline(session.firstMessage), width, "plain", wrap));
  const last = details ? (details.lastUserMessage ?? "(no user messages)") : pending;
  lines.push(...labelled("Last", sanitizeInline(last), width, "plain", wrap));
  return lines;
}

/** Created and modified on one line when there is room, else on two. */
function dateLines(session: SessionInfo, width: number): PreviewLine[] {
  const created = formatDateTime(session.created);
  const modified = formatDateTime(session.modified);
  const oneLine = `${created}  Modified ${modified}`;
  if (LABEL_WIDTH + displayWidth(oneLine) <= width) return labelled("Created", oneLine, width, "dim");
  return [...labelled("Created", created, width, "dim"), ...labelled("Modified", modified, width, "dim")];
}

/** Lines for `session` in a pane of `width` × `height`; every line fits in `width` columns. */
export function previewLines(session: SessionInfo | undefined, state: PreviewState, width: number, height: number, home?: string): PreviewLine[] {
  if (!session || height <= 0 || width <= 0) return [];
  const wrap = height >= 14 ? 3 : 1;
  const size = formatSize(session.sizeBytes);
  const fullStats = [countNoun(session.messageCount, "message"), countNoun(session.branchCount, "branch"), countNoun(session.compactionCount, "compaction"), size].join(" · ");
  const shortStats = `${formatCount(session.messageCount)} msg · ${formatCount(session.branchCount)} br · ${formatCount(session.compactionCount)} cmp · ${size}`;
  const stats = LABEL_WIDTH + displayWidth(fullStats) <= width ? fullStats : shortStats;
  const lines: PreviewLine[] = [
    { text: truncateToWidth(sanitizeInline(sessionTitle(session)), width), tone: "title" },
    ...dateLines(session, width),
    ...labelled("Stats", stats, width, "plain"),
    ...fileLines(state, session, width, wrap),
    // After the messages: a short pane keeps them, and the list's cost column still shows the figure.
    ...(session.usage && session.usage.usages > 0 ? labelled("Cost", usageText(session.usage), width, "plain", wrap > 1 ? 2 : 1) : []),
    ...labelled("Project", sanitizeInline(shortenHome(session.cwd || "(none)", home)), width, "dim"),
    ...labelled("File", sanitizeInline(shortenHome(session.path, home)), width, "dim", 2),
  ];
  return lines.slice(0, height).map((line) => (displayWidth(line.text) > width ? { ...line, text: truncateToWidth(line.text, width) } : line));
}
