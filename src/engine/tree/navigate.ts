// Cheap questions the UI asks about a SessionTree. All iterative; none re-sorts anything.
import type { SessionEntry } from "../types.js";
import { getBranch, shownEntries, treeParent, type SessionTree } from "./tree.js";

/** The entry `id` hangs under in the tree; undefined for roots and unknown ids. */
export function parentOf(tree: SessionTree, id: string): SessionEntry | undefined {
  const entry = tree.byId.get(id);
  return (entry && treeParent(tree, entry)) ?? undefined;
}

/** Ids on the path from the root to `fromId` (default: the leaf), for "is this on the active path?". */
export function pathIdSet(tree: SessionTree, fromId?: string | null): Set<string> {
  const ids = new Set<string>();
  for (const e of getBranch(tree, fromId)) ids.add(e.id);
  return ids;
}

/** Number of steps from the root to `id` (a root has depth 0); -1 when unknown. */
export function depthOf(tree: SessionTree, id: string): number {
  const path = getBranch(tree, id);
  return path.length - 1;
}

/** Entries with more than one child, in file order. */
export function branchPoints(tree: SessionTree): SessionEntry[] {
  const out: SessionEntry[] = [];
  for (const e of shownEntries(tree)) if (typeof e.id === "string" && tree.childrenOf(e.id).length > 1) out.push(e);
  return out;
}

/** Entries with no children (the ends of every branch), in file order. */
export function leafEntries(tree: SessionTree): SessionEntry[] {
  const out: SessionEntry[] = [];
  for (const e of shownEntries(tree)) if (typeof e.id !== "string" || tree.childrenOf(e.id).length === 0) out.push(e);
  return out;
}

/** The deepest entry on both paths (by id), or null when the two share no ancestor. */
export function commonAncestorId(tree: SessionTree, a: string, b: string): string | null {
  const onA = pathIdSet(tree, a);
  const pathB = getBranch(tree, b);
  for (let i = pathB.length - 1; i >= 0; i--) if (onA.has(pathB[i].id)) return pathB[i].id;
  return null;
}

export interface TreeVisit {
  entry: SessionEntry;
  /** Steps from its root (0 for a root). */
  depth: number;
  /** Index of this entry among its siblings in pi's order. */
  siblingIndex: number;
  siblingCount: number;
}

/**
 * Pre-order walk of the whole tree in pi's display order (roots in file order, children by
 * timestamp), with an explicit stack, so 12,000-deep chains are fine.
 */
export function* walkTree(tree: SessionTree): Generator<TreeVisit> {
  const stack: TreeVisit[] = [];
  for (let i = tree.roots.length - 1; i >= 0; i--) {
    stack.push({ entry: tree.roots[i], depth: 0, siblingIndex: i, siblingCount: tree.roots.length });
  }
  while (stack.length > 0) {
    const visit = stack.pop() as TreeVisit;
    yield visit;
    const id = visit.entry.id;
    if (typeof id !== "string") continue;
    const kids = tree.childrenOf(id);
    for (let i = kids.length - 1; i >= 0; i--) {
      stack.push({ entry: kids[i], depth: visit.depth + 1, siblingIndex: i, siblingCount: kids.length });
    }
  }
}

/** Number of entries below `id` (not counting itself). */
export function descendantCount(tree: SessionTree, id: string): number {
  let count = 0;
  const stack = [...tree.childrenOf(id)];
  while (stack.length > 0) {
    const e = stack.pop() as SessionEntry;
    count++;
    if (typeof e.id === "string") for (const k of tree.childrenOf(e.id)) stack.push(k);
  }
  return count;
}

/** The label pi shows on an entry, if any. */
export function labelOf(tree: SessionTree, id: string): string | undefined {
  return tree.labels.get(id)?.label;
}
