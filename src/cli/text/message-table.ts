// A table of context messages ({role, id, tokens, llm?}), each with a one-line preview of the
// entry it comes from, for `context`, `compact` and `branch` text output.
import { formatCount, sanitizeLine, toolCallsOf, type SessionEntry, type SessionTree, type ToolCallInfo } from "../../engine/index.js";
import { entryRowText } from "./entry-row-text.js";
import { formatTable, truncate } from "./table.js";

export interface MessageRowLike {
  role: string;
  id: string | null;
  tokens: number;
  llm?: false;
}

export function messageTable(rows: readonly MessageRowLike[], tree: SessionTree, home: string, width: number | undefined): string[] {
  const toolCalls = toolCallsFor(rows, tree);
  const previewWidth = Math.max(20, (width ?? 140) - 50);
  const body = rows.map((row, i) => {
    const entry = row.id === null ? undefined : tree.byId.get(row.id);
    let preview = entry ? entryRowText(entry, toolCalls, home) : "(the new compaction's summary)";
    if (row.role === "system") preview = "[system prompt]";
    else if (entry && preview === "assistant: (no content)") preview = `assistant: (tool calls: ${toolNamesOf(entry).join(", ") || "none"})`;
    if (row.llm === false) preview = `(not sent to the model) ${preview}`;
    return [String(i + 1), sanitizeLine(row.role), sanitizeLine(row.id ?? "(new)"), formatCount(row.tokens), truncate(preview, previewWidth)];
  });
  return formatTable(["#", "role", "id", "tokens", "entry"], body, ["right", "left", "left", "right", "left"]);
}

/**
 * The tool calls the rows' tool results name: looked up among the rows' own entries first (a call
 * comes right before its result), the whole file only when one is not there.
 */
function toolCallsFor(rows: readonly MessageRowLike[], tree: SessionTree): Map<string, ToolCallInfo> {
  const entries = rows.flatMap((row) => {
    const entry = row.id === null ? undefined : tree.byId.get(row.id);
    return entry ? [entry] : [];
  });
  const calls = toolCallsOf(entries);
  const missing = entries.some((entry) => {
    const message = (entry as { message?: { role?: unknown; toolCallId?: unknown } }).message;
    return entry.type === "message" && message?.role === "toolResult" && typeof message.toolCallId === "string" && !calls.has(message.toolCallId);
  });
  return missing ? toolCallsOf(tree.byId.values()) : calls;
}

function toolNamesOf(entry: SessionEntry): string[] {
  const content = (entry as { message?: { content?: unknown } }).message?.content;
  if (!Array.isArray(content)) return [];
  return content
    .filter((b): b is { type: "toolCall"; name: unknown } => typeof b === "object" && b !== null && (b as { type?: unknown }).type === "toolCall")
    .map((b) => sanitizeLine(String(b.name)));
}
