// pi's serializeConversation: the plain text a summarizer reads (call convertToLlm first).
import { contextMessages, type ContextMessage } from "../context/build-context.js";
import { contentBlocks as blocksOf, contentText, type LooseBlock } from "../context/content-text.js";
import { convertOneToLlm, convertToLlm } from "../context/convert-to-llm.js";
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

/** What String(item) adds to a join (null and undefined render as ""). */
const itemLength = (item: unknown): number => (item == null ? 0 : String(item).length);

// The counts below run once per message of a path (15,000 on synth-deep): indexed loops and no
// intermediate strings (see the note on hot loops in src/cli/one-shot-v8.ts).

/** contentText(content, "").length, without filtering, mapping or joining. */
function contentTextLength(content: AgentMessage["content"]): number {
  if (typeof content === "string") return content.length;
  if (!Array.isArray(content)) return 0;
  const blocks = content as unknown[];
  let n = 0;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (typeof b === "object" && b !== null && (b as LooseBlock).type === "text") n += itemLength((b as LooseBlock).text);
  }
  return n;
}

/** A string JSON.stringify writes as is between its quotes: no quote, backslash, control character or surrogate. */
const PLAIN_JSON_STRING = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** stringifyJson(v).length (as String() renders it), without the text when v is a plain string. */
function jsonLength(v: unknown): number {
  if (typeof v === "string" && PLAIN_JSON_STRING.test(v)) return v.length + 2;
  return String(stringifyJson(v)).length;
}

function toolCallLength(block: LooseBlock): number {
  const args = (block.arguments ?? {}) as Record<string, unknown>;
  const keys = Object.keys(args);
  let n = keys.length === 0 ? 0 : 2 * (keys.length - 1);
  for (let i = 0; i < keys.length; i++) n += keys[i].length + 1 + jsonLength(args[keys[i]]);
  return String(block.name).length + 2 + n;
}

/** The running total of serializedLength: the parts' lengths and how many parts (joined by "\n\n"). */
interface LengthTally {
  length: number;
  parts: number;
}

const addPart = (tally: LengthTally, n: number): void => {
  tally.length += n;
  tally.parts++;
};

/** One LLM message's parts, as serializeParts emits them, added to the tally (one pass over its blocks, nothing built). */
function tallyMessage(msg: AgentMessage, profile: PiProfile, tally: LengthTally): void {
  if (msg.role === "user") {
    const n = contentTextLength(msg.content);
    if (n > 0) addPart(tally, "[User]: ".length + n);
  } else if (msg.role === "assistant") {
    let texts = 0;
    let textChars = 0;
    let thoughts = 0;
    let thinkingChars = 0;
    let calls = 0;
    let callChars = 0;
    if (Array.isArray(msg.content)) {
      const items = msg.content as unknown[];
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (typeof item !== "object" || item === null) continue;
        const b = item as LooseBlock;
        if (b.type === "text") {
          texts++;
          textChars += itemLength(b.text);
        } else if (b.type === "thinking") {
          thoughts++;
          thinkingChars += itemLength(b.thinking);
        } else if (b.type === "toolCall") {
          calls++;
          callChars += toolCallLength(b);
        }
      }
    }
    // Texts and thoughts are joined with "\n", calls with "; ".
    if (profile === "0.73" && thoughts > 0) addPart(tally, "[Assistant thinking]: ".length + thinkingChars + thoughts - 1);
    if (texts > 0) addPart(tally, "[Assistant]: ".length + textChars + texts - 1);
    if (calls > 0) addPart(tally, "[Assistant tool calls]: ".length + callChars + 2 * (calls - 1));
  } else if (msg.role === "toolResult") {
    const n = contentTextLength(msg.content);
    if (n === 0) return;
    // Only a result long enough to be cut needs its text (the cut may spare a surrogate pair).
    const shown = n <= TOOL_RESULT_MAX_CHARS ? n : truncateForSummary(contentText(msg.content, ""), TOOL_RESULT_MAX_CHARS, profile === "1.6").length;
    addPart(tally, "[Tool result]: ".length + shown);
  }
}

const tallyLength = (tally: LengthTally): number => (tally.parts === 0 ? 0 : tally.length + 2 * (tally.parts - 1));

/**
 * serializeConversation(messages).length without building the text (the CLI's preview only counts
 * it): the same parts, added up. Long tool results are cut as serializeConversation cuts them.
 */
export function serializedLength(messages: readonly AgentMessage[], profile: PiProfile = "1.6"): number {
  const tally: LengthTally = { length: 0, parts: 0 };
  for (let i = 0; i < messages.length; i++) tallyMessage(messages[i], profile, tally);
  return tallyLength(tally);
}

/** What a summarizer would read for these context messages, as {chars, sha256_16}. */
export function serializedFingerprint(messages: readonly ContextMessage[], profile: PiProfile): TextFingerprint {
  return fingerprint(serializeConversation(convertToLlm(contextMessages({ messages }), profile), profile));
}

/** Only the length of what a summarizer would read (sha256_16 left empty): for output that shows the count alone. */
export function serializedChars(messages: readonly ContextMessage[], profile: PiProfile): TextFingerprint {
  // convertToLlm one message at a time: a 15,000-message history is not copied twice to be counted.
  const tally: LengthTally = { length: 0, parts: 0 };
  for (let i = 0; i < messages.length; i++) {
    const llm = convertOneToLlm(messages[i].message, profile);
    if (llm !== undefined) tallyMessage(llm, profile, tally);
  }
  return { chars: tallyLength(tally), sha256_16: "" };
}
