// The tree's cost figures (counter line): the recorded cost of the active path and of the branch
// under the cursor, from the engine's running sums of the tree shown (usage/tree-cost.ts: made once
// per tree, and a tree pi appended to adds only its new entries). Not asked of a first look: reading
// a lazy tool result's usage would parse it (the tree waits for the exact load).
import { formatCost, treeCost, type SessionTree } from "../../src/engine/index.js";

/** "path $1.99 · branch $0.89" or "path $1.99 · shared part"; "" when the session records no usage. */
export function costText(tree: SessionTree, selectedId: string | null): string {
  const cost = treeCost(tree);
  if (cost.session.usages === 0) return "";
  const path = `path ${formatCost(cost.path)}`;
  if (selectedId === null || cost.branches < 2) return `${path} · file ${formatCost(cost.session)}`;
  const branch = cost.branchOf(selectedId);
  return branch ? `${path} · this branch ${formatCost(branch)}` : `${path} · shared part`;
}
