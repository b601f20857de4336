// Context size at each model call along a path, the way pi reckons it: at a reply with a usage pi
// trusts, that usage (input + output + cache, as pi's calculateContextTokens); elsewhere pi's own
// estimate of the context with that entry as the leaf. Compactions and branch summaries are points of
// their own: the context right after them, so the drop lands on the entry that caused it.
import { textOf } from "../display/tree-row-text.js";
import { estimateContextAtPath } from "../tokens/context-estimate.js";
import { calculateContextTokens, getAssistantUsage } from "../tokens/usage.js";
import type { AgentMessage, PiProfile, SessionEntry } from "../types.js";
import { entryTime } from "../usage/entry-usage.js";
import { readUsage, type UsageFigures } from "../usage/figures.js";

export type TimelineKind = "reply" | "compaction" | "branch_summary";

export interface TimelinePoint {
  entryId: string;
  /** Position of the entry on the path (root = 0). */
  pathIndex: number;
  kind: TimelineKind;
  /** Context tokens with this entry as the leaf. */
  tokens: number;
  /** "usage": the reply's own recorded usage; "estimate": pi's estimate (no trusted usage here). */
  source: "usage" | "estimate";
  /** Number of user messages on the path up to here (the turn this point belongs to). */
  turn: number;
  /** epoch ms, NaN when the entry has no time. */
  time: number;
  /** provider/model of a reply. */
  model: string | null;
  /** The reply's or summary's recorded usage (what this call cost), when it has one. */
  usage: UsageFigures | null;
  /** The user message that opened the turn (plain text, not sanitized). */
  prompt: string;
}

const firstLine = (s: string): string => s.replace(/\s+/g, " ").trim();

export function contextTimeline(path: readonly SessionEntry[], profile: PiProfile = "1.6"): TimelinePoint[] {
  const points: TimelinePoint[] = [];
  let turn = 0;
  let prompt = "";
  for (let i = 0; i < path.length; i++) {
    const entry = path[i];
    const message = entry.type === "message" ? (entry as { message?: AgentMessage }).message : undefined;
    if (message?.role === "user") {
      turn++;
      prompt = firstLine(textOf(message.content));
      continue;
    }
    let kind: TimelineKind;
    if (message?.role === "assistant") kind = "reply";
    else if (entry.type === "compaction") kind = "compaction";
    else if (entry.type === "branch_summary") kind = "branch_summary";
    else continue;
    const base = { entryId: entry.id, pathIndex: i, kind, turn, time: entryTime(entry), prompt };
    if (kind === "reply" && message) {
      const trusted = getAssistantUsage(message, profile);
      const model = typeof message.provider === "string" || typeof message.model === "string" ? `${String(message.provider)}/${String(message.responseModel ?? message.model)}` : null;
      const usage = readUsage(message.usage) ?? null;
      // A trusted usage at the leaf is exactly pi's figure there (nothing trails it); else pi's estimate.
      const tokens = trusted ? calculateContextTokens(trusted) : estimateContextAtPath(path.slice(0, i + 1), profile).tokens;
      points.push({ ...base, tokens: Number.isFinite(tokens) ? tokens : 0, source: trusted ? "usage" : "estimate", model, usage });
    } else {
      const usage = readUsage((entry as { usage?: unknown }).usage) ?? null;
      points.push({ ...base, tokens: estimateContextAtPath(path.slice(0, i + 1), profile).tokens, source: "estimate", model: null, usage });
    }
  }
  return points;
}

/** The first point at or after a path position (where a cut at that entry falls), or -1. */
export function pointAtOrAfter(points: readonly TimelinePoint[], pathIndex: number): number {
  return points.findIndex((p) => p.pathIndex >= pathIndex);
}
