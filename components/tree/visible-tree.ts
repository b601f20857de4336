// The rows /tree shows for one (filter, search, folds) state. The layout (pi's connectors, gutters,
// re-linking to the nearest visible ancestor, folds) is the engine's display/tree-visible-rows.ts,
// shared with the CLI's `tree` text; what the app adds is type-to-search.
import { layoutVisibleTree, passesTreeFilter, TREE_FILTER_MODES, type FlatTree, type TreeFilterMode, type VisibleTree } from "../../src/engine/index.js";
import { searchableText } from "./row-text.js";

export { foldRows, isFoldable, nearestVisibleRow, segmentJump, subtreeEnd, type VisibleTree } from "../../src/engine/index.js";

export type FilterMode = TreeFilterMode;
export const FILTER_MODES = TREE_FILTER_MODES;

/** pi's applyFilter predicate for one node (filter mode, hidden tool-call-only turns, search tokens). */
function passes(flat: FlatTree, index: number, mode: FilterMode, tokens: string[], searchCache: (string | undefined)[]): boolean {
  const node = flat.nodes[index];
  const entry = node.entry;
  if (!passesTreeFilter(entry, { mode, leafId: flat.leafId, labeled: node.label !== undefined })) return false;
  if (tokens.length === 0) return true;
  let text = searchCache[index];
  if (text === undefined) {
    text = searchableText(entry, node.label).toLowerCase();
    searchCache[index] = text;
  }
  return tokens.every((t) => text.includes(t));
}

/** pi's search tokens: lowercased, split on whitespace, every token must be a substring. */
const searchTokens = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Compute the visible rows. `searchCache` memoizes each node's lowercased search text across calls
 * (the caller owns it; one array per FlatTree).
 */
export function buildVisibleTree(
  flat: FlatTree,
  mode: FilterMode,
  query: string,
  folded: ReadonlySet<string>,
  searchCache: (string | undefined)[],
): VisibleTree {
  const tokens = searchTokens(query);
  return layoutVisibleTree(flat, (i) => passes(flat, i, mode, tokens, searchCache), folded);
}
