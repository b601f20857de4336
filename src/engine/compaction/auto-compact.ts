// pi's threshold trigger (_checkCompaction, the non-overflow case): would pi compact on its own?
import { buildContextFromPath, contextMessages, lastCompactionIndex } from "../context/build-context.js";
import { formatCount } from "../display/units.js";
import { estimateProjectedContextTokens } from "../tokens/projected.js";
import { calculateContextTokens, estimateContextTokens, shouldCompact } from "../tokens/usage.js";
import type { AgentMessage, PiProfile, SessionEntry } from "../types.js";

const millis = (iso: unknown): number => new Date(iso as string).getTime();

export interface AutoCompactCheck {
  wouldCompact: boolean;
  /** The size pi compares with the threshold; null when pi stops before measuring. */
  tokens: number | null;
  /**
   * Where `tokens` comes from: the last assistant reply's own usage (pi's usual check: no estimate
   * of the messages after it), or pi's context estimate (after an error or zero usage, or with
   * context edits). null when pi stops before measuring.
   */
  counted: "last-reply-usage" | "context-estimate" | null;
  /** contextWindow - reserveTokens: pi compacts when tokens exceed this. */
  threshold: number;
  /** Why, in one sentence. */
  reason: string;
}

export interface AutoCompactInput {
  path: readonly SessionEntry[];
  contextWindow: number;
  reserveTokens: number;
  enabled?: boolean;
  profile?: PiProfile;
}

/**
 * The check pi runs before a new prompt, on the last assistant message of the context. pi
 * uses that assistant's own usage (no trailing estimate); for an error (1.6: or zero usage)
 * it estimates, refusing usage older than the latest compaction. The overflow-recovery
 * path is not modelled.
 */
export function checkAutoCompaction(input: AutoCompactInput): AutoCompactCheck {
  const profile = input.profile ?? "1.6";
  const threshold = input.contextWindow - input.reserveTokens;
  const stop = (reason: string): AutoCompactCheck => ({ wouldCompact: false, tokens: null, counted: null, threshold, reason });
  if (input.enabled === false) return stop("auto-compaction is disabled");
  const context = buildContextFromPath(input.path, profile);
  const messages = contextMessages(context);
  const assistant = messages.findLast((m) => m.role === "assistant");
  if (!assistant) return stop("no assistant message yet, so pi has nothing to check");
  const compactionIndex = lastCompactionIndex(input.path);
  const compactedAt = compactionIndex >= 0 ? millis(input.path[compactionIndex].timestamp) : undefined;
  if (compactedAt !== undefined && (assistant.timestamp as number) <= compactedAt) {
    return stop("the last assistant message is older than the latest compaction (stale-usage guard)");
  }
  let tokens: number;
  let counted: AutoCompactCheck["counted"] = "context-estimate";
  const direct = assistant.usage ? calculateContextTokens(assistant.usage) : 0;
  const hasEdits = profile === "1.6" && (context.projection ?? []).some((pe) => pe.sourceEntry.type === "context_edit");
  if (hasEdits) {
    tokens = estimateProjectedContextTokens(context.projection ?? [], input.path).tokens;
  } else if (assistant.stopReason === "error" || (profile === "1.6" && direct === 0)) {
    const estimate = estimateContextTokens(messages, profile);
    if (estimate.lastUsageIndex === null && profile === "0.73") return stop("the last assistant failed and no usage is known");
    if (estimate.lastUsageIndex !== null) {
      const usageMsg: AgentMessage = messages[estimate.lastUsageIndex];
      if (compactedAt !== undefined && (usageMsg.timestamp as number) <= compactedAt) {
        return stop("the newest usage predates the latest compaction (stale-usage guard)");
      }
    }
    tokens = estimate.tokens;
  } else {
    tokens = direct;
    counted = "last-reply-usage";
  }
  const wouldCompact = shouldCompact(tokens, input.contextWindow, { enabled: true, reserveTokens: input.reserveTokens });
  const relation = wouldCompact ? "above" : "not above";
  return { wouldCompact, tokens, counted, threshold, reason: `${formatCount(tokens)} tokens is ${relation} the threshold ${formatCount(threshold)} (window ${formatCount(input.contextWindow)} - reserve ${formatCount(input.reserveTokens)})` };
}
