// Everything the tree screen derives once per loaded session: the flattened tree and lazily filled
// per-node caches (search text, full text). Caches are memoization only, so reducers that read through
// the model stay pure functions of their inputs.
import type { SessionTree } from "../../src/engine/index.js";
import { flattenTree, type FlatTree } from "./flat-tree.js";
import { entryFullText } from "./detail-text.js";

export interface TreeModel {
  flat: FlatTree;
  /** Home directory for `~` in tool rows (passed in, never read from process). */
  home: string;
  /** Lowercased pi search text per node, filled on first search. */
  searchCache: (string | undefined)[];
  /** Lowercased full text per node (everything the detail pane shows), filled on first find. */
  fullTextCache: (string | undefined)[];
}

export function createTreeModel(tree: SessionTree, home: string): TreeModel {
  const flat = flattenTree(tree);
  return { flat, home, searchCache: new Array(flat.nodes.length), fullTextCache: new Array(flat.nodes.length) };
}

/** The lowercased full text of a node, cached. */
export function fullTextLower(model: TreeModel, node: number): string {
  let text = model.fullTextCache[node];
  if (text === undefined) {
    const n = model.flat.nodes[node];
    text = entryFullText(n.entry, n.label).toLowerCase();
    model.fullTextCache[node] = text;
  }
  return text;
}
