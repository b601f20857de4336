// The whole session tree flattened once, in the order pi's /tree lists it: pre-order, and at every
// level (roots included) the child whose subtree holds the active leaf first, the rest in the
// engine's childrenOf order (timestamp, then file order). Built iteratively: paths can be 12,000 deep.
// Shared by the app's /tree and the CLI's `tree` text.
import { pathIdSet } from "../tree/navigate.js";
import type { SessionTree } from "../tree/tree.js";
import type { SessionEntry } from "../types.js";
import { rememberToolCalls, type ToolCallInfo } from "./tree-row-text.js";

export interface FlatNode {
  entry: SessionEntry;
  /** Index of the tree parent in FlatTree.nodes, -1 for a root. Always smaller than the node's own index. */
  parent: number;
  label?: string;
  labelTimestamp?: string;
  /** On the root -> leaf path (pi's `•` marker). */
  onActivePath: boolean;
}

export interface FlatTree {
  nodes: FlatNode[];
  /** Entry id -> index in nodes. */
  indexOf: Map<string, number>;
  leafId: string | null;
  /** Tool calls by id, for the `[read: path]` rows of tool results. */
  toolCalls: Map<string, ToolCallInfo>;
}

function activeFirst(children: readonly SessionEntry[], active: Set<string>): readonly SessionEntry[] {
  // Most nodes have one child and are not on the active path: no allocation for them.
  let anyActive = false;
  for (let i = 0; i < children.length && !anyActive; i++) anyActive = active.has(children[i].id);
  if (!anyActive) return children;
  return [...children.filter((c) => active.has(c.id)), ...children.filter((c) => !active.has(c.id))];
}

/**
 * Flatten a SessionTree into pi's display order. O(n). `leafId` marks the active path (the file's
 * leaf unless the caller shows the tree as seen from another entry).
 */
export function flattenTree(tree: SessionTree, leafId: string | null = tree.leafId): FlatTree {
  const active = leafId === null ? new Set<string>() : pathIdSet(tree, leafId);
  const nodes: FlatNode[] = [];
  const indexOf = new Map<string, number>();
  const toolCalls: FlatTree["toolCalls"] = new Map();
  const entries = tree.loaded.entries;
  const { posById, start, pos } = tree.order;
  // Stack of entries with their parent's node index, children pushed in reverse so they pop in order.
  const stackEntries: SessionEntry[] = [];
  const stackParents: number[] = [];
  const push = (entry: SessionEntry, parent: number) => {
    stackEntries.push(entry);
    stackParents.push(parent);
  };
  const hasLabels = tree.labels.size > 0;
  const roots = activeFirst(tree.roots, active);
  for (let i = roots.length - 1; i >= 0; i--) push(roots[i], -1);
  while (stackEntries.length > 0) {
    const entry = stackEntries.pop()!;
    const parent = stackParents.pop()!;
    // A duplicated id or a parent cycle must not loop forever or list a subtree twice.
    if (indexOf.has(entry.id)) continue;
    const index = nodes.length;
    const label = hasLabels ? tree.labels.get(entry.id) : undefined;
    nodes.push({
      entry,
      parent,
      label: label?.label,
      labelTimestamp: label?.timestamp,
      onActivePath: active.has(entry.id),
    });
    indexOf.set(entry.id, index);
    if (entry.type === "message") rememberToolCalls(entry, toolCalls);
    // The children childrenOf(entry.id) would list, read in place.
    const p = posById.get(entry.id);
    if (p === undefined) continue;
    const from = start[p];
    const to = start[p + 1];
    if (to - from === 1) push(entries[pos[from]], index);
    else if (to - from > 1) {
      const ordered = activeFirst(Array.from(pos.subarray(from, to), (q) => entries[q]), active);
      for (let i = ordered.length - 1; i >= 0; i--) push(ordered[i], index);
    }
  }
  return { nodes, indexOf, leafId, toolCalls };
}
