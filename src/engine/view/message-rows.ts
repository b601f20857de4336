// The oracle's one-line description of a context message: {role, id, tokens, llm?}.
import type { ContextMessage } from "../context/build-context.js";
import { convertOneToLlm } from "../context/convert-to-llm.js";
import { estimateTokens } from "../tokens/estimate.js";
import type { PiProfile } from "../types.js";

export interface MessageRow {
  role: string;
  id: string | null;
  tokens: number;
  /** Present (false) only when convertToLlm drops the message. */
  llm?: false;
}

function messageRow(m: ContextMessage, profile: PiProfile): MessageRow {
  const row: MessageRow = { role: m.message.role, id: m.sourceId, tokens: estimateTokens(m.message, profile) };
  if (convertOneToLlm(m.message, profile) === undefined) row.llm = false;
  return row;
}

export const messageRows = (messages: readonly ContextMessage[], profile: PiProfile): MessageRow[] =>
  messages.map((m) => messageRow(m, profile));
