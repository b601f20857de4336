// What a context is made of, by kind, for the before/after bars. Characters are counted the way
// pi's estimateTokens counts them (spec §9.1, 1x §7.1), so the kinds add up to pi's estimate
// (up to per-message rounding).
import { ESTIMATED_IMAGE_CHARS as IMAGE_CHARS, systemChars } from "../tokens/estimate.js";
import type { AgentMessage, ContentBlock, PiProfile } from "../types.js";
import { stringifyJson } from "../serialize/json-text.js";

export const CONTEXT_KINDS = [
  "system",
  "user",
  "assistantText",
  "thinking",
  "toolCalls",
  "toolResults",
  "images",
  "summaries",
] as const;
export type ContextKind = (typeof CONTEXT_KINDS)[number];

export type KindBreakdown = Record<ContextKind, { chars: number; tokens: number; messages: number }>;

function emptyBreakdown(): KindBreakdown {
  const b = {} as KindBreakdown;
  for (const k of CONTEXT_KINDS) b[k] = { chars: 0, tokens: 0, messages: 0 };
  return b;
}

function blocks(content: AgentMessage["content"]): ContentBlock[] {
  return Array.isArray(content) ? content : [];
}

function textChars(m: AgentMessage, add: (k: ContextKind, n: number) => void, kind: ContextKind, imageChars: number): void {
  if (typeof m.content === "string") return add(kind, m.content.length);
  for (const b of blocks(m.content)) {
    if (b?.type === "text" && typeof b.text === "string") add(kind, b.text.length);
    else if (b?.type === "image") add("images", imageChars);
  }
}

/** Characters per kind of one message; the kinds it touches are counted once each as a message. */
function messageKindChars(m: AgentMessage, profile: PiProfile): Partial<Record<ContextKind, number>> {
  const out: Partial<Record<ContextKind, number>> = {};
  const add = (k: ContextKind, n: number) => {
    out[k] = (out[k] ?? 0) + n;
  };
  switch (m.role) {
    case "user":
      textChars(m, add, "user", profile === "1.6" ? IMAGE_CHARS : 0);
      break;
    case "custom":
      textChars(m, add, "user", IMAGE_CHARS);
      break;
    case "toolResult":
      textChars(m, add, "toolResults", IMAGE_CHARS);
      break;
    case "bashExecution":
      add("toolResults", (m.command ?? "").length + (m.output ?? "").length);
      break;
    case "assistant":
      for (const b of blocks(m.content)) {
        if (b?.type === "text") add("assistantText", b.text.length);
        else if (b?.type === "thinking") add("thinking", b.thinking.length);
        else if (b?.type === "toolCall") add("toolCalls", b.name.length + (stringifyJson(b.arguments ?? {}) ?? "").length);
      }
      break;
    case "branchSummary":
    case "compactionSummary":
      add("summaries", (m.summary ?? "").length);
      break;
    case "system":
      if (profile === "1.6") add("system", systemChars(m));
      break;
  }
  return out;
}

/** Sum a context by kind. `messages` are pi's context messages (what the model sees). */
export function contextBreakdown(messages: AgentMessage[], profile: PiProfile): KindBreakdown {
  const b = emptyBreakdown();
  for (const m of messages) {
    for (const [k, chars] of Object.entries(messageKindChars(m, profile)) as [ContextKind, number][]) {
      b[k].chars += chars;
      b[k].messages += 1;
    }
  }
  for (const k of CONTEXT_KINDS) b[k].tokens = Math.ceil(b[k].chars / 4);
  return b;
}
