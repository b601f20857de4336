// One side-by-side diff row as toned cells: the status mark, then the message before (left) and
// after (right), each as role, source entry, tokens and text. Session text is sanitized here.
import { NEW_COMPACTION_ID, type DiffRow } from "../../src/engine/index.js";
import type { Cell } from "../kit/cell.js";
import { clipInline, inlinePrefix } from "../kit/clip.js";
import { padToWidth } from "../kit/text-width.js";
import { formatTokens } from "../tree/row-render.js";
import type { SideRow } from "./diff-model.js";
import { messageLabel, shortRole } from "./message-label.js";

const STATUS_MARK = { kept: "=", removed: "−", added: "+" } as const;

function side(row: SideRow | undefined, width: number): string {
  if (!row || width <= 0) return " ".repeat(Math.max(0, width));
  const id = row.id === NEW_COMPACTION_ID ? "(new)" : inlinePrefix(row.id ?? "(none)", 8);
  const head = `${padToWidth(inlinePrefix(shortRole(row.role), 4), 4)} ${padToWidth(id, 8)} ${formatTokens(row.tokens).padStart(6)} `;
  return padToWidth(head + clipInline(messageLabel(row.message), Math.max(0, width - head.length)), width);
}

/** Widths of the two halves for a terminal of `width` columns ("= " mark and " │ " between). */
function halfWidths(width: number): [number, number] {
  const inner = Math.max(2, width - 2 - 3);
  const left = Math.floor(inner / 2);
  return [left, inner - left];
}

export function diffRowCells(row: DiffRow, before: readonly SideRow[], after: readonly SideRow[], width: number): Cell[] {
  const [lw, rw] = halfWidths(width);
  const left = side(row.before ? before[row.before.index] : undefined, lw);
  const right = side(row.after ? after[row.after.index] : undefined, rw);
  const tone = row.status === "removed" ? "error" : row.status === "added" ? "success" : "plain";
  return [
    { text: `${STATUS_MARK[row.status]} `, tone, bold: row.status !== "kept" },
    { text: left, tone: row.status === "removed" ? "error" : row.status === "kept" ? "plain" : "dim" },
    { text: " │ ", tone: "border" },
    { text: right, tone: row.status === "added" ? "success" : row.status === "kept" ? "plain" : "dim" },
  ];
}

/** The column titles over the two halves. */
export function diffHeaderCells(beforeLabel: string, afterLabel: string, width: number): Cell[] {
  const [lw, rw] = halfWidths(width);
  return [
    { text: "  ", tone: "muted" },
    { text: padToWidth(inlinePrefix(beforeLabel, lw), lw), tone: "muted", bold: true },
    { text: " │ ", tone: "border" },
    { text: padToWidth(inlinePrefix(afterLabel, rw), rw), tone: "muted", bold: true },
  ];
}
