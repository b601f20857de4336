// A one-line description of a context message or a session entry, for the bands list and the diff
// rows. Returns raw session text: callers sanitize it (kit/sanitize.ts) before drawing.
import type { AgentMessage, SessionEntry } from "../../src/engine/index.js";

type Rec = Record<string, unknown>;
const oneLine = (s: string): string => s.replace(/\s+/g, " ").trim();

function textBlocks(content: AgentMessage["content"]): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((b) => (b as Rec | null)?.type === "text")
    .map((b) => String((b as Rec).text ?? ""))
    .join(" ");
}

const hasImage = (content: AgentMessage["content"]): boolean => Array.isArray(content) && content.some((b) => (b as Rec | null)?.type === "image");

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
      if (Array.isArray(m.content)) {
        if (m.content.some((b) => (b as Rec | null)?.type === "thinking") && !text) parts.push("(thinking)");
        for (const b of m.content) if ((b as Rec | null)?.type === "toolCall") parts.push(`[${String((b as Rec).name)}]`);
      }
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
