// The tree screen's cost figures (the file, the active path, the branch under the cursor) as running
// sums that follow pi's appends: a tree that extends an earlier one by a few entries (what
// session/load.ts extendSession gives) adds those entries to the earlier sums instead of reading the
// whole session again. The figures are sessionUsage's (report.ts), to the same float: every sum adds
// in the order sessionUsage adds (file order for the file and a branch, root to leaf for the path),
// and appended entries come after every earlier one in both orders.
import { entryIndexOf } from "../session/load.js";
import { HIDDEN, type EntryIndex } from "../session/structure.js";
import type { SessionTree } from "../tree/tree.js";
import type { SessionEntry } from "../types.js";
import { entryUsage } from "./entry-usage.js";
import { addFigures, emptyTokenCost, type TokenCost } from "./figures.js";

export interface TreeCost {
  /** Every entry of the file (sessionUsage's `session.all`). */
  session: TokenCost;
  /** Root to the tree's leaf (`path.all`). */
  path: TokenCost;
  /** How many branches sessionUsage lists (one per leaf). */
  branches: number;
  /**
   * The cost of the branch whose own entries hold `id` (`branchOfEntry(...).totals.all`), or null
   * when the entry is shared by several branches or unknown.
   */
  branchOf(id: string): TokenCost | null;
}

/**
 * What carries over from one tree to the one that extends it. Holds no tree and no entry list (it
 * stays alive as long as the session's entries do): the last entry, to recognize a tree that holds
 * the same entries and more.
 */
interface Ledger {
  count: number;
  last: SessionEntry;
  /** Distinct string ids (posById.size): an appended id that repeats one makes the count fall short. */
  ids: number;
  session: TokenCost;
  leafPos: number;
  path: TokenCost;
  branches: number;
  /** Sums of the branches asked for so far (their own entries), by the branch's leaf position. */
  segments: Map<number, TokenCost>;
}

const byTree = new WeakMap<SessionTree, TreeCost>();
// The newest ledger of each file read, keyed by its first entry: a tree that extends it holds the
// very same entry objects in the same places (extendSession keeps the base's entries), a re-read
// or a first look other ones.
const newestByFirstEntry = new WeakMap<SessionEntry, Ledger>();

const copy = (t: TokenCost): TokenCost => ({ ...t });

function add(sum: TokenCost, entry: SessionEntry): void {
  const figures = entryUsage(entry)?.figures;
  if (figures) addFigures(sum, figures);
}

const childCount = (index: EntryIndex, p: number): number => index.childStart[p + 1] - index.childStart[p];
/** A leaf sessionUsage counts as a branch: shown (not an earlier duplicate), with a string id, no children. */
const isBranchLeaf = (index: EntryIndex, p: number): boolean =>
  index.parentPos[p] !== HIDDEN && typeof index.entries[p].id === "string" && childCount(index, p) === 0;

function leafPosition(tree: SessionTree, index: EntryIndex): number {
  return tree.leafId === null ? -1 : (index.posById.get(tree.leafId) ?? -1);
}

/** Root to `leaf`, as sessionUsage walks it (bounded: parentPos has no cycles, the bound is a guard). */
function pathSum(index: EntryIndex, leaf: number): TokenCost {
  const positions: number[] = [];
  for (let p = leaf, steps = 0; p >= 0 && steps <= index.entries.length; p = index.parentPos[p], steps++) positions.push(p);
  const sum = emptyTokenCost();
  for (let i = positions.length - 1; i >= 0; i--) add(sum, index.entries[positions[i]]);
  return sum;
}

function fullLedger(tree: SessionTree, index: EntryIndex): Ledger {
  const { entries } = index;
  const session = emptyTokenCost();
  let branches = 0;
  for (let p = 0; p < entries.length; p++) {
    add(session, entries[p]);
    if (isBranchLeaf(index, p)) branches++;
  }
  const leafPos = leafPosition(tree, index);
  return { count: entries.length, last: entries[entries.length - 1], ids: index.posById.size, session, leafPos, path: pathSum(index, leafPos), branches, segments: new Map() };
}

/**
 * `base` carried over to `index`, which holds base's entries followed by new ones; undefined when the
 * new entries changed how the earlier ones hang (an id that repeats an earlier one hides it; an entry
 * that an earlier one named as its missing parent adopts it): then the caller reads the tree whole.
 */
function extendLedger(base: Ledger, tree: SessionTree, index: EntryIndex): Ledger | undefined {
  const { entries, childStart, childPos, parentPos } = index;
  const from = base.count;
  let newIds = 0;
  for (let p = from; p < entries.length; p++) {
    if (typeof entries[p].id === "string") newIds++;
    for (let c = childStart[p]; c < childStart[p + 1]; c++) if (childPos[c] < from) return undefined;
  }
  if (index.posById.size !== base.ids + newIds) return undefined;

  const session = copy(base.session);
  let branches = base.branches;
  // The earlier entries the new ones hang under; an earlier leaf among them is a leaf no more.
  const oldParents = new Set<number>();
  for (let p = from; p < entries.length; p++) {
    add(session, entries[p]);
    if (isBranchLeaf(index, p)) branches++;
    const parent = parentPos[p];
    if (parent >= 0 && parent < from) oldParents.add(parent);
  }
  for (const q of oldParents) {
    let allNew = true;
    for (let c = childStart[q]; c < childStart[q + 1] && allNew; c++) allNew = childPos[c] >= from;
    if (allNew && parentPos[q] !== HIDDEN && typeof entries[q].id === "string") branches--;
  }

  // The path: up from the new leaf through the new entries; on from the old sum when that reaches the old leaf.
  const leafPos = leafPosition(tree, index);
  let path: TokenCost;
  const chain: number[] = [];
  let p = leafPos;
  while (p >= from) {
    chain.push(p);
    p = parentPos[p];
  }
  if (leafPos >= 0 && p === base.leafPos && (chain.length > 0 || leafPos === base.leafPos)) {
    path = copy(base.path);
    for (let i = chain.length - 1; i >= 0; i--) add(path, entries[chain[i]]);
  } else path = pathSum(index, leafPos);

  // Branch sums stay where no new entry hangs; the old leaf's branch grows when the new entries
  // continue it as one line to a new leaf. The old ledger gives its sums up (nothing extends it twice).
  const segments = base.segments;
  base.segments = new Map();
  const onlyUnderOldLeaf = oldParents.size === 0 || (oldParents.size === 1 && oldParents.has(base.leafPos));
  if (!onlyUnderOldLeaf) segments.clear();
  else {
    const grown = segments.get(base.leafPos);
    segments.delete(base.leafPos);
    if (grown !== undefined && oldParents.size === 1) {
      const line: number[] = [];
      let cur = base.leafPos;
      while (childCount(index, cur) === 1) {
        cur = childPos[childStart[cur]];
        line.push(cur);
      }
      if (childCount(index, cur) === 0 && isBranchLeaf(index, cur)) {
        // New positions come after every earlier one: file order is the line's order, sorted.
        line.sort((a, b) => a - b);
        const sum = copy(grown);
        for (const q of line) add(sum, entries[q]);
        segments.set(cur, sum);
      }
    } else if (grown !== undefined) segments.set(base.leafPos, grown);
  }
  return { count: entries.length, last: entries[entries.length - 1], ids: index.posById.size, session, leafPos, path, branches, segments };
}

/** The ledger of a tree: carried over from the newest one of its file when the tree holds those entries and more. */
function ledgerOf(tree: SessionTree, index: EntryIndex): Ledger {
  const { entries } = index;
  const base = newestByFirstEntry.get(entries[0]);
  if (base !== undefined && base.count <= entries.length && entries[base.count - 1] === base.last) {
    if (base.count === entries.length) return base;
    const extended = extendLedger(base, tree, index);
    if (extended !== undefined) return extended;
  }
  return fullLedger(tree, index);
}

/** The branch (its own entries) that holds position `start`, as sessionUsage and branchOfEntry find it. */
function segmentAt(index: EntryIndex, ledger: Ledger, start: number): TokenCost | null {
  let leaf = start;
  while (childCount(index, leaf) === 1) leaf = index.childPos[index.childStart[leaf]];
  if (childCount(index, leaf) > 1 || !isBranchLeaf(index, leaf)) return null;
  const known = ledger.segments.get(leaf);
  if (known !== undefined) return known;
  const positions = [leaf];
  for (let cur = leaf; ; ) {
    const parent = index.parentPos[cur];
    if (parent < 0 || childCount(index, parent) > 1) break;
    positions.push(parent);
    cur = parent;
  }
  positions.sort((a, b) => a - b);
  const sum = emptyTokenCost();
  for (const p of positions) add(sum, index.entries[p]);
  ledger.segments.set(leaf, sum);
  return sum;
}

/** The cost figures of a tree, made once per tree; a tree that extends a counted one reads only its new entries. */
export function treeCost(tree: SessionTree): TreeCost {
  const known = byTree.get(tree);
  if (known !== undefined) return known;
  const index = entryIndexOf(tree.loaded);
  const ledger = index.entries.length === 0 ? fullLedger(tree, index) : ledgerOf(tree, index);
  if (index.entries.length > 0) newestByFirstEntry.set(index.entries[0], ledger);
  const cost: TreeCost = {
    session: ledger.session,
    path: ledger.path,
    branches: ledger.branches,
    branchOf: (id) => {
      const start = index.posById.get(id);
      return start === undefined ? null : segmentAt(index, ledger, start);
    },
  };
  byTree.set(tree, cost);
  return cost;
}
