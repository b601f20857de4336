// Messages → blocks (vcc.md §2.2) with the noise filter (§2.3) and tool results paired to their
// calls by toolCallId (§8 P4). One pass over the messages plus one over the blocks.
import type { AgentMessage } from "../types.js";
import type { Block, ToolCallBlock, ToolResultBlock } from "./blocks.js";
import { parseBashExitCode } from "./blocks.js";
import { firstNonEmptyLine, MAX_SCAN_CHARS, sanitize } from "./text.js";
import type { MessageIndex, SummarySourceMessage } from "./types.js";

/** Longest message text kept; longer text is cut before any processing. */
const MAX_TEXT_CHARS = 20000;

// Tool calls that are bookkeeping, not work; matched case-insensitively. vcc_recall is the recall
// tool itself: indexing its calls and results would feed recall output back into summaries.
const NOISE_TOOLS = new Set([
  "todowrite", "todoread", "toolsearch", "websearch", "askuser", "exitspecmode", "generatedroid", "vcc_recall",
]);
// Custom messages that are recall output or harness nudges (never summarized: no self-indexing).
const NOISE_CUSTOM_TYPES = new Set(["vcc-recall", "pi-vcc-auto-continue", "pi-explorer-recall"]);
const NOISE_USER_PHRASES = [
  "Continue from where you left off.",
  "No response requested.",
  "IMPORTANT: TodoWrite was not called yet.",
];
const WRAPPER_TAGS = ["system-reminder", "ide_opened_file", "command-message", "context-window-usage"];

function bounded(text: string, max = MAX_TEXT_CHARS): string {
  return sanitize(text.length > max ? text.slice(0, max) : text);
}

/** Removes every `<tag …>…</tag>` element (non-greedy) with indexOf scans, linear in the text. */
function removeElement(text: string, tag: string): string {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let out = "";
  let pos = 0;
  for (;;) {
    const start = text.indexOf(open, pos);
    if (start === -1) break;
    const end = text.indexOf(close, start + open.length);
    if (end === -1) break;
    out += text.slice(pos, start);
    pos = end + close.length;
  }
  return pos === 0 ? text : out + text.slice(pos);
}

function textParts(content: AgentMessage["content"], joiner: string): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block === "object" && block !== null && block.type === "text" && typeof block.text === "string") parts.push(block.text);
  }
  return parts.join(joiner);
}

function isNoiseTool(name: string): boolean {
  return NOISE_TOOLS.has(name.toLowerCase());
}

function userBlocks(message: AgentMessage, ref: number | undefined, out: Block[]): void {
  let text = textParts(message.content, "\n");
  if (NOISE_USER_PHRASES.some((p) => text.includes(p))) return;
  for (const tag of WRAPPER_TAGS) text = removeElement(text, tag);
  text = bounded(text).trim();
  if (text !== "") out.push({ kind: "user", ref, text });
  if (Array.isArray(message.content)) {
    for (const block of message.content) {
      if (typeof block === "object" && block !== null && block.type === "image") {
        out.push({ kind: "user", ref, text: `[image: ${typeof block.mimeType === "string" ? clipMime(block.mimeType) : "unknown"}]` });
      }
    }
  }
}

function clipMime(mime: string): string {
  return sanitize(mime.slice(0, 60));
}

function assistantBlocks(message: AgentMessage, ref: number | undefined, out: Block[]): void {
  const content = message.content;
  if (typeof content === "string") {
    const text = bounded(content).trim();
    if (text !== "") out.push({ kind: "assistant", ref, text });
    return;
  }
  if (!Array.isArray(content)) return;
  for (const block of content) {
    if (typeof block !== "object" || block === null) continue;
    if (block.type === "text" && typeof block.text === "string") {
      const text = bounded(block.text).trim();
      if (text !== "") out.push({ kind: "assistant", ref, text });
    } else if (block.type === "toolCall") {
      const name = typeof block.name === "string" ? sanitize(block.name.slice(0, 100)) : "";
      if (name === "" || isNoiseTool(name)) continue;
      const args = typeof block.arguments === "object" && block.arguments !== null ? block.arguments : {};
      out.push({ kind: "tool_call", ref, id: typeof block.id === "string" ? block.id : "", name, args });
    }
    // thinking is dropped from summaries (it stays searchable in recall)
  }
}

function toolResultBlock(message: AgentMessage, ref: number | undefined): ToolResultBlock | undefined {
  const name = typeof message.toolName === "string" ? sanitize(message.toolName.slice(0, 100)) : "";
  if (isNoiseTool(name)) return undefined;
  const raw = textParts(message.content, "");
  const isError = message.isError === true;
  return {
    kind: "tool_result",
    ref,
    toolCallId: typeof message.toolCallId === "string" ? message.toolCallId : "",
    name,
    // Results are only scanned near their start (first line, tsc lines, hashes); the exit code is read from the raw end.
    text: bounded(raw, MAX_SCAN_CHARS),
    isError,
    exitCode: isError ? parseBashExitCode(raw) : undefined,
  };
}

/** The first line of a stored branch summary after pi's lead-in paragraph. */
function branchSummaryFirstLine(summary: string): string {
  const head = summary.slice(0, MAX_SCAN_CHARS);
  const gap = head.indexOf("\n\n");
  const body = gap !== -1 && gap < 400 ? head.slice(gap + 2) : head;
  return firstNonEmptyLine(sanitize(body));
}

function messageBlocks(message: AgentMessage, ref: number | undefined, out: Block[]): void {
  switch (message.role) {
    case "user":
      userBlocks(message, ref, out);
      return;
    case "assistant":
      assistantBlocks(message, ref, out);
      return;
    case "toolResult": {
      const block = toolResultBlock(message, ref);
      if (block) out.push(block);
      return;
    }
    case "bashExecution":
      out.push({
        kind: "bash",
        ref,
        command: bounded(typeof message.command === "string" ? message.command : ""),
        output: bounded(typeof message.output === "string" ? message.output : ""),
        exitCode: typeof message.exitCode === "number" ? message.exitCode : undefined,
      });
      return;
    case "custom": {
      const customType = typeof message.customType === "string" ? message.customType : "";
      if (NOISE_CUSTOM_TYPES.has(customType.toLowerCase())) return;
      const text = bounded(textParts(message.content, "\n")).trim();
      if (text === "") return;
      out.push({ kind: "custom", ref, customType: sanitize(customType.slice(0, 60)), text });
      return;
    }
    case "branchSummary": {
      const summary = typeof message.summary === "string" ? message.summary : "";
      const firstLine = branchSummaryFirstLine(summary);
      if (firstLine !== "") out.push({ kind: "branch_summary", ref, firstLine });
      return;
    }
    default:
      // compactionSummary travels as the previous summary; system and unknown roles carry no history.
      return;
  }
}

/** Pairs each tool result with the call of the same id (first call wins for a duplicated id). */
function pairToolResults(blocks: readonly Block[]): void {
  const calls = new Map<string, ToolCallBlock>();
  for (const block of blocks) {
    if (block.kind === "tool_call") {
      if (block.id !== "" && !calls.has(block.id)) calls.set(block.id, block);
    } else if (block.kind === "tool_result") {
      const call = calls.get(block.toolCallId);
      if (call && call.result === undefined) {
        call.result = block;
        block.call = call;
        if (block.name === "") block.name = call.name;
      }
    }
  }
}

/** Normalizes a span of messages. Refs come from `messageIndex` (undefined when the source has none). */
export function normalizeMessages(messages: readonly SummarySourceMessage[], messageIndex: MessageIndex): Block[] {
  const blocks: Block[] = [];
  for (const { message, sourceId } of messages) {
    if (typeof message !== "object" || message === null) continue;
    const ref = sourceId === null ? undefined : messageIndex.get(sourceId);
    messageBlocks(message, ref, blocks);
  }
  pairToolResults(blocks);
  return blocks;
}
