// The figures of the point under the cursor, as text lines that fit a width.
import { formatCost, formatCount, formatDayTime, shortModel, type TimelinePoint } from "../../src/engine/index.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { truncateToWidth } from "../kit/text-width.js";

const KIND: Record<TimelinePoint["kind"], string> = { reply: "reply", compaction: "compaction", branch_summary: "branch summary" };

export function pointLines(p: TimelinePoint | undefined, index: number, count: number, width: number): string[] {
  if (!p) return ["  No model calls on this path yet."];
  const head = `  ${index + 1}/${count} · turn ${p.turn} · ${KIND[p.kind]} ${p.entryId} · context ${formatCount(p.tokens)} tokens (${p.source === "usage" ? "its usage" : "pi's estimate"})`;
  const u = p.usage;
  const spent = u
    ? `  this call: in ${formatCount(u.input)} · out ${formatCount(u.output)} · cache read ${formatCount(u.cacheRead)} · cache write ${formatCount(u.cacheWrite)} · ${formatCost({ cost: u.cost ?? 0, usages: 1, withoutCost: u.cost === undefined ? 1 : 0 })}`
    : "  this call: no usage recorded";
  const meta = `  ${formatDayTime(Number.isNaN(p.time) ? null : p.time)}${p.model ? ` · ${shortModel(p.model)}` : ""} · ${sanitizeInline(p.prompt) || "(no user message yet)"}`;
  return [head, spent, meta].map((l) => truncateToWidth(l, width));
}
