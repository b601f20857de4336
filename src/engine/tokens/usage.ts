// Context size from provider usage: pi anchors on the last valid assistant usage.
import type { AgentMessage, PiProfile, Usage } from "../types.js";
import { estimateTokens } from "./estimate.js";

/** totalTokens when set, else the sum of the four parts (NaN when a part is missing, as in pi). */
export function calculateContextTokens(usage: Usage): number {
  return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

/** The usage pi trusts: assistant, not aborted/error; 1.6 also rejects an all-zero usage. */
export function getAssistantUsage(message: AgentMessage, profile: PiProfile = "1.6"): Usage | undefined {
  if (message.role !== "assistant" || !("usage" in message)) return undefined;
  if (message.stopReason === "aborted" || message.stopReason === "error" || !message.usage) return undefined;
  if (profile === "1.6" && !(calculateContextTokens(message.usage) > 0)) return undefined;
  return message.usage;
}

export interface ContextTokenEstimate {
  tokens: number;
  usageTokens: number;
  trailingTokens: number;
  /** Index into the messages of the usage anchor; null when none was used. */
  lastUsageIndex: number | null;
}

/** pi's estimateContextTokens: last trusted usage + estimates of the messages after it. */
export function estimateContextTokens(messages: readonly AgentMessage[], profile: PiProfile = "1.6"): ContextTokenEstimate {
  let index = -1;
  let usage: Usage | undefined;
  for (let i = messages.length - 1; i >= 0 && !usage; i--) {
    usage = getAssistantUsage(messages[i], profile);
    if (usage) index = i;
  }
  if (!usage) {
    let estimated = 0;
    for (const message of messages) estimated += estimateTokens(message, profile);
    return { tokens: estimated, usageTokens: 0, trailingTokens: estimated, lastUsageIndex: null };
  }
  const usageTokens = calculateContextTokens(usage);
  let trailingTokens = 0;
  for (let i = index + 1; i < messages.length; i++) trailingTokens += estimateTokens(messages[i], profile);
  return { tokens: usageTokens + trailingTokens, usageTokens, trailingTokens, lastUsageIndex: index };
}

export interface CompactionThresholdSettings {
  enabled: boolean;
  reserveTokens: number;
}

/** pi's shouldCompact: strictly more than the window minus the reserve. */
export function shouldCompact(contextTokens: number, contextWindow: number, settings: CompactionThresholdSettings): boolean {
  if (!settings.enabled) return false;
  return contextTokens > contextWindow - settings.reserveTokens;
}
