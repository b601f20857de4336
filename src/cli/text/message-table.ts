// A table of context messages ({role, id, tokens, llm?}), each with a one-line preview of the
// entry it comes from, for `context`, `compact` and `branch` text output.
import { formatCount, sanitizeLine, toolCallsOf, type SessionEntry, type SessionTree } from "../../engine/index.js";
import { entryRowText } from "./entry-row-text.js";
import { formatTable, truncate } from "./table.js";

export interface MessageRowLike {
  role: string;
  id: string | null;
  tokens: number;
  llm?: false;
}

export function messageTable(rows: readonly MessageRowLike[], tree: SessionTree, home: string, width: number | undefined): string[] {
  const toolCalls = toolCallsOf(tree.byId.values());
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

function toolNamesOf(entry: SessionEntry): string[] {
  const content = (entry as { message?: { content?: unknown } }).message?.content;
  if (!Array.isArray(content)) return [];
  return content
    .filter((b): b is { type: "toolCall"; name: unknown } => typeof b === "object" && b !== null && (b as { type?: unknown }).type === "toolCall")
    .map((b) => sanitizeLine(String(b.name)));
}
