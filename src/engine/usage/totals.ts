// Usage totals over a set of entries, counted the way pi's getSessionStats counts (file order, one
// running sum per figure, so a whole session's cost is the same float pi prints), plus what pi's
// statistics leave to the reader: tool calls by tool, errors and aborted replies, first and last time,
// and the usage split by where it was spent.
import type { SessionEntry } from "../types.js";
import { addFigures, addTokenCost, emptyTokenCost, isRecord, type TokenCost } from "./figures.js";
import { entryTime, entryUsage, SUMMARY_MODEL_KEY, type EntryUsage } from "./entry-usage.js";

export interface UsageTotals {
  /** Everything pi adds (its `tokens` and `cost`). */
  all: TokenCost;
  /** Assistant replies. */
  assistant: TokenCost;
  /** Tool results that record a usage. */
  tools: TokenCost;
  /** Summary generation (compaction and branch summary `usage`) and 1.6 `usage` entries. */
  summaries: TokenCost;
  userMessages: number;
  assistantMessages: number;
  toolResults: number;
  /** Every message entry (pi's totalMessages). */
  totalMessages: number;
  toolCalls: number;
  /** Tool calls per tool name, in first-seen order. */
  toolCallsByName: Record<string, number>;
  /** Assistant replies that ended in an error / were aborted. */
  errors: number;
  aborted: number;
  /** Assistant replies with no usage object (pi 1.6's statistics fail on such a file). */
  assistantsWithoutUsage: number;
  /** provider/model of every usage with a model, in first-seen order. */
  models: string[];
  /** Earliest and latest entry time (epoch ms), null when no entry has one. */
  first: number | null;
  last: number | null;
}

export function emptyTotals(): UsageTotals {
  return {
    all: emptyTokenCost(),
    assistant: emptyTokenCost(),
    tools: emptyTokenCost(),
    summaries: emptyTokenCost(),
    userMessages: 0,
    assistantMessages: 0,
    toolResults: 0,
    totalMessages: 0,
    toolCalls: 0,
    toolCallsByName: Object.create(null) as Record<string, number>,
    errors: 0,
    aborted: 0,
    assistantsWithoutUsage: 0,
    models: [],
    first: null,
    last: null,
  };
}

/** What addEntry reads from an entry, for callers that add the same entry to several totals. */
export interface EntryFacts {
  usage: EntryUsage | undefined;
  time: number;
}

export const entryFacts = (entry: SessionEntry): EntryFacts => ({ usage: entryUsage(entry), time: entryTime(entry) });

/** Adds one entry in place (`facts`: entryFacts(entry), when the caller already has them). */
export function addEntry(t: UsageTotals, entry: SessionEntry, facts: EntryFacts = entryFacts(entry)): void {
  const time = facts.time;
  if (!Number.isNaN(time)) {
    if (t.first === null || time < t.first) t.first = time;
    if (t.last === null || time > t.last) t.last = time;
  }
  const usage = facts.usage;
  if (usage) {
    addFigures(t.all, usage.figures);
    addFigures(usage.source === "assistant" ? t.assistant : usage.source === "tool" ? t.tools : t.summaries, usage.figures);
    if (usage.model !== SUMMARY_MODEL_KEY && !t.models.includes(usage.model)) t.models.push(usage.model);
  }
  if (entry.type !== "message") return;
  t.totalMessages++;
  const message = (entry as { message?: unknown }).message;
  if (!isRecord(message)) return;
  if (message.role === "user") t.userMessages++;
  else if (message.role === "toolResult") t.toolResults++;
  else if (message.role === "assistant") {
    t.assistantMessages++;
    if (!usage) t.assistantsWithoutUsage++;
    if (message.stopReason === "error") t.errors++;
    else if (message.stopReason === "aborted") t.aborted++;
    if (Array.isArray(message.content)) {
      for (const block of message.content) {
        if (!isRecord(block) || block.type !== "toolCall") continue;
        t.toolCalls++;
        const name = typeof block.name === "string" && block.name !== "" ? block.name : "(unnamed)";
        t.toolCallsByName[name] = (t.toolCallsByName[name] ?? 0) + 1;
      }
    }
  }
}

/** Totals of entries in the order given. */
export function usageTotals(entries: Iterable<SessionEntry>, factsOf: (e: SessionEntry) => EntryFacts = entryFacts): UsageTotals {
  const t = emptyTotals();
  for (const e of entries) addEntry(t, e, factsOf(e));
  return t;
}

/** Usage spent outside the conversation: summary generation, 1.6 `usage` entries, tool results that ran a model. */
export function summaryAndOtherUsage(t: UsageTotals): TokenCost {
  const sum = emptyTokenCost();
  addTokenCost(sum, t.summaries);
  addTokenCost(sum, t.tools);
  return sum;
}
