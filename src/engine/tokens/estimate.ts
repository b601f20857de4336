// pi's estimateTokens: characters / 4, rounded up, with per-release rules for images and roles.
import { contentBlocks as blocksOf } from "../context/content-text.js";
import type { AgentMessage, PiProfile } from "../types.js";
import { stringifyJson } from "../serialize/json-text.js";

/** pi counts an image as 4800 characters (1200 tokens). */
export const ESTIMATED_IMAGE_CHARS = 4800;

const len = (value: unknown): number => (typeof value === "string" ? value.length : 0);

/** Text and image characters of a content value (1.6 rule for user/custom/toolResult/system). */
function textAndImageChars(content: unknown): number {
  if (typeof content === "string") return content.length;
  let chars = 0;
  for (const block of blocksOf(content)) {
    if (block.type === "text" && block.text) chars += block.text.length;
    else if (block.type === "image") chars += ESTIMATED_IMAGE_CHARS;
  }
  return chars;
}

/** 0.73 user rule: text only, images are free. */
function textChars(content: unknown): number {
  if (typeof content === "string") return content.length;
  let chars = 0;
  for (const block of blocksOf(content)) if (block.type === "text" && block.text) chars += block.text.length;
  return chars;
}

function assistantChars(content: unknown): number {
  let chars = 0;
  for (const block of blocksOf(content)) {
    if (block.type === "text") chars += len(block.text);
    else if (block.type === "thinking") chars += len(block.thinking);
    else if (block.type === "toolCall") chars += len(block.name) + len(stringifyJson(block.arguments));
  }
  return chars;
}

/** 1.6 characters of a system message: prompt text, sections and added tools. */
export function systemChars(message: AgentMessage): number {
  let chars = textAndImageChars(message.content);
  for (const section of Object.values(message.sections ?? {})) if (section) chars += section.length;
  if (message.toolsAdded) chars += (stringifyJson(message.toolsAdded) ?? "").length;
  return chars;
}

function estimateChars(message: AgentMessage, profile: PiProfile): number {
  switch (message.role) {
    case "system":
      // 0.73 did not know system messages: they cost nothing.
      return profile === "1.6" ? systemChars(message) : 0;
    case "user":
      return profile === "1.6" ? textAndImageChars(message.content) : textChars(message.content);
    case "assistant":
      return assistantChars(message.content);
    case "custom":
    case "toolResult":
      return textAndImageChars(message.content);
    case "bashExecution":
      return len(message.command) + len(message.output);
    case "branchSummary":
    case "compactionSummary":
      return len(message.summary);
    default:
      return 0;
  }
}

/** Estimated tokens of one message, as the given pi release computes them. */
export function estimateTokens(message: AgentMessage, profile: PiProfile = "1.6"): number {
  return Math.ceil(estimateChars(message, profile) / 4);
}
