// A one-line description of a context message or a session entry, for the bands list and the diff
// rows. Returns raw session text: callers sanitize it (kit/clip.ts) before drawing. A label is the
// start of a message only (LABEL_CHARS): a row shows less than that, and a tool result can be 200 KB.
import type { AgentMessage, SessionEntry } from "../../src/engine/index.js";

type Rec = Record<string, unknown>;
/** Characters of a message a label is made from. */
const LABEL_CHARS = 1000;
const oneLine = (s: string): string => s.slice(0, LABEL_CHARS).replace(/\s+/g, " ").trim();

/** Content blocks as plain records: session data may hold blocks of any shape. */
const blocksOf = (content: AgentMessage["content"]): Rec[] =>
  Array.isArray(content) ? (content as unknown[]).filter((b): b is Rec => typeof b === "object" && b !== null) : [];

/** The text blocks joined by spaces, up to LABEL_CHARS. */
function textBlocks(content: AgentMessage["content"]): string {
  if (typeof content === "string") return content.slice(0, LABEL_CHARS);
  let out = "";
  for (const b of blocksOf(content)) {
    if (out.length >= LABEL_CHARS) break;
    if (b.type === "text") out += (out === "" ? "" : " ") + String(b.text ?? "").slice(0, LABEL_CHARS);
  }
  return out;
}

const hasImage = (content: AgentMessage["content"]): boolean => blocksOf(content).some((b) => b.type === "image");

/** `[read: src/a.ts]`: the tool and its first string argument (a path or a command, usually). */
function toolCallLabel(block: Rec): string {
  const args = typeof block.arguments === "object" && block.arguments !== null ? (block.arguments as Rec) : {};
  const first = Object.values(args).find((v): v is string => typeof v === "string");
  return `[${String(block.name)}${first === undefined ? "" : `: ${oneLine(first).slice(0, 120)}`}]`;
}

/** What the message says, shortest useful form. */
export function messageLabel(m: AgentMessage): string {
  switch (m.role) {
    case "user":
    case "custom":
      return oneLine(textBlocks(m.content)) + (hasImage(m.content) ? " [image]" : "");
    case "assistant": {
      const parts: string[] = [];
      const text = oneLine(textBlocks(m.content));
      if (text) parts.push(text);
      const blocks = blocksOf(m.content);
      if (!text && blocks.some((b) => b.type === "thinking")) parts.push("(thinking)");
      for (const b of blocks) if (b.type === "toolCall") parts.push(toolCallLabel(b));
      if (m.stopReason === "error" && parts.length === 0) parts.push(`(error: ${oneLine(String(m.errorMessage ?? ""))})`);
      return parts.join(" ");
    }
    case "toolResult":
      return `${m.isError ? "error " : ""}[${String(m.toolName ?? "tool")}] ${oneLine(textBlocks(m.content))}`;
    case "bashExecution":
      return `$ ${oneLine(String(m.command ?? ""))}`;
    case "compactionSummary":
    case "branchSummary":
      return oneLine(String(m.summary ?? ""));
    case "system":
      return "system prompt";
    default:
      return oneLine(textBlocks(m.content));
  }
}

/** Short role names for narrow columns. */
export const ROLE_SHORT: Record<string, string> = {
  user: "user",
  assistant: "asst",
  toolResult: "tool",
  bashExecution: "bash",
  custom: "cust",
  system: "sys",
  compactionSummary: "summ",
  branchSummary: "bsum",
};

export const shortRole = (role: string): string => ROLE_SHORT[role] ?? role.slice(0, 4);

/** The role (or entry type) and text of a path entry. */
export function entryLabel(entry: SessionEntry): { kind: string; text: string } {
  const e = entry as SessionEntry & Rec;
  if (entry.type === "message" && typeof e.message === "object" && e.message !== null) {
    const m = e.message as AgentMessage;
    return { kind: shortRole(m.role), text: messageLabel(m) };
  }
  if (entry.type === "compaction" || entry.type === "branch_summary") {
    return { kind: entry.type === "compaction" ? "comp" : "bsum", text: oneLine(String(e.summary ?? "")) };
  }
  if (entry.type === "custom_message") return { kind: "cust", text: oneLine(textBlocks(e.content as AgentMessage["content"])) };
  return { kind: "meta", text: `[${String(entry.type)}]` };
}
