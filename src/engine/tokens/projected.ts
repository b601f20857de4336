// 1.6 estimateProjectedContextTokens: usage is trusted only when newer than every edit/compaction.
import type { ProjectedEntry } from "../context/build-context.js";
import { getCurrentSystemMessage } from "../context/system-message.js";
import type { AgentMessage, SessionEntry } from "../types.js";
import { estimateTokens } from "./estimate.js";
import { estimateContextTokens, type ContextTokenEstimate } from "./usage.js";

export function estimateProjectedContextTokens(
  projection: readonly ProjectedEntry[],
  branchEntries: readonly SessionEntry[],
): ContextTokenEstimate {
  // Indexed loops over a path (see the note on hot loops in src/cli/one-shot-v8.ts).
  const messages: AgentMessage[] = [];
  for (let i = 0; i < projection.length; i++) {
    const own = projection[i].messages;
    for (let j = 0; j < own.length; j++) messages.push(own[j]);
  }
  const estimate = estimateContextTokens(messages, "1.6");
  if (estimate.lastUsageIndex !== null) {
    let start = 0;
    let usageEntryId: string | undefined;
    for (let i = 0; i < projection.length; i++) {
      const entry = projection[i];
      const next = start + entry.messages.length;
      if (estimate.lastUsageIndex < next) {
        usageEntryId = entry.sourceEntry.id;
        break;
      }
      start = next;
    }
    const usageEntryIndex = usageEntryId ? branchEntries.findIndex((entry) => entry.id === usageEntryId) : -1;
    let latestInvalidating = -1;
    for (let i = branchEntries.length - 1; i >= 0; i--) {
      const type = branchEntries[i].type;
      if (type === "context_edit" || type === "compaction") {
        latestInvalidating = i;
        break;
      }
    }
    if (usageEntryIndex > latestInvalidating) return estimate;
  }
  // Stale usage: estimate everything, counting the system state once as its replayed form.
  const currentSystem = getCurrentSystemMessage(messages);
  let tokens = currentSystem ? estimateTokens(currentSystem, "1.6") : 0;
  for (let i = 0; i < messages.length; i++) if (messages[i].role !== "system") tokens += estimateTokens(messages[i], "1.6");
  return { tokens, usageTokens: 0, trailingTokens: tokens, lastUsageIndex: null };
}
