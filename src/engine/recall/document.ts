// Turning one session entry into the text recall searches and the one line it shows.
import type { AgentMessage, ContentBlock, SessionEntry } from "../types.js";
import { collapseWhitespace } from "../summary/text.js";
import { clip } from "./clip.js";
import type { RecallRole } from "./types.js";
import { stringifyJson } from "../serialize/json-text.js";

/** Tool output is capped in the index (errors are kept whole: "find that error" must work). */
export const TOOL_RESULT_CAP = 2000;
/** Rendered tool-call arguments are capped per call in the index; expand shows them whole. */
export const TOOL_ARGS_CAP = 2000;
/**
 * What one entry may cost the index (characters of searchable text), whatever its kind: a single
 * 100 MB message would otherwise cost gigabytes of terms and postings. Expand shows it whole.
 */
export const ENTRY_TEXT_CAP = 200_000;
/** Recall's own tool is never indexed, so a repeated query cannot find its previous output. */
const SELF_TOOLS = new Set(["vcc_recall"]);
/** Argument keys whose string values are paths (a tool call names its files with them). */
export const PATH_KEYS: readonly string[] = ["path", "file_path", "filePath", "file"];

export interface DocContent {
  role: RecallRole;
  text: string;
  tools: string[];
  files: string[];
  isError: boolean;
}

type Blocks = ContentBlock[];
const blocksOf = (content: AgentMessage["content"]): Blocks =>
  Array.isArray(content) ? content.filter((b): b is ContentBlock => !!b && typeof b === "object") : [];

function plainText(content: AgentMessage["content"]): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  // Most messages hold one text block: it is returned as is, not copied by a join.
  let first: string | null = null;
  let parts: string[] | null = null;
  for (const b of content as unknown[]) {
    if (!b || typeof b !== "object") continue;
    const block = b as ContentBlock;
    let part: string;
    if (block.type === "text" && typeof block.text === "string") part = block.text;
    else if (block.type === "image") part = `[image: ${String(block.mimeType)}]`;
    else continue;
    if (first === null) first = part;
    else (parts ??= [first]).push(part);
  }
  return parts ? parts.join("\n") : (first ?? "");
}

function renderValue(v: unknown): string {
  if (typeof v === "string") return v;
  try {
    return stringifyJson(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** `name(key=value, …)`; capped when `cap` is given. */
function renderToolCall(name: string, args: unknown, cap?: number): string {
  let pairs: string[];
  if (args && typeof args === "object" && !Array.isArray(args)) {
    const record = args as Record<string, unknown>;
    pairs = Object.keys(record);
    for (let k = 0; k < pairs.length; k++) pairs[k] = `${pairs[k]}=${renderValue(record[pairs[k]])}`;
  } else pairs = args === undefined ? [] : [renderValue(args)];
  let inner = pairs.join(", ");
  if (cap !== undefined && inner.length > cap) inner = `${inner.slice(0, cap)}…`;
  return `${name}(${inner})`;
}

function pathArgs(args: unknown): string[] {
  if (!args || typeof args !== "object") return [];
  const out: string[] = [];
  for (const k of PATH_KEYS) {
    const v = (args as Record<string, unknown>)[k];
    if (typeof v === "string" && v !== "") out.push(v);
  }
  return out;
}

/** Paths of tool calls by call id, so a tool result knows its file. */
export type CallPaths = Pick<ReadonlyMap<string, string[]>, "get">;

/**
 * The searchable content of an entry, or null when recall does not index it (metadata,
 * custom messages, system messages, recall's own calls). `full` drops the index caps (expand).
 */
export function docContent(entry: SessionEntry, callPaths: CallPaths, full = false): DocContent | null {
  const content = entryContent(entry, callPaths, full);
  if (full || content === null || content.text.length <= ENTRY_TEXT_CAP) return content;
  return { ...content, text: `${content.text.slice(0, ENTRY_TEXT_CAP)}…` };
}

function entryContent(entry: SessionEntry, callPaths: CallPaths, full: boolean): DocContent | null {
  if (entry.type === "compaction" || entry.type === "branch_summary") {
    const summary = typeof entry.summary === "string" ? entry.summary : "";
    return { role: entry.type === "compaction" ? "compaction" : "branchSummary", text: summary, tools: [], files: [], isError: false };
  }
  if (entry.type !== "message") return null;
  const msg = entry.message as AgentMessage | undefined;
  if (!msg || typeof msg !== "object") return null;
  switch (msg.role) {
    case "user":
      return { role: "user", text: plainText(msg.content), tools: [], files: [], isError: false };
    case "assistant":
      return assistantContent(msg, full);
    case "toolResult": {
      const tool = typeof msg.toolName === "string" ? msg.toolName.toLowerCase() : "";
      if (SELF_TOOLS.has(tool)) return null;
      const isError = msg.isError === true;
      let text = plainText(msg.content);
      if (!full && !isError && text.length > TOOL_RESULT_CAP) text = `${text.slice(0, TOOL_RESULT_CAP)}…`;
      const files = (typeof msg.toolCallId === "string" && callPaths.get(msg.toolCallId)) || [];
      return { role: "toolResult", text, tools: tool ? [tool] : [], files, isError };
    }
    case "bashExecution": {
      const command = typeof msg.command === "string" ? msg.command : "";
      const output = typeof msg.output === "string" ? msg.output : "";
      const failed = typeof msg.exitCode === "number" && msg.exitCode !== 0;
      return { role: "bash", text: `$ ${command}\n${output}`, tools: ["bash"], files: [], isError: failed };
    }
    default:
      return null;
  }
}

function assistantContent(msg: AgentMessage, full: boolean): DocContent | null {
  const texts: string[] = [];
  const thinking: string[] = [];
  const calls: string[] = [];
  const tools: string[] = [];
  const files: string[] = [];
  let onlySelf = true;
  let any = false;
  for (const b of blocksOf(msg.content)) {
    if (b.type === "text" && typeof b.text === "string") {
      texts.push(b.text);
      any = true;
      onlySelf = false;
    } else if (b.type === "thinking" && typeof b.thinking === "string" && b.thinking !== "") {
      thinking.push(b.thinking);
      any = true;
      onlySelf = false;
    } else if (b.type === "toolCall") {
      any = true;
      const name = typeof b.name === "string" ? b.name : "";
      if (SELF_TOOLS.has(name.toLowerCase())) continue;
      onlySelf = false;
      calls.push(renderToolCall(name, b.arguments, full ? undefined : TOOL_ARGS_CAP));
      if (name) tools.push(name.toLowerCase());
      for (const f of pathArgs(b.arguments)) files.push(f);
    }
  }
  if (typeof msg.content === "string") {
    texts.push(msg.content);
    any = true;
    onlySelf = false;
  }
  if (typeof msg.errorMessage === "string" && msg.errorMessage !== "") texts.push(`[error] ${msg.errorMessage}`);
  if (any && onlySelf) return null;
  for (const t of thinking) texts.push(`[thinking] ${t}`);
  for (const c of calls) texts.push(c);
  const text = texts.length === 1 ? texts[0] : texts.join("\n");
  return { role: "assistant", text, tools, files: files.length > 1 ? unique(files) : files, isError: msg.stopReason === "error" };
}

const unique = (xs: string[]): string[] => [...new Set(xs)];

/** The one line shown for an unmatched entry or in browse. */
export function summaryLine(role: RecallRole, text: string, isError: boolean, tools: string[]): string {
  const limit = role === "toolResult" ? 200 : 300;
  const prefix = role === "toolResult" ? `${isError ? "ERROR " : ""}[${tools[0] ?? "tool"}] ` : "";
  return prefix + clip(collapseWhitespace(text), limit);
}

/** Ids of tool calls -> their path arguments, over every entry of the file. */
export function collectCallPaths(entries: readonly SessionEntry[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < entries.length; i++) addCallPaths(entries[i], out);
  return out;
}

/** The path arguments of `entry`'s tool calls into `out` by call id (collectCallPaths one entry at a time). */
export function addCallPaths(e: SessionEntry, out: { set(id: string, paths: string[]): unknown }): void {
  if (e.type !== "message") return;
  const msg = e.message as AgentMessage | undefined;
  if (!msg || msg.role !== "assistant" || !Array.isArray(msg.content)) return;
  // Read in place (no filtered copy): this runs over every assistant message of the file.
  for (const item of msg.content as unknown[]) {
    if (!item || typeof item !== "object") continue;
    const b = item as ContentBlock;
    if (b.type === "toolCall" && typeof b.id === "string") {
      const paths = pathArgs(b.arguments);
      if (paths.length) out.set(b.id, paths);
    }
  }
}
