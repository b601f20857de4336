// Small adapters between the CLI's options and the engine's views.
import type { SessionTree } from "../engine/index.js";

/**
 * The same tree with another leaf. The engine's views start from `tree.leafId`; --leaf asks
 * "what if pi's leaf were here", which is exactly a tree whose leaf is that entry.
 */
export function withLeaf(tree: SessionTree, leafId: string | null): SessionTree {
  return leafId === tree.leafId ? tree : { ...tree, leafId };
}
