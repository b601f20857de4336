// One tree row's text for an entry, the way pi's /tree shows it (tree-selector getEntryDisplayText),
// plus the 1.x rows (session_info, context_edit). Session text is sanitized to one line.
import type { SessionEntry } from "../../engine/index.js";
import { sanitizeLine } from "../../engine/index.js";

export interface ToolCallInfo {
  name: string;
  arguments: Record<string, unknown>;
}

const MAX_TEXT = 200;

/** Adds the tool calls of an assistant message entry to `toolCalls` (id -> name and arguments). */
export function rememberToolCalls(entry: SessionEntry, toolCalls: Map<string, ToolCallInfo>): void {
  if (entry.type !== "message") return;
  const message = (entry as { message?: { role?: unknown; content?: unknown } }).message;
  if (message?.role !== "assistant" || !Array.isArray(message.content)) return;
  for (const block of message.content as unknown[]) {
    const b = block as { type?: unknown; id?: unknown; name?: unknown; arguments?: unknown } | null;
    if (b && b.type === "toolCall" && typeof b.id === "string") {
      const args = typeof b.arguments === "object" && b.arguments !== null ? (b.arguments as Record<string, unknown>) : {};
      toolCalls.set(b.id, { name: String(b.name ?? ""), arguments: args });
    }
  }
}

export function toolCallsOf(entries: Iterable<SessionEntry>): Map<string, ToolCallInfo> {
  const toolCalls = new Map<string, ToolCallInfo>();
  for (const entry of entries) rememberToolCalls(entry, toolCalls);
  return toolCalls;
}

/** Text blocks (or a string content) joined, cut at pi's 200 characters. */
export function extractRowText(content: unknown): string {
  if (typeof content === "string") return content.slice(0, MAX_TEXT);
  if (!Array.isArray(content)) return "";
  let result = "";
  for (const block of content) {
    if (isTextBlock(block)) {
      result += block.text;
      if (result.length >= MAX_TEXT) return result.slice(0, MAX_TEXT);
    }
  }
  return result;
}

export function hasText(content: unknown): boolean {
  if (typeof content === "string") return content.trim().length > 0;
  return Array.isArray(content) && content.some((b) => isTextBlock(b) && b.text.trim().length > 0);
}

function isTextBlock(block: unknown): block is { type: "text"; text: string } {
  return typeof block === "object" && block !== null && (block as { type?: unknown }).type === "text" && typeof (block as { text?: unknown }).text === "string";
}

export function entryRowText(entry: SessionEntry, toolCalls: ReadonlyMap<string, ToolCallInfo>, home: string): string {
  const e = entry as Record<string, unknown>;
  switch (entry.type) {
    case "message":
      return messageRowText((e.message ?? {}) as Record<string, unknown>, toolCalls, home);
    case "custom_message": {
      const content = typeof e.content === "string" ? e.content : Array.isArray(e.content) ? e.content.filter(isTextBlock).map((b) => b.text).join("") : "";
      return `[${sanitizeLine(String(e.customType ?? ""))}]: ${sanitizeLine(content)}`;
    }
    case "compaction":
      return `[compaction: ${Math.round(Number(e.tokensBefore) / 1000)}k tokens]`;
    case "branch_summary":
      return `[branch summary]: ${sanitizeLine(String(e.summary ?? ""))}`;
    case "model_change":
      return `[model: ${sanitizeLine(String(e.modelId ?? ""))}]`;
    case "thinking_level_change":
      return `[thinking: ${sanitizeLine(String(e.thinkingLevel ?? ""))}]`;
    case "custom":
      return `[custom: ${sanitizeLine(String(e.customType ?? ""))}]`;
    case "label":
      return `[label: ${typeof e.label === "string" && e.label !== "" ? sanitizeLine(e.label) : "(cleared)"}]`;
    case "session_info":
      return `[title: ${typeof e.name === "string" && e.name.trim() !== "" ? sanitizeLine(e.name) : "empty"}]`;
    case "context_edit":
      return `[context ${e.replacement === null ? "omit" : "replace"}: ${sanitizeLine(String(e.targetId ?? ""))}]`;
    case "usage":
      return `[usage: ${sanitizeLine(String(e.kind ?? ""))}]`;
    default:
      return `[${sanitizeLine(String(entry.type))}]`;
  }
}

function messageRowText(msg: Record<string, unknown>, toolCalls: ReadonlyMap<string, ToolCallInfo>, home: string): string {
  const role = String(msg.role ?? "");
  if (role === "user") return `user: ${sanitizeLine(extractRowText(msg.content))}`;
  if (role === "assistant") {
    const text = sanitizeLine(extractRowText(msg.content));
    if (text) return `assistant: ${text}`;
    if (msg.stopReason === "aborted") return "assistant: (aborted)";
    if (typeof msg.errorMessage === "string" && msg.errorMessage) return `assistant: ${sanitizeLine(msg.errorMessage).slice(0, 80)}`;
    return "assistant: (no content)";
  }
  if (role === "toolResult") {
    const call = typeof msg.toolCallId === "string" ? toolCalls.get(msg.toolCallId) : undefined;
    if (call) return sanitizeLine(formatToolCall(call.name, call.arguments, home));
    return `[${sanitizeLine(String(msg.toolName ?? "tool"))}]`;
  }
  if (role === "bashExecution") return `[bash]: ${sanitizeLine(String(msg.command ?? ""))}`;
  return `[${sanitizeLine(role)}]`;
}

function formatToolCall(name: string, args: Record<string, unknown>, home: string): string {
  const shorten = (p: string): string => (home && p.startsWith(home) ? `~${p.slice(home.length)}` : p);
  const pathArg = (): string => shorten(String(args.path || args.file_path || ""));
  switch (name) {
    case "read": {
      let display = pathArg();
      const offset = args.offset as number | undefined;
      const limit = args.limit as number | undefined;
      if (offset !== undefined || limit !== undefined) {
        const start = offset ?? 1;
        const end = limit !== undefined ? start + limit - 1 : "";
        display += `:${start}${end ? `-${end}` : ""}`;
      }
      return `[read: ${display}]`;
    }
    case "write":
      return `[write: ${pathArg()}]`;
    case "edit":
      return `[edit: ${pathArg()}]`;
    case "bash": {
      const raw = String(args.command || "");
      return `[bash: ${raw.replace(/[\n\t]/g, " ").trim().slice(0, 50)}${raw.length > 50 ? "..." : ""}]`;
    }
    case "grep":
      return `[grep: /${String(args.pattern || "")}/ in ${shorten(String(args.path || "."))}]`;
    case "find":
      return `[find: ${String(args.pattern || "")} in ${shorten(String(args.path || "."))}]`;
    case "ls":
      return `[ls: ${shorten(String(args.path || "."))}]`;
    default: {
      const json = JSON.stringify(args) ?? "";
      return `[${name}: ${json.slice(0, 40)}${json.length > 40 ? "..." : ""}]`;
    }
  }
}
