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

/** The summarizer's view of LLM messages: user text, assistant text and calls, cut tool results. */
export function serializeConversation(messages: readonly AgentMessage[], profile: PiProfile = "1.6"): string {
  const parts: string[] = [];
  for (const msg of messages) {
    if (msg.role === "user") {
      const content = contentText(msg.content, "");
      if (content) parts.push(`[User]: ${content}`);
    } else if (msg.role === "assistant") {
      for (const part of assistantParts(msg, profile)) parts.push(part);
    } else if (msg.role === "toolResult") {
      const content = contentText(msg.content, "");
      if (content) parts.push(`[Tool result]: ${truncateForSummary(content, TOOL_RESULT_MAX_CHARS, profile === "1.6")}`);
    }
  }
  return parts.join("\n\n");
}

/** What a summarizer would read for these context messages, as {chars, sha256_16}. */
export function serializedFingerprint(messages: readonly ContextMessage[], profile: PiProfile): TextFingerprint {
  return fingerprint(serializeConversation(convertToLlm(contextMessages({ messages }), profile), profile));
}
