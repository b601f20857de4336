// The by-kind breakdown as horizontal bars, one line per kind with before and after side by side,
// both scaled to the largest figure so their lengths compare. Pure: lines of cells.
import { CONTEXT_KINDS, type ContextKind, type KindBreakdown } from "../../src/engine/index.js";
import type { Cell } from "../kit/cell.js";
import { padToWidth } from "../kit/text-width.js";
import { formatTokens } from "../tree/row-render.js";

const KIND_LABEL: Record<ContextKind, string> = {
  system: "system",
  user: "user",
  assistantText: "assistant text",
  thinking: "thinking",
  toolCalls: "tool calls",
  toolResults: "tool results",
  images: "images",
  summaries: "summaries",
};

const LABEL_WIDTH = 15;
const FIGURE_WIDTH = 7;

/** A bar of `tokens / max` of `width` cells, in eighths so small kinds still show. */
export function bar(tokens: number, max: number, width: number): string {
  if (width <= 0 || max <= 0 || tokens <= 0) return "";
  const eighths = Math.max(1, Math.round((tokens / max) * width * 8));
  const full = Math.floor(eighths / 8);
  const rest = eighths % 8;
  return "█".repeat(full) + (rest > 0 ? " ▏▎▍▌▋▊▉"[rest] : "");
}

export function kindBarLines(before: KindBreakdown, after: KindBreakdown, width: number): Cell[][] {
  const max = Math.max(1, ...CONTEXT_KINDS.flatMap((k) => [before[k].tokens, after[k].tokens]));
  const barWidth = Math.max(1, Math.floor((width - LABEL_WIDTH - 2 * FIGURE_WIDTH - 5) / 2));
  const header: Cell[] = [
    { text: padToWidth("by kind", LABEL_WIDTH), tone: "muted", bold: true },
    { text: padToWidth("before", barWidth + FIGURE_WIDTH), tone: "muted", bold: true },
    { text: " │ ", tone: "border" },
    { text: "after", tone: "muted", bold: true },
  ];
  const lines = CONTEXT_KINDS.map((k): Cell[] => [
    { text: padToWidth(KIND_LABEL[k], LABEL_WIDTH), tone: "muted" },
    { text: padToWidth(bar(before[k].tokens, max, barWidth), barWidth), tone: "accent" },
    { text: formatTokens(before[k].tokens).padStart(FIGURE_WIDTH), tone: "plain" },
    { text: " │ ", tone: "border" },
    { text: padToWidth(bar(after[k].tokens, max, barWidth), barWidth), tone: "success" },
    { text: formatTokens(after[k].tokens).padStart(FIGURE_WIDTH), tone: "plain" },
  ]);
  return [header, ...lines];
}
