// What one entry contributes to the model context, per pi release.
import type { AgentMessage, ContextEditEntry, PiProfile, SessionEntry } from "../types.js";
import { hasContent } from "../session/lazy-message.js";
import { createBranchSummaryMessage, createCompactionSummaryMessage, createCustomMessage } from "./summary-messages.js";

type AnyEntry = SessionEntry & Record<string, unknown>;

/**
 * The message of a `message` entry; undefined for other entries and for a damaged entry
 * without a message object (pi would crash on it; here it simply contributes nothing).
 */
export function messageOf(entry: SessionEntry): AgentMessage | undefined {
  if (entry.type !== "message") return undefined;
  const message = (entry as AnyEntry).message;
  return typeof message === "object" && message !== null ? (message as AgentMessage) : undefined;
}

/**
 * 1.6 sessionEntryToContextMessages: the messages an entry yields before edits. An entry is
 * "context-visible" when this is non-empty. 0.73 has no such function; see entryMessages073.
 */
export function sessionEntryToContextMessages(entry: SessionEntry): AgentMessage[] {
  const e = entry as AnyEntry;
  if (e.type === "message") {
    const message = messageOf(entry);
    if (!message) return [];
    // Files from forks or hand edits can carry null content; 1.6 repairs it on a copy.
    if (message.role === "system" && !hasContent(message)) return [{ ...message, content: "" }];
    if ((message.role === "user" || message.role === "assistant" || message.role === "toolResult") && !hasContent(message)) {
      return [{ ...message, content: [] }];
    }
    return [message];
  }
  if (e.type === "custom_message") {
    return [
      createCustomMessage(
        e.customType as string,
        (e.content as AgentMessage["content"]) ?? [],
        e.display,
        e.details,
        e.timestamp,
      ),
    ];
  }
  if (e.type === "branch_summary" && e.summary) {
    return [createBranchSummaryMessage(e.summary as string, e.fromId, e.timestamp)];
  }
  if (e.type === "compaction") {
    const summary = createCompactionSummaryMessage(e.summary as string, e.tokensBefore, e.timestamp);
    return e.systemMessage ? [e.systemMessage as AgentMessage, summary] : [summary];
  }
  return [];
}

/** 0.73 buildSessionContext's appendMessage: messages as stored, no repair, compactions add nothing. */
export function entryMessages073(entry: SessionEntry): AgentMessage[] {
  const e = entry as AnyEntry;
  if (e.type === "message") {
    const message = messageOf(entry);
    return message ? [message] : [];
  }
  if (e.type === "custom_message") {
    return [createCustomMessage(e.customType as string, e.content as AgentMessage["content"], e.display, e.details, e.timestamp)];
  }
  if (e.type === "branch_summary" && e.summary) {
    return [createBranchSummaryMessage(e.summary as string, e.fromId, e.timestamp)];
  }
  return [];
}

/** 1.6 projectContextEntry: the entry's messages after its latest context_edit, if any. */
export function projectContextEntry(entry: SessionEntry, edit?: ContextEditEntry): AgentMessage[] {
  const messages = sessionEntryToContextMessages(entry);
  if (!edit) return messages;
  const replacement = edit.replacement;
  if (replacement === null) return [];
  return messages.map((message) => {
    if (message.role !== "user" && message.role !== "assistant" && message.role !== "toolResult" && message.role !== "custom") {
      return message;
    }
    const content =
      (message.role === "assistant" || message.role === "toolResult") && typeof replacement?.content === "string"
        ? [{ type: "text" as const, text: replacement.content }]
        : replacement?.content;
    return { ...message, content };
  });
}

/** Messages an entry yields in the given release, before any edit. */
export function entryContextMessages(entry: SessionEntry, profile: PiProfile): AgentMessage[] {
  return profile === "1.6" ? sessionEntryToContextMessages(entry) : entryMessages073(entry);
}

/**
 * 0.73 compaction/branch-summary input (getMessageFromEntry): unlike the context, an empty
 * branch summary still yields a message; compactions yield a summary message.
 */
export function summarizerMessage073(entry: SessionEntry): AgentMessage | undefined {
  const e = entry as AnyEntry;
  if (e.type === "message") return messageOf(entry);
  if (e.type === "custom_message") {
    return createCustomMessage(e.customType as string, e.content as AgentMessage["content"], e.display, e.details, e.timestamp);
  }
  if (e.type === "branch_summary") return createBranchSummaryMessage(e.summary as string, e.fromId, e.timestamp);
  if (e.type === "compaction") return createCompactionSummaryMessage(e.summary as string, e.tokensBefore, e.timestamp);
  return undefined;
}
