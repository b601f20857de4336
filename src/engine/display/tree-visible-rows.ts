// The rows pi's /tree shows for one (filter, folds) state, with pi's connectors and gutters; shared by
// the app's /tree and the CLI's `tree` text. O(n) in the number of entries: two forward passes over
// the pre-ordered nodes, no recursion and no per-node ancestor walks (paths can be 12,000 deep).
import type { FlatTree } from "./tree-flatten.js";

/** A `│` column kept for descendants of a connector; a persistent list shared by siblings. */
export interface Gutter {
  position: number;
  show: boolean;
  outer: Gutter | null;
}

export interface VisibleTree {
  /** Node index (into FlatTree.nodes) of each visible row, top to bottom. */
  rows: Int32Array;
  /** Node index -> row, or -1 when hidden. */
  rowOfNode: Int32Array;
  /** Row of the nearest visible ancestor, -1 for a visible root. */
  parentRow: Int32Array;
  /** Number of visible children and the row of the first one (-1 if none). */
  childCount: Int32Array;
  firstChildRow: Int32Array;
  indent: Int32Array;
  showConnector: Uint8Array;
  isLast: Uint8Array;
  virtualRootChild: Uint8Array;
  gutters: (Gutter | null)[];
  multipleRoots: boolean;
}

/**
 * Compute the visible rows. `isVisible(node)` is the caller's filter (pi's applyFilter: filter mode,
 * search); nodes under a folded id are hidden without asking it. Hidden nodes' children are re-hung
 * on their nearest visible ancestor.
 */
export function layoutVisibleTree(flat: FlatTree, isVisible: (node: number) => boolean, folded: ReadonlySet<string> = new Set()): VisibleTree {
  const n = flat.nodes.length;
  const rowOfNode = new Int32Array(n).fill(-1);
  // Nearest visible node at or above each node; folded subtrees are skipped through their raw parents.
  const nearestVisible = new Int32Array(n).fill(-1);
  const underFold = new Uint8Array(n);
  const rowsList: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = flat.nodes[i].parent;
    if (p >= 0 && (underFold[p] || folded.has(flat.nodes[p].entry.id))) underFold[i] = 1;
    const visible = !underFold[i] && isVisible(i);
    if (visible) {
      rowOfNode[i] = rowsList.length;
      rowsList.push(i);
      nearestVisible[i] = i;
    } else {
      nearestVisible[i] = p >= 0 ? nearestVisible[p] : -1;
    }
  }
  const count = rowsList.length;
  const rows = Int32Array.from(rowsList);
  const parentRow = new Int32Array(count);
  const childCount = new Int32Array(count);
  const firstChildRow = new Int32Array(count).fill(-1);
  const lastChildRow = new Int32Array(count).fill(-1);
  let rootCount = 0;
  let lastRoot = -1;
  for (let r = 0; r < count; r++) {
    const p = flat.nodes[rows[r]].parent;
    const pv = p >= 0 ? nearestVisible[p] : -1;
    const pr = pv >= 0 ? rowOfNode[pv] : -1;
    parentRow[r] = pr;
    if (pr < 0) {
      rootCount++;
      lastRoot = r;
    } else {
      childCount[pr]++;
      if (firstChildRow[pr] < 0) firstChildRow[pr] = r;
      lastChildRow[pr] = r;
    }
  }
  const multipleRoots = rootCount > 1;
  const indent = new Int32Array(count);
  const showConnector = new Uint8Array(count);
  const justBranched = new Uint8Array(count);
  const isLast = new Uint8Array(count);
  const virtualRootChild = new Uint8Array(count);
  const gutters: (Gutter | null)[] = new Array(count).fill(null);
  const childGutters: (Gutter | null)[] = new Array(count).fill(null);
  // Parents come before children in pre-order, so one forward pass sees each parent's layout first.
  for (let r = 0; r < count; r++) {
    const pr = parentRow[r];
    if (pr < 0) {
      indent[r] = multipleRoots ? 1 : 0;
      justBranched[r] = showConnector[r] = virtualRootChild[r] = multipleRoots ? 1 : 0;
      isLast[r] = r === lastRoot ? 1 : 0;
      gutters[r] = null;
    } else {
      const multipleChildren = childCount[pr] > 1;
      indent[r] = multipleChildren || (justBranched[pr] && indent[pr] > 0) ? indent[pr] + 1 : indent[pr];
      justBranched[r] = showConnector[r] = multipleChildren ? 1 : 0;
      isLast[r] = lastChildRow[pr] === r ? 1 : 0;
      gutters[r] = childGutters[pr];
    }
    // The gutter list this row's children inherit: one more `│` column when this row drew a connector.
    if (showConnector[r] && !virtualRootChild[r]) {
      const displayIndent = multipleRoots ? Math.max(0, indent[r] - 1) : indent[r];
      childGutters[r] = { position: Math.max(0, displayIndent - 1), show: !isLast[r], outer: gutters[r] };
    } else {
      childGutters[r] = gutters[r];
    }
  }
  return { rows, rowOfNode, parentRow, childCount, firstChildRow, indent, showConnector, isLast, virtualRootChild, gutters, multipleRoots };
}

/** pi's isFoldable: has visible children and is a visible root or a segment start. */
export function isFoldable(v: VisibleTree, row: number): boolean {
  if (row < 0 || row >= v.rows.length || v.childCount[row] === 0) return false;
  const pr = v.parentRow[row];
  return pr < 0 || v.childCount[pr] > 1;
}

/**
 * pi's findNearestVisibleIndex: the row of the entry, else of its nearest visible ancestor, else the
 * last row. O(depth).
 */
export function nearestVisibleRow(flat: FlatTree, v: VisibleTree, entryId: string | null): number {
  if (v.rows.length === 0) return 0;
  let node = entryId === null ? -1 : (flat.indexOf.get(entryId) ?? -1);
  while (node >= 0) {
    const row = v.rowOfNode[node];
    if (row >= 0) return row;
    node = flat.nodes[node].parent;
  }
  return v.rows.length - 1;
}

/** pi's findBranchSegmentStart. "down" follows first children to a branch point or a leaf; "up" climbs to a segment start above. */
export function segmentJump(v: VisibleTree, selected: number, direction: "up" | "down"): number {
  if (selected < 0 || selected >= v.rows.length) return selected;
  let row = selected;
  if (direction === "down") {
    for (;;) {
      const c = v.childCount[row];
      if (c === 0) return row;
      if (c > 1) return v.firstChildRow[row];
      row = v.firstChildRow[row];
    }
  }
  for (;;) {
    const pr = v.parentRow[row];
    if (pr < 0) return row;
    if (v.childCount[pr] > 1 && row < selected) return row;
    row = pr;
  }
}

/** Last row of the visible subtree under `row` (rows are in pre-order, so the subtree is contiguous). */
export function subtreeEnd(v: VisibleTree, row: number): number {
  let end = row;
  for (let k = row + 1; k < v.rows.length; k++) {
    const p = v.parentRow[k];
    if (p < row || p > end) break;
    end = k;
  }
  return end;
}

/**
 * The rows after folding `row`: exactly buildVisibleTree with one more folded id, without the O(n)
 * filter pass. Folding hides one contiguous block of rows and changes no other row's layout
 * (siblings, connectors and gutters of every remaining row stay as they were).
 */
export function foldRows(v: VisibleTree, row: number, nodeCount: number): VisibleTree {
  const end = subtreeEnd(v, row);
  const removed = end - row;
  if (removed === 0) return v;
  const count = v.rows.length - removed;
  const cut = <T extends Int32Array | Uint8Array>(a: T): T => {
    const out = new (a.constructor as { new (n: number): T })(count);
    out.set(a.subarray(0, row + 1), 0);
    out.set(a.subarray(end + 1), row + 1);
    return out;
  };
  const shift = (a: Int32Array): Int32Array => {
    const out = cut(a);
    for (let k = row + 1; k < count; k++) if (out[k] > end) out[k] -= removed;
    return out;
  };
  const rows = cut(v.rows);
  const rowOfNode = new Int32Array(nodeCount).fill(-1);
  for (let k = 0; k < count; k++) rowOfNode[rows[k]] = k;
  const childCount = cut(v.childCount);
  childCount[row] = 0;
  const firstChildRow = shift(v.firstChildRow);
  firstChildRow[row] = -1;
  return {
    rows,
    rowOfNode,
    parentRow: shift(v.parentRow),
    childCount,
    firstChildRow,
    indent: cut(v.indent),
    showConnector: cut(v.showConnector),
    isLast: cut(v.isLast),
    virtualRootChild: cut(v.virtualRootChild),
    gutters: [...v.gutters.slice(0, row + 1), ...v.gutters.slice(end + 1)],
    multipleRoots: v.multipleRoots,
  };
}
