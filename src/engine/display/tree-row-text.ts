// The text of one /tree row, per entry type, exactly as pi's tree selector words it
// (tree-selector getEntryDisplayText, pi-tui-features.md §1.6), split into toned segments so the app
// can colour it; the CLI joins the segments. The strings returned here are raw session text: each
// front end sanitizes them before showing them.
import type { SessionEntry } from "../types.js";

/** pi's theme colours a row uses. */
export type RowTone = "accent" | "success" | "muted" | "dim" | "error" | "warning" | "custom" | "border" | "plain";

/** A toned piece of row text (raw session text, not yet sanitized). */
export interface RowSegment {
  text: string;
  tone: RowTone;
  italic?: boolean;
}

/** A tool call as pi's toolCallMap keeps it, for the `[read: path]` rows of tool results. */
export interface ToolCallInfo {
  name: string;
  arguments: Record<string, unknown>;
}

type Rec = Record<string, unknown>;
const normalize = (s: string): string => s.replace(/[\n\t]/g, " ").trim();

/** Adds the tool calls of an assistant message entry to `into` (id -> name and arguments), as pi does. */
export function rememberToolCalls(entry: SessionEntry, into: Map<string, ToolCallInfo>): void {
  const message = (entry as { message?: { role?: string; content?: unknown } }).message;
  if (entry.type !== "message" || message?.role !== "assistant" || !Array.isArray(message.content)) return;
  for (const block of message.content) {
    if (typeof block === "object" && block !== null && block.type === "toolCall" && typeof block.id === "string") {
      const args = typeof block.arguments === "object" && block.arguments !== null ? block.arguments : {};
      into.set(block.id, { name: String(block.name), arguments: args as Record<string, unknown> });
    }
  }
}

/** The tool calls of every entry given, by call id. */
export function toolCallsOf(entries: Iterable<SessionEntry>): Map<string, ToolCallInfo> {
  const toolCalls = new Map<string, ToolCallInfo>();
  for (const entry of entries) rememberToolCalls(entry, toolCalls);
  return toolCalls;
}

/** Concatenated text blocks (pi's extractFullContent). */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  let out = "";
  for (const block of content) {
    if (typeof block === "object" && block !== null && (block as Rec).type === "text") out += String((block as Rec).text ?? "");
  }
  return out;
}

/** The first `max` characters of textOf(content), reading no block past them (tool output can be 200 KB). */
export function textPrefix(content: unknown, max: number): string {
  if (typeof content === "string") return content.slice(0, max);
  if (!Array.isArray(content)) return "";
  let out = "";
  for (const block of content) {
    if (out.length >= max) break;
    if (typeof block === "object" && block !== null && (block as Rec).type === "text") out += String((block as Rec).text ?? "").slice(0, max - out.length);
  }
  return out;
}

/** pi's extractContent: the first 200 characters of the text blocks. */
const first200 = (content: unknown): string => textPrefix(content, 200);

/**
 * The first `max` characters of JSON.stringify(value) (then as many more as finish the last piece),
 * without serializing the rest: a custom tool's arguments can hold a whole file.
 */
export function jsonPrefix(value: unknown, max: number): string {
  let out = "";
  const full = (): boolean => out.length > max;
  const walk = (v: unknown, inArray: boolean): boolean => {
    // Already past `max` (an opening bracket or key took it there): stop before going deeper, so a
    // value nested 100,000 levels is never walked to the bottom.
    if (full()) return true;
    if (typeof v === "string") {
      let end = Math.min(v.length, max - out.length + 1);
      if (end < v.length && (v.charCodeAt(end - 1) & 0xfc00) === 0xd800) end++;
      const quoted = JSON.stringify(v.slice(0, end));
      out += end < v.length ? quoted.slice(0, -1) : quoted;
      return full();
    }
    if (v === null || typeof v !== "object" || typeof (v as { toJSON?: unknown }).toJSON === "function") {
      const s = JSON.stringify(v);
      out += s === undefined ? (inArray ? "null" : "") : s;
      return full();
    }
    if (Array.isArray(v)) {
      out += "[";
      for (let i = 0; i < v.length; i++) {
        if (i > 0) out += ",";
        if (walk(v[i], true)) return true;
      }
      out += "]";
      return full();
    }
    out += "{";
    let first = true;
    for (const [key, item] of Object.entries(v)) {
      if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
      out += `${first ? "" : ","}${JSON.stringify(key)}:`;
      first = false;
      if (walk(item, false)) return true;
    }
    out += "}";
    return full();
  };
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return "";
  walk(value, false);
  return out;
}

/** pi's shortenHomePath for POSIX paths: a leading home directory as "~"; relative paths unchanged. */
export function shortenHome(path: string, home: string | undefined): string {
  if (!home || !path.startsWith("/")) return path;
  const h = home.endsWith("/") ? home.slice(0, -1) : home;
  if (path === h) return "~";
  return path.startsWith(h + "/") ? `~/${path.slice(h.length + 1)}` : path;
}

function parseLineNumber(value: unknown): number | undefined {
  const v = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

/** pi's formatReadLineRange. */
function readLineRange(offset: unknown, limit: unknown): string {
  if (offset == null && limit == null) return "";
  const start = offset == null ? 1 : parseLineNumber(offset);
  if (start === undefined) return "";
  if (limit == null) return `:${start}`;
  const count = parseLineNumber(limit);
  if (count === undefined) return "";
  const end = start + count - 1;
  return `:${start}${end ? `-${end}` : ""}`;
}

/** pi's formatToolCall: the `[read: ~/p/file.ts:1-80]` form of a tool result row. */
export function formatToolCall(name: string, args: Rec, home: string): string {
  const path = (v: unknown) => shortenHome(String(v || ""), home);
  switch (name) {
    case "read":
      return `[read: ${path(args.path || args.file_path)}${readLineRange(args.offset, args.limit)}]`;
    case "write":
      return `[write: ${path(args.path || args.file_path)}]`;
    case "edit":
      return `[edit: ${path(args.path || args.file_path)}]`;
    case "bash": {
      const raw = String(args.command || "");
      // pi trims the whole command and keeps 50 characters: trimming its start and the next few
      // hundred characters gives the same 50.
      const start = raw.length - raw.trimStart().length;
      const head = raw.slice(start, start + 256);
      const shown = (start + 256 >= raw.length ? head.trimEnd() : head).replace(/[\n\t]/g, " ").slice(0, 50);
      return `[bash: ${shown}${raw.length > 50 ? "..." : ""}]`;
    }
    case "grep":
      return `[grep: /${String(args.pattern || "")}/ in ${path(args.path || ".")}]`;
    case "find":
      return `[find: ${String(args.pattern || "")} in ${path(args.path || ".")}]`;
    case "ls":
      return `[ls: ${path(args.path || ".")}]`;
    default: {
      const json = jsonPrefix(args, 41);
      return `[${name}: ${json.slice(0, 40)}${json.length > 40 ? "..." : ""}]`;
    }
  }
}

/** The content part of a row (after cursor, connectors, markers and label); [] for types pi draws empty. */
export function entryRowSegments(entry: SessionEntry, toolCalls: ReadonlyMap<string, ToolCallInfo>, home: string): RowSegment[] {
  const e = entry as Rec;
  switch (entry.type) {
    case "message":
      return messageSegments((e.message ?? {}) as Rec, toolCalls, home);
    case "custom_message":
      return [
        { text: `[${String(e.customType)}]: `, tone: "custom" },
        { text: normalize(textOf(e.content)), tone: "plain" },
      ];
    case "compaction":
      return [{ text: `[compaction: ${Math.round(Number(e.tokensBefore) / 1000)}k tokens]`, tone: "border" }];
    case "branch_summary":
      return [{ text: "[branch summary]: ", tone: "warning" }, { text: normalize(String(e.summary ?? "")), tone: "plain" }];
    case "model_change":
      return [{ text: `[model: ${String(e.modelId)}]`, tone: "dim" }];
    case "thinking_level_change":
      return [{ text: `[thinking: ${String(e.thinkingLevel)}]`, tone: "dim" }];
    case "custom":
      return [{ text: `[custom: ${String(e.customType)}]`, tone: "dim" }];
    case "context_edit":
      return [{ text: `[context ${e.replacement === null ? "omit" : "replace"}: ${String(e.targetId)}]`, tone: "dim" }];
    case "label":
      return [{ text: `[label: ${e.label === undefined ? "(cleared)" : String(e.label)}]`, tone: "dim" }];
    case "session_info":
      return e.name
        ? [{ text: `[title: ${String(e.name)}]`, tone: "dim" }]
        : [{ text: "[title: ", tone: "dim" }, { text: "empty", tone: "dim", italic: true }, { text: "]", tone: "dim" }];
    default:
      return [];
  }
}

function messageSegments(msg: Rec, toolCalls: ReadonlyMap<string, ToolCallInfo>, home: string): RowSegment[] {
  const role = String(msg.role);
  if (role === "user") return [{ text: "user: ", tone: "accent" }, { text: normalize(first200(msg.content)), tone: "plain" }];
  if (role === "assistant") {
    const text = normalize(first200(msg.content));
    const head: RowSegment = { text: "assistant: ", tone: "success" };
    if (text) return [head, { text, tone: "plain" }];
    if (msg.stopReason === "aborted") return [head, { text: "(aborted)", tone: "muted" }];
    if (msg.errorMessage) return [head, { text: normalize(String(msg.errorMessage)).slice(0, 80), tone: "error" }];
    return [head, { text: "(no content)", tone: "muted" }];
  }
  if (role === "toolResult") {
    const call = typeof msg.toolCallId === "string" ? toolCalls.get(msg.toolCallId) : undefined;
    if (call) return [{ text: formatToolCall(call.name, call.arguments, home), tone: "muted" }];
    return [{ text: `[${String(msg.toolName ?? "tool")}]`, tone: "muted" }];
  }
  if (role === "bashExecution") return [{ text: `[bash]: ${normalize(String(msg.command ?? ""))}`, tone: "dim" }];
  return [{ text: `[${role}]`, tone: "dim" }];
}

/** pi's hasTextContent: an assistant message with only tool calls has none. */
export function hasTextContent(content: unknown): boolean {
  if (typeof content === "string") return content.trim().length > 0;
  if (!Array.isArray(content)) return false;
  return content.some(
    (c) => typeof c === "object" && c !== null && c.type === "text" && typeof c.text === "string" && c.text.trim().length > 0,
  );
}
