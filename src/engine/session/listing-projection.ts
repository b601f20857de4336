// What listing a session keeps of each parsed entry. A listing reads every file whole (pi's does
// too) and, to count branches, damage and usage, holds every entry until the file's end: each one
// then outlives the young generation and is copied and marked again, and collecting them cost more
// than parsing them (`list --all` on the 1 GB bench folder: 39% of its time in the collector). Most
// of a session's bytes are texts a listing never reads: tool output, tool-call arguments, thinking,
// image data. They are dropped right after the line is parsed, while they are young and free to
// collect; every key stays, so what each reader tests for ("content" in message) answers the same.
//
// `usage --all` digests each file from the same trimmed scan (store/usage-cache.ts).
//
// What is read, and so kept: the entry's type, id, parentId, timestamp, name, usage, provider and
// model (pi's SessionInfo fields, the tree's structure, usage/entry-usage.ts); a user or assistant
// message's role, timestamp, usage, model fields, stop reason and text blocks (pi's first message
// and all-messages text), and its blocks' types and tool names (usage/totals.ts).
import { isRecord } from "../usage/figures.js";

/** Drops, in place, the texts of `entry` (a parsed line) that listing it never reads. */
export function dropUnlistedTexts(entry: Record<string, unknown>): void {
  if (entry.type !== "message") return;
  const message = entry.message;
  if (!isRecord(message)) return;
  const role = message.role;
  if (role !== "user" && role !== "assistant") {
    // pi's listing reads content only of user and assistant messages (a migration renames no role into them).
    if ("content" in message) message.content = null;
    if ("output" in message) message.output = null;
    if ("details" in message) message.details = null;
    return;
  }
  const content = message.content;
  if (!Array.isArray(content)) return;
  for (let i = 0; i < content.length; i++) {
    const block: unknown = content[i];
    if (!isRecord(block) || block.type === "text") continue;
    if ("arguments" in block) block.arguments = null;
    if ("thinking" in block) block.thinking = null;
    if ("thinkingSignature" in block) block.thinkingSignature = null;
    if ("data" in block) block.data = null;
  }
}
