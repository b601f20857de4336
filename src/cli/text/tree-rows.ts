// Lays a session tree out as text rows the way pi's /tree does (tree-selector.ts): the branch that
// holds the leaf first at every level, hidden entries re-hung on their nearest visible ancestor,
// single-child chains flat, 3 columns per level, │ gutters and ├─ / └─ connectors. All walks are
// iterative: a chain can be 12,000 entries deep.
import { passesTreeFilter, rememberToolCalls, TREE_FILTER_MODES, type SessionEntry, type SessionTree, type ToolCallInfo, type TreeFilterMode } from "../../engine/index.js";
import { entryRowText } from "./entry-row-text.js";

export type TreeFilter = TreeFilterMode;
export const TREE_FILTERS = TREE_FILTER_MODES;

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
  leafId: string | null;
  activePathIds: ReadonlySet<string>;
  filter: TreeFilter;
  home: string;
}

interface Gutter {
  position: number;
  show: boolean;
}

export function layoutTreeRows(tree: SessionTree, options: LayoutOptions): TreeRow[] {
  const visible = collectVisible(tree, options);
  return placeRows(visible, tree, options);
}

interface VisibleForest {
  /** Visible entries in display order (depth-first, active branch first). */
  order: SessionEntry[];
  /** Visible children per visible parent id; "" holds the visible roots. */
  children: Map<string, SessionEntry[]>;
  toolCalls: Map<string, ToolCallInfo>;
}

function activeFirst(entries: readonly SessionEntry[], active: ReadonlySet<string>): SessionEntry[] {
  return [...entries.filter((e) => active.has(e.id)), ...entries.filter((e) => !active.has(e.id))];
}

function collectVisible(tree: SessionTree, options: LayoutOptions): VisibleForest {
  const order: SessionEntry[] = [];
  const children = new Map<string, SessionEntry[]>([["", []]]);
  const toolCalls = new Map<string, ToolCallInfo>();
  const seen = new Set<string>();
  // Each stack item: an entry and the id of its nearest visible ancestor ("" = none).
  const stack: [SessionEntry, string][] = activeFirst(tree.roots, options.activePathIds)
    .reverse()
    .map((e) => [e, ""]);
  while (stack.length > 0) {
    const [entry, ancestor] = stack.pop()!;
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    rememberToolCalls(entry, toolCalls);
    let childAncestor = ancestor;
    if (passesTreeFilter(entry, { mode: options.filter, leafId: options.leafId, labeled: tree.labels.has(entry.id) })) {
      order.push(entry);
      children.get(ancestor)!.push(entry);
      children.set(entry.id, []);
      childAncestor = entry.id;
    }
    const kids = activeFirst(tree.childrenOf(entry.id), options.activePathIds);
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], childAncestor]);
  }
  return { order, children, toolCalls };
}

/** pi's recalculateVisualStructure + render prefix, over the visible forest. */
function placeRows(forest: VisibleForest, tree: SessionTree, options: LayoutOptions): TreeRow[] {
  const roots = forest.children.get("")!;
  const multipleRoots = roots.length > 1;
  const rows: TreeRow[] = [];
  // [entry, indent, justBranched, showConnector, isLast, gutters, isVirtualRootChild]
  type Item = [SessionEntry, number, boolean, boolean, boolean, Gutter[], boolean];
  const stack: Item[] = [];
  for (let i = roots.length - 1; i >= 0; i--) {
    stack.push([roots[i], multipleRoots ? 1 : 0, multipleRoots, multipleRoots, i === roots.length - 1, [], multipleRoots]);
  }
  while (stack.length > 0) {
    const [entry, indent, justBranched, showConnector, isLast, gutters, virtualRootChild] = stack.pop()!;
    const displayIndent = multipleRoots ? Math.max(0, indent - 1) : indent;
    const connectorShown = showConnector && !virtualRootChild;
    rows.push({
      entry,
      prefix: renderPrefix(displayIndent, gutters, connectorShown, isLast, options.maxPrefixLevels ?? Number.POSITIVE_INFINITY),
      onActivePath: options.activePathIds.has(entry.id),
      label: tree.labels.get(entry.id)?.label,
      text: entryRowText(entry, forest.toolCalls, options.home),
    });
    const kids = forest.children.get(entry.id) ?? [];
    const branching = kids.length > 1;
    const childIndent = branching || (justBranched && indent > 0) ? indent + 1 : indent;
    const childGutters = connectorShown ? [...gutters, { position: Math.max(0, displayIndent - 1), show: !isLast }] : gutters;
    for (let i = kids.length - 1; i >= 0; i--) {
      stack.push([kids[i], childIndent, branching, branching, i === kids.length - 1, childGutters, false]);
    }
  }
  return rows;
}

/**
 * Gutters and connector for one row. Only the innermost `maxLevels` levels are drawn; outer ones
 * are folded into "«+N» " (5,000 branch points can nest rows thousands of levels deep).
 */
function renderPrefix(displayIndent: number, gutters: readonly Gutter[], connector: boolean, isLast: boolean, maxLevels: number): string {
  const start = Math.max(0, displayIndent - maxLevels);
  const cells: string[] = new Array<string>(displayIndent - start).fill("   ");
  if (connector && displayIndent - 1 >= start) cells[displayIndent - 1 - start] = isLast ? "└─ " : "├─ ";
  // pi takes the first gutter at a level (Array.find) and gutters win over the connector: walk backwards.
  for (let i = gutters.length - 1; i >= 0; i--) {
    const g = gutters[i];
    if (g.position >= start && g.position < displayIndent) cells[g.position - start] = g.show ? "│  " : "   ";
  }
  return (start > 0 ? `«+${start}» ` : "") + cells.join("");
}
