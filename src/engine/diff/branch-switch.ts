// The two contexts of a /tree navigation: what the model sees at the current leaf, and what it sees
// after moving to a target (pi's new-leaf rule: a selected user message is re-asked, so the leaf
// becomes its parent). No summary is attached here: that is the branch-summary flow's business.
import { navigationAttachment } from "../branch/plan.js";
import { buildContextFromPath } from "../context/build-context.js";
import { contextRows, type ContextRow } from "../tokens/rows.js";
import { getBranch, type SessionTree } from "../tree/tree.js";
import type { PiProfile } from "../types.js";

export interface BranchSwitchContexts {
  oldLeafId: string | null;
  targetId: string;
  /** The leaf after navigation (null: an empty context, the target was a root user message). */
  newLeafId: string | null;
  /** Text pi would put back into the editor (target was a user or custom message). */
  editorText: string | undefined;
  before: ContextRow[];
  after: ContextRow[];
}

function contextRowsAt(tree: SessionTree, leafId: string | null, profile: PiProfile): ContextRow[] {
  const path = leafId === null ? [] : getBranch(tree, leafId);
  return contextRows(buildContextFromPath(path, profile).messages, profile);
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
