// The text of one /tree row as pi's tree selector words it: the engine's display/tree-row-text.ts
// (shared with the CLI's `tree` text), fed from the flattened tree. Also pi's getSearchableText,
// what type-to-search matches. The strings returned here are raw session text: the view sanitizes them.
import { entryRowSegments, textPrefix, type RowSegment, type SessionEntry } from "../../src/engine/index.js";
import type { FlatTree } from "./flat-tree.js";

export { textOf } from "../../src/engine/index.js";

type Rec = Record<string, unknown>;

/** pi's extractContent: the first 200 characters of the text blocks. */
const first200 = (content: unknown): string => textPrefix(content, 200);

/** The content part of a row (after cursor, connectors, markers and label). */
export const rowSegments = (entry: SessionEntry, flat: FlatTree, home: string): RowSegment[] => entryRowSegments(entry, flat.toolCalls, home);

/** pi's getSearchableText: what type-to-search matches (first 200 chars of messages, not compaction summaries). */
export function searchableText(entry: SessionEntry, label: string | undefined): string {
  const e = entry as Rec;
  const parts: string[] = [];
  if (label) parts.push(label);
  switch (entry.type) {
    case "message": {
      const msg = (e.message ?? {}) as Rec;
      parts.push(String(msg.role));
      if (msg.content) parts.push(first200(msg.content));
      if (msg.role === "bashExecution" && msg.command) parts.push(String(msg.command));
      break;
    }
    case "custom_message":
      parts.push(String(e.customType), typeof e.content === "string" ? e.content : first200(e.content));
      break;
    case "compaction":
      parts.push("compaction");
      break;
    case "branch_summary":
      parts.push("branch summary", String(e.summary));
      break;
    case "session_info":
      parts.push("title");
      if (e.name) parts.push(String(e.name));
      break;
    case "model_change":
      parts.push("model", String(e.modelId));
      break;
    case "thinking_level_change":
      parts.push("thinking", String(e.thinkingLevel));
      break;
    case "custom":
      parts.push("custom", String(e.customType));
      break;
    case "context_edit":
      parts.push("context edit", e.replacement === null ? "omit" : "replace", String(e.targetId));
      break;
    case "label":
      parts.push("label", String(e.label ?? ""));
      break;
  }
  return parts.join(" ");
}
