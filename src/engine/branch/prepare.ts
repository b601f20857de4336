// pi's prepareBranchEntries: the newest messages of the abandoned branch that fit a budget.
import type { ContextMessage } from "../context/build-context.js";
import { messageOf, projectContextEntry, summarizerMessage073 } from "../context/entry-messages.js";
import { carryOverFileOps, createFileOps, extractFileOpsFromMessage, type FileOps } from "../compaction/file-ops.js";
import { estimateTokens } from "../tokens/estimate.js";
import type { AgentMessage, ContextEditEntry, PiProfile, SessionEntry } from "../types.js";

export interface PreparedBranch {
  /** Messages the summarizer reads, oldest first, with their entries. */
  messages: ContextMessage[];
  totalTokens: number;
  fileOps: FileOps;
  /** Ids of the entries whose message made it in. */
  keptIds: string[];
  /** Ids of entries with a message that the budget left out (oldest first). */
  droppedIds: string[];
}

const KNOWN_SILENT = new Set(["thinking_level_change", "model_change", "custom", "label", "session_info"]);

/** 1.6 getMessageFromEntry (branch flavour): tool results skipped, edits applied. */
function message16(entry: SessionEntry, edit: ContextEditEntry | undefined): AgentMessage | undefined {
  if (messageOf(entry)?.role === "toolResult") return undefined;
  if (edit && (entry.type === "message" || entry.type === "custom_message")) return projectContextEntry(entry, edit)[0];
  // Otherwise as 0.73 reads it; a compaction's stored systemMessage is not part of the input.
  return summarizerMessage073(entry);
}

function message073(entry: SessionEntry): AgentMessage | undefined {
  if (KNOWN_SILENT.has(entry.type)) return undefined;
  if (messageOf(entry)?.role === "toolResult") return undefined;
  return summarizerMessage073(entry);
}

/**
 * Walks newest to oldest adding messages while they fit `tokenBudget` (0 = no limit); a summary
 * entry that does not fit is still admitted while the total is under 90% of the budget.
 * File ops come from every collected entry, including those the budget drops.
 */
export function prepareBranchEntries(entries: readonly SessionEntry[], tokenBudget = 0, profile: PiProfile = "1.6"): PreparedBranch {
  const messages: ContextMessage[] = [];
  const fileOps = createFileOps();
  let totalTokens = 0;
  for (const entry of entries) if (entry.type === "branch_summary") carryOverFileOps(entry, fileOps);
  const edits = new Map<string, ContextEditEntry>();
  if (profile === "1.6") {
    for (const entry of entries) if (entry.type === "context_edit") edits.set((entry as ContextEditEntry).targetId, entry as ContextEditEntry);
  }
  let stopAt = -1;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    const message = profile === "1.6" ? message16(entry, edits.get(entry.id)) : message073(entry);
    if (!message) continue;
    extractFileOpsFromMessage(message, fileOps, profile);
    const tokens = estimateTokens(message, profile);
    if (tokenBudget > 0 && totalTokens + tokens > tokenBudget) {
      const isSummary = entry.type === "compaction" || entry.type === "branch_summary";
      if (isSummary && totalTokens < tokenBudget * 0.9) {
        messages.unshift({ message, sourceId: entry.id });
        totalTokens += tokens;
        stopAt = i - 1;
      } else {
        stopAt = i;
      }
      break;
    }
    messages.unshift({ message, sourceId: entry.id });
    totalTokens += tokens;
  }
  const droppedIds: string[] = [];
  for (let i = 0; i <= stopAt; i++) {
    const entry = entries[i];
    const message = profile === "1.6" ? message16(entry, edits.get(entry.id)) : message073(entry);
    if (message) droppedIds.push(entry.id);
  }
  return { messages, totalTokens, fileOps, keptIds: messages.map((m) => m.sourceId as string), droppedIds };
}
