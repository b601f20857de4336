// Where the cursor goes when the tree is reloaded from disk. A reader at pi's leaf wants to follow
// pi to its new leaf; a reader anywhere else keeps reading the same entry.
import { isBookkeepingEntry, type SessionTree } from "../../src/engine/index.js";

/**
 * Whether `entryId` is pi's leaf as the tree shows it: the leaf itself, or the entry above it when
 * only bookkeeping entries (labels, names, model changes) follow, which the default view hides.
 */
export function isAtLeaf(tree: SessionTree, entryId: string): boolean {
  let id = tree.leafId;
  // Bounded: a parent cycle must not loop forever.
  for (let steps = 0; id !== null && steps <= tree.byId.size; steps++) {
    if (id === entryId) return true;
    const entry = tree.byId.get(id);
    if (entry === undefined || !isBookkeepingEntry(entry)) return false;
    id = entry.parentId;
  }
  return false;
}

/** The entry for the cursor after a reload: undefined means pi's (new) leaf. */
export function reloadFocus(before: SessionTree, after: SessionTree, entryId: string): string | undefined {
  if (isAtLeaf(before, entryId) || !after.byId.has(entryId)) return undefined;
  return entryId;
}
