// A context message with pi's token estimate: the row every before/after list shows.
import type { ContextMessage } from "../context/build-context.js";
import type { AgentMessage, PiProfile } from "../types.js";
import { estimateTokens } from "./estimate.js";

/** One message the model sees, with the entry it came from and pi's token estimate. */
export interface ContextRow {
  role: string;
  id: string | null;
  tokens: number;
  message: AgentMessage;
}

export const contextRows = (messages: readonly ContextMessage[], profile: PiProfile): ContextRow[] =>
  messages.map((m) => ({ role: m.message.role, id: m.sourceId, tokens: estimateTokens(m.message, profile), message: m.message }));
