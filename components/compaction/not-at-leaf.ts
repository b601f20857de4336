// Why the compaction preview's `w` does not write at an entry that is not pi's leaf. pi's /compact
// always compacts at the leaf; a compaction appended elsewhere would become the new leaf, leaving
// the entries after the branch point on another branch with no summary of them, without a word.
// The way pi gets there is /tree first (Enter in the tree: move the leaf, optionally summarizing the
// branch left), then /compact (Shift+C).
import { commonAncestorId, depthOf, formatCount, type SessionTree } from "../../src/engine/index.js";
import { sanitizeInline } from "../kit/sanitize.js";

/** The refusal for `w` at `targetId`, or null when it is pi's leaf (the write is pi's /compact). */
export function notAtLeafMessage(tree: SessionTree, targetId: string | null): string | null {
  const leafId = tree.leafId;
  if (targetId === null || leafId === null || targetId === leafId) return null;
  const shared = commonAncestorId(tree, leafId, targetId);
  const left = depthOf(tree, leafId) - (shared === null ? -1 : depthOf(tree, shared));
  const target = sanitizeInline(targetId);
  const leaf = sanitizeInline(leafId);
  const entries = left === 1 ? "1 entry" : `${formatCount(left)} entries`;
  return (
    `${target} is not pi's leaf (${leaf}), and pi's /compact always works at the leaf. ` +
    `A compaction written at ${target} would move pi's leaf from ${leaf} to the new entry, and ${entries} on the path to ${leaf} ` +
    `would stay on another branch, with no summary of them. ` +
    `To compact at ${target} as pi would: back in the tree, Enter on ${target} (pi's /tree: moves the leaf there and offers to summarize the branch it leaves), then Shift+C.`
  );
}
