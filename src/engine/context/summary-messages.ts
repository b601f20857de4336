// The messages pi synthesizes from custom_message, branch_summary and compaction entries,
// and the exact wrappers convertToLlm puts around summaries (the asymmetry is pi's).
import type { AgentMessage, ContentBlock } from "../types.js";

export const COMPACTION_SUMMARY_PREFIX =
  "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
export const COMPACTION_SUMMARY_SUFFIX = "\n</summary>";
export const BRANCH_SUMMARY_PREFIX =
  "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";
export const BRANCH_SUMMARY_SUFFIX = "</summary>";

/** pi stores ISO timestamps on entries and epoch milliseconds on messages. */
const toMillis = (timestamp: unknown): number => new Date(timestamp as string).getTime();

export function createBranchSummaryMessage(summary: string, fromId: unknown, timestamp: unknown): AgentMessage {
  return { role: "branchSummary", summary, fromId: fromId as string | null, timestamp: toMillis(timestamp) };
}

export function createCompactionSummaryMessage(summary: string, tokensBefore: unknown, timestamp: unknown): AgentMessage {
  return { role: "compactionSummary", summary, tokensBefore: tokensBefore as number, timestamp: toMillis(timestamp) };
}

export function createCustomMessage(
  customType: string,
  content: string | ContentBlock[] | null | undefined,
  display: unknown,
  details: unknown,
  timestamp: unknown,
): AgentMessage {
  return {
    role: "custom",
    customType,
    content,
    display: display as boolean,
    details,
    timestamp: toMillis(timestamp),
  };
}
