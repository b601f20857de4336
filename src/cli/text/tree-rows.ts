// Lays a session tree out as text rows the way pi's /tree does, with the engine's display layout
// (display/tree-flatten.ts, tree-visible-rows.ts, tree-prefix.ts: the same code the app's /tree
// draws with). What the CLI adds: the leaf can be any entry, and rows nested deeper than
// `maxPrefixLevels` draw only their innermost levels behind a «+N» marker.
import {
  displayIndent,
  flattenTree,
  layoutVisibleTree,
  passesTreeFilter,
  treeRowPrefix,
  type SessionEntry,
  type SessionTree,
  type TreeFilterMode,
} from "../../engine/index.js";
import { entryRowText } from "./entry-row-text.js";

export interface TreeRow {
  entry: SessionEntry;
  /** Gutters and connector, e.g. "│  ├─ ". */
  prefix: string;
  onActivePath: boolean;
  label: string | undefined;
  /** The row's one-line, sanitized text. */
  text: string;
}

interface LayoutOptions {
  /** Rows deeper than this many levels draw only their innermost levels (default: no limit). */
  maxPrefixLevels?: number;
  /** The entry whose path is active (pi's leaf): it orders branches and drives the filters. */
  leafId: string | null;
  filter: TreeFilterMode;
  home: string;
}

export function layoutTreeRows(tree: SessionTree, options: LayoutOptions): TreeRow[] {
  const flat = flattenTree(tree, options.leafId);
  const visible = layoutVisibleTree(flat, (i) => {
    const node = flat.nodes[i];
    return passesTreeFilter(node.entry, { mode: options.filter, leafId: flat.leafId, labeled: node.label !== undefined });
  });
  const maxLevels = options.maxPrefixLevels ?? Number.POSITIVE_INFINITY;
  const rows: TreeRow[] = [];
  for (let r = 0; r < visible.rows.length; r++) {
    const node = flat.nodes[visible.rows[r]];
    // 5,000 branch points can nest rows thousands of levels deep: fold the outer levels into «+N».
    const hiddenLevels = Math.max(0, displayIndent(visible, r) - maxLevels);
    const prefix = treeRowPrefix(visible, r, "─", hiddenLevels * 3);
    rows.push({
      entry: node.entry,
      prefix: (hiddenLevels > 0 ? `«+${hiddenLevels}» ` : "") + prefix,
      onActivePath: node.onActivePath,
      label: node.label,
      text: entryRowText(node.entry, flat.toolCalls, options.home),
    });
  }
  return rows;
}
