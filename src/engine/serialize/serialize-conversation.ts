// pi's serializeConversation: the plain text a summarizer reads (call convertToLlm first).
import { contextMessages, type ContextMessage } from "../context/build-context.js";
import { contentBlocks as blocksOf, contentText, type LooseBlock } from "../context/content-text.js";
import { convertToLlm } from "../context/convert-to-llm.js";
import type { AgentMessage, PiProfile } from "../types.js";
import { fingerprint, type TextFingerprint } from "./sha.js";
import { TOOL_RESULT_MAX_CHARS, truncateForSummary } from "./truncate.js";
import { stringifyJson } from "./json-text.js";

function toolCallText(block: LooseBlock): string {
  const args = Object.entries((block.arguments ?? {}) as Record<string, unknown>)
    .map(([k, v]) => `${k}=${stringifyJson(v)}`)
    .join(", ");
  return `${block.name}(${args})`;
}

function assistantParts(msg: AgentMessage, profile: PiProfile): string[] {
  const blocks = blocksOf(msg.content);
  const text = blocks.filter((b) => b.type === "text").map((b) => b.text);
  const thinking = blocks.filter((b) => b.type === "thinking").map((b) => b.thinking);
  const calls = blocks.filter((b) => b.type === "toolCall").map(toolCallText);
  const parts: string[] = [];
  // 0.73 rendered thinking first; 1.6 leaves thinking out entirely.
  if (profile === "0.73" && thinking.length > 0) parts.push(`[Assistant thinking]: ${thinking.join("\n")}`);
  if (text.length > 0) parts.push(`[Assistant]: ${text.join("\n")}`);
  if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join("; ")}`);
  return parts;
}

/** The parts serializeConversation joins with blank lines, one call per part. */
function serializeParts(messages: readonly AgentMessage[], profile: PiProfile, emit: (part: string) => void): void {
  for (const msg of messages) {
    if (msg.role === "user") {
      const content = contentText(msg.content, "");
      if (content) emit(`[User]: ${content}`);
    } else if (msg.role === "assistant") {
      for (const part of assistantParts(msg, profile)) emit(part);
    } else if (msg.role === "toolResult") {
      const content = contentText(msg.content, "");
      if (content) emit(`[Tool result]: ${truncateForSummary(content, TOOL_RESULT_MAX_CHARS, profile === "1.6")}`);
    }
  }
}

/** The summarizer's view of LLM messages: user text, assistant text and calls, cut tool results. */
export function serializeConversation(messages: readonly AgentMessage[], profile: PiProfile = "1.6"): string {
  const parts: string[] = [];
  serializeParts(messages, profile, (part) => parts.push(part));
  return parts.join("\n\n");
}

/** Length of what Array.prototype.join makes of `items` with a separator of `sep` units (null and undefined render as ""). */
function joinedLength(items: readonly unknown[], sep: number): number {
  let n = 0;
  for (const item of items) n += item == null ? 0 : String(item).length;
  return items.length === 0 ? 0 : n + sep * (items.length - 1);
}

/** contentText(content, "").length, without joining. */
function contentTextLength(content: AgentMessage["content"]): number {
  if (typeof content === "string") return content.length;
  if (!Array.isArray(content)) return 0;
  return joinedLength(
    content.filter((b) => typeof b === "object" && b !== null && (b as LooseBlock).type === "text").map((b) => (b as LooseBlock).text),
    0,
  );
}

function toolCallLength(block: LooseBlock): number {
  const entries = Object.entries((block.arguments ?? {}) as Record<string, unknown>);
  let args = entries.length === 0 ? 0 : 2 * (entries.length - 1);
  for (const [k, v] of entries) args += k.length + 1 + String(stringifyJson(v)).length;
  return String(block.name).length + 2 + args;
}

/**
 * serializeConversation(messages).length without building the text (the CLI's preview only counts
 * it): the same parts, added up. Long tool results are cut as serializeConversation cuts them.
 */
export function serializedLength(messages: readonly AgentMessage[], profile: PiProfile = "1.6"): number {
  let length = 0;
  let parts = 0;
  const part = (n: number) => {
    length += n;
    parts++;
  };
  for (const msg of messages) {
    if (msg.role === "user") {
      const n = contentTextLength(msg.content);
      if (n > 0) part("[User]: ".length + n);
    } else if (msg.role === "assistant") {
      const blocks = blocksOf(msg.content);
      const text = blocks.filter((b) => b.type === "text").map((b) => b.text);
      const thinking = blocks.filter((b) => b.type === "thinking").map((b) => b.thinking);
      const calls = blocks.filter((b) => b.type === "toolCall");
      if (profile === "0.73" && thinking.length > 0) part("[Assistant thinking]: ".length + joinedLength(thinking, 1));
      if (text.length > 0) part("[Assistant]: ".length + joinedLength(text, 1));
      if (calls.length > 0) part("[Assistant tool calls]: ".length + calls.reduce((n, b) => n + toolCallLength(b), 0) + 2 * (calls.length - 1));
    } else if (msg.role === "toolResult") {
      const n = contentTextLength(msg.content);
      if (n === 0) continue;
      // Only a result long enough to be cut needs its text (the cut may spare a surrogate pair).
      const shown = n <= TOOL_RESULT_MAX_CHARS ? n : truncateForSummary(contentText(msg.content, ""), TOOL_RESULT_MAX_CHARS, profile === "1.6").length;
      part("[Tool result]: ".length + shown);
    }
  }
  return parts === 0 ? 0 : length + 2 * (parts - 1);
}

/** What a summarizer would read for these context messages, as {chars, sha256_16}. */
export function serializedFingerprint(messages: readonly ContextMessage[], profile: PiProfile): TextFingerprint {
  return fingerprint(serializeConversation(convertToLlm(contextMessages({ messages }), profile), profile));
}

/** Only the length of what a summarizer would read (sha256_16 left empty): for output that shows the count alone. */
export function serializedChars(messages: readonly ContextMessage[], profile: PiProfile): TextFingerprint {
  return { chars: serializedLength(convertToLlm(contextMessages({ messages }), profile), profile), sha256_16: "" };
}
