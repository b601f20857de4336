// Text of a message's content, the way pi-ai's contentText reads it (text blocks only).
import type { AgentMessage } from "../types.js";

/** Joins the text blocks of `content` with `separator`; a string is returned as is; null/absent → "". */
export function contentText(content: AgentMessage["content"], separator = "\n"): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  // join() renders a missing `text` as "", as pi's map/join does.
  return content
    .filter((block) => isObject(block) && block.type === "text")
    .map((block) => (block as { text?: string }).text)
    .join(separator);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A content block read loosely: any field may be missing or of another type. */
export type LooseBlock = { type?: unknown; text?: string; thinking?: string; name?: string; arguments?: unknown };

/** The object blocks of an array content; [] for a string or anything else. */
export const contentBlocks = (content: unknown): LooseBlock[] =>
  Array.isArray(content) ? (content.filter(isObject) as LooseBlock[]) : [];
