// The oracle's `context` section: the model context at a leaf, with token estimates.
import { buildContext, contextMessages, type ModelRef } from "../context/build-context.js";
import { walkToRoot } from "../context/path.js";
import { estimateProjectedContextTokens } from "../tokens/projected.js";
import { estimateContextTokens, type ContextTokenEstimate } from "../tokens/usage.js";
import type { SessionTree } from "../tree/tree.js";
import type { PiProfile } from "../types.js";
import { messageRows, type MessageRow } from "./message-rows.js";

export interface ContextView {
  thinkingLevel: string;
  model: ModelRef | null;
  count: number;
  messages: MessageRow[];
  /** Sum of the per-message estimates, dropped messages included. */
  estimatedTotal: number;
  estimateContextTokens: ContextTokenEstimate;
  /** 1.6 only. */
  estimateProjectedContextTokens?: ContextTokenEstimate;
}

export function contextView(tree: SessionTree, leafId: string | null = tree.leafId, profile: PiProfile = "1.6"): ContextView {
  const context = buildContext(tree.loaded.entries, leafId, profile, tree.byId);
  const rows = messageRows(context.messages, profile);
  const view: ContextView = {
    thinkingLevel: context.thinkingLevel,
    model: context.model,
    count: rows.length,
    messages: rows,
    estimatedTotal: rows.reduce((sum, r) => sum + r.tokens, 0),
    estimateContextTokens: estimateContextTokens(contextMessages(context), profile),
  };
  if (profile === "1.6" && context.projection) {
    view.estimateProjectedContextTokens = estimateProjectedContextTokens(context.projection, walkToRoot(tree.byId, leafId));
  }
  return view;
}
