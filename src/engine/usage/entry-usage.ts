// Which entries carry usage, and where it goes: the set pi's getSessionStats adds (1.6,
// core/agent-session.js): assistant messages, tool results that record a usage (a tool that ran a
// model), compaction and branch summary entries with a `usage`, and 1.6's `usage` entries (cache
// warming). The last three are usage pi spends outside the conversation; the report shows them as
// their own line.
import type { SessionEntry } from "../types.js";
import { isRecord, readUsage, type UsageFigures } from "./figures.js";

/** Where a usage was spent. */
export type UsageSource = "assistant" | "tool" | "summary";

export interface EntryUsage {
  figures: UsageFigures;
  source: UsageSource;
  /** "provider/model" as pi's cost breakdown keys it (responseModel first); "summaries" when none is recorded. */
  model: string;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

export const SUMMARY_MODEL_KEY = "summaries";

function modelKey(provider: unknown, model: unknown): string {
  const p = str(provider) ?? "unknown";
  const m = str(model) ?? "unknown";
  return `${p}/${m}`;
}

/** The usage an entry adds to pi's totals, or undefined when it adds none. */
export function entryUsage(entry: SessionEntry): EntryUsage | undefined {
  if (entry.type === "message") {
    const message = (entry as { message?: unknown }).message;
    if (!isRecord(message)) return undefined;
    if (message.role === "assistant") {
      const figures = readUsage(message.usage);
      return figures && { figures, source: "assistant", model: modelKey(message.provider, message.responseModel ?? message.model) };
    }
    if (message.role === "toolResult" && message.usage) {
      const figures = readUsage(message.usage);
      return figures && { figures, source: "tool", model: SUMMARY_MODEL_KEY };
    }
    return undefined;
  }
  if (entry.type === "usage") {
    const figures = readUsage(entry.usage);
    return figures && { figures, source: "summary", model: modelKey(entry.provider, entry.model) };
  }
  if ((entry.type === "compaction" || entry.type === "branch_summary") && entry.usage) {
    const figures = readUsage(entry.usage);
    return figures && { figures, source: "summary", model: SUMMARY_MODEL_KEY };
  }
  return undefined;
}

/** The moment of an entry: its ISO timestamp, else the message's epoch milliseconds; NaN when neither. */
export function entryTime(entry: SessionEntry): number {
  const iso = entry.timestamp;
  const t = typeof iso === "string" ? Date.parse(iso) : Number.NaN;
  if (!Number.isNaN(t)) return t;
  const message = (entry as { message?: { timestamp?: unknown } }).message;
  return typeof message?.timestamp === "number" ? message.timestamp : Number.NaN;
}
