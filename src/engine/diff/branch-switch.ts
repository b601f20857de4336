// The two contexts of a /tree navigation: what the model sees at the current leaf, and what it sees
// after moving to a target (pi's new-leaf rule: a selected user message is re-asked, so the leaf
// becomes its parent). No summary is attached here: that is the branch-summary flow's business.
import { navigationAttachment } from "../branch/plan.js";
import { buildContextFromPath } from "../context/build-context.js";
import { estimateTokens } from "../tokens/estimate.js";
import { getBranch, type SessionTree } from "../tree/tree.js";
import type { AgentMessage, PiProfile } from "../types.js";

export interface ContextSideRow {
  role: string;
  id: string | null;
  tokens: number;
  message: AgentMessage;
}

export interface BranchSwitchContexts {
  oldLeafId: string | null;
  targetId: string;
  /** The leaf after navigation (null: an empty context, the target was a root user message). */
  newLeafId: string | null;
  /** Text pi would put back into the editor (target was a user or custom message). */
  editorText: string | undefined;
  before: ContextSideRow[];
  after: ContextSideRow[];
}

export function contextRowsAt(tree: SessionTree, leafId: string | null, profile: PiProfile): ContextSideRow[] {
  const path = leafId === null ? [] : getBranch(tree, leafId);
  return buildContextFromPath(path, profile).messages.map((m) => ({
    role: m.message.role,
    id: m.sourceId,
    tokens: estimateTokens(m.message, profile),
    message: m.message,
  }));
}

/** Undefined when the target is unknown. */
export function branchSwitchContexts(tree: SessionTree, targetId: string, profile: PiProfile = "1.6"): BranchSwitchContexts | undefined {
  const target = tree.byId.get(targetId);
  if (!target) return undefined;
  const { newLeafId, editorText } = navigationAttachment(target, tree.leafId, profile);
  return {
    oldLeafId: tree.leafId,
    targetId,
    newLeafId,
    editorText,
    before: contextRowsAt(tree, tree.leafId, profile),
    after: contextRowsAt(tree, newLeafId, profile),
  };
}
