// The whole session tree flattened once, in the order pi's /tree lists it: pre-order, and at every
// level (roots included) the child whose subtree holds the active leaf first, the rest in the
// engine's childrenOf order (timestamp, then file order). Built iteratively: paths can be 12,000 deep.
// Shared by the app's /tree and the CLI's `tree` text.
import { entryIndexOf } from "../session/load.js";
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

/** Positions in `from..to` of `pos`, those on the active path first (each group in the given order). */
function activeFirst(pos: Int32Array, from: number, to: number, active: Uint8Array): Int32Array {
  // Most nodes are not on the active path: no reordering for them.
  let anyActive = false;
  for (let i = from; i < to && !anyActive; i++) anyActive = active[pos[i]] === 1;
  const list = pos.subarray(from, to);
  if (!anyActive) return list;
  return Int32Array.from([...list.filter((q) => active[q] === 1), ...list.filter((q) => active[q] !== 1)]);
}

/**
 * Flatten a SessionTree into pi's display order. O(n). `leafId` marks the active path (the file's
 * leaf unless the caller shows the tree as seen from another entry).
 */
export function flattenTree(tree: SessionTree, leafId: string | null = tree.leafId): FlatTree {
  const { parentPos, rootPos } = entryIndexOf(tree.loaded);
  const entries = tree.loaded.entries;
  const { posById, start, pos } = tree.order;
  // The active path by position (parentPos has no cycles; the bound is a guard).
  const active = new Uint8Array(entries.length);
  for (let p = leafId === null ? -1 : (posById.get(leafId) ?? -1), steps = 0; p >= 0 && steps <= entries.length; p = parentPos[p], steps++) active[p] = 1;
  const nodes: FlatNode[] = [];
  const indexOf = new Map<string, number>();
  const toolCalls: FlatTree["toolCalls"] = new Map();
  // Stack of positions with their parent's node index, children pushed in reverse so they pop in order.
  const stackPositions: number[] = [];
  const stackParents: number[] = [];
  const hasLabels = tree.labels.size > 0;
  const roots = activeFirst(Int32Array.from(rootPos), 0, rootPos.length, active);
  for (let i = roots.length - 1; i >= 0; i--) {
    stackPositions.push(roots[i]);
    stackParents.push(-1);
  }
  while (stackPositions.length > 0) {
    const p = stackPositions.pop()!;
    const parent = stackParents.pop()!;
    const entry = entries[p];
    // A duplicated id or a parent cycle must not loop forever or list a subtree twice.
    if (indexOf.has(entry.id)) continue;
    const index = nodes.length;
    const label = hasLabels ? tree.labels.get(entry.id) : undefined;
    nodes.push({
      entry,
      parent,
      label: label?.label,
      labelTimestamp: label?.timestamp,
      onActivePath: active[p] === 1,
    });
    indexOf.set(entry.id, index);
    if (entry.type === "message") rememberToolCalls(entry, toolCalls);
    // The children childrenOf(entry.id) would list, read in place (an entry without a string id has none).
    const from = start[p];
    const to = start[p + 1];
    if (to - from === 1) {
      stackPositions.push(pos[from]);
      stackParents.push(index);
    } else if (to - from > 1) {
      const ordered = activeFirst(pos, from, to, active);
      for (let i = ordered.length - 1; i >= 0; i--) {
        stackPositions.push(ordered[i]);
        stackParents.push(index);
      }
    }
  }
  return { nodes, indexOf, leafId, toolCalls };
}
