// The context pi builds right after it appends a compaction (what the model sees next).
import { buildContextFromPath, contextSystemMessages } from "../context/build-context.js";
import { getCurrentSystemMessage } from "../context/system-message.js";
import { estimateTokens } from "../tokens/estimate.js";
import type { CompactionEntry, PiProfile, SessionEntry } from "../types.js";
import { computeFileLists, formatFileOperations } from "./file-ops.js";
import type { CompactionPreparation } from "./prepare.js";

export const NEW_COMPACTION_ID = "(new compaction)";

export interface ContextAfterRow {
  role: string;
  id: string | null;
  tokens: number;
}

export interface ContextAfter {
  messages: ContextAfterRow[];
  /** Sum of the per-message estimates: pi has no usage for this context until the next reply. */
  tokens: number;
  /** The summary text used, file lists included. */
  summary: string;
}

export interface ContextAfterOptions {
  /** The summary the model would write; default a placeholder of `summaryChars` characters. */
  summaryText?: string;
  summaryChars?: number;
  /** Id and ISO time of the compaction entry to simulate. */
  compactionId?: string;
  timestamp?: string;
}

const PLACEHOLDER = "Summary placeholder. ";
/** About what pi's structured summaries weigh (≈1000 tokens). */
export const DEFAULT_SUMMARY_CHARS = 4000;

function placeholderSummary(chars: number): string {
  return PLACEHOLDER.repeat(Math.ceil(Math.max(0, chars) / PLACEHOLDER.length)).slice(0, Math.max(0, chars));
}

/** The compaction entry pi would append for this preparation (1.6 stores the system checkpoint). */
export function simulatedCompactionEntry(
  path: readonly SessionEntry[],
  preparation: CompactionPreparation,
  profile: PiProfile,
  options: ContextAfterOptions = {},
): CompactionEntry {
  const lists = computeFileLists(preparation.fileOps);
  const summary = (options.summaryText ?? placeholderSummary(options.summaryChars ?? DEFAULT_SUMMARY_CHARS)) + formatFileOperations(lists.readFiles, lists.modifiedFiles);
  const timestamp = options.timestamp ?? new Date().toISOString();
  const entry: CompactionEntry = {
    type: "compaction",
    id: options.compactionId ?? NEW_COMPACTION_ID,
    parentId: path.length > 0 ? path[path.length - 1].id : null,
    timestamp,
    summary,
    firstKeptEntryId: preparation.firstKeptEntryId,
    tokensBefore: preparation.tokensBefore,
    details: lists,
  };
  if (profile === "1.6") {
    // Only the context's system messages matter here: a 15,000-entry path need not be projected whole.
    const system = getCurrentSystemMessage(contextSystemMessages(path));
    if (system) entry.systemMessage = { ...system, timestamp: new Date(timestamp).getTime() };
  }
  return entry;
}

export function contextAfterCompaction(
  path: readonly SessionEntry[],
  preparation: CompactionPreparation,
  profile: PiProfile = "1.6",
  options: ContextAfterOptions = {},
): ContextAfter {
  const entry = simulatedCompactionEntry(path, preparation, profile, options);
  const context = buildContextFromPath([...path, entry], profile);
  const messages = context.messages.map((m) => ({ role: m.message.role, id: m.sourceId, tokens: estimateTokens(m.message, profile) }));
  return { messages, tokens: messages.reduce((sum, m) => sum + m.tokens, 0), summary: entry.summary };
}
