import type { SessionEntry } from "../types.js";
import { entryIndexOf, type LoadedSession } from "../session/load.js";
import { branchPointCount, HIDDEN, ROOT } from "../session/structure.js";
import { resolveLabels, resolveSessionName, type ResolvedLabel } from "./labels.js";
import { sortPositionRange } from "./order.js";

/** The session as a tree, the way pi indexes it on load. */
export interface SessionTree {
  loaded: LoadedSession;
  /** Last entry per id (pi's map keeps the last duplicate). */
  byId: Map<string, SessionEntry>;
  /** Roots in file order (parentId null, self-parent, or an orphan). */
  roots: SessionEntry[];
  /**
   * Children of an entry in pi's getTree order: by timestamp ascending, stable on file order.
   * The returned array is shared between calls: do not mutate it.
   */
  childrenOf(id: string): SessionEntry[];
  /**
   * The same children by position in `loaded.entries`, for walks over the whole tree that should not
   * build a list per entry: the children of the entry with id X are the entries at
   * order.pos[order.start[p]] .. order.pos[order.start[p + 1] - 1], p = order.posById.get(X).
   */
  order: ChildOrder;
  /** The leaf pi picks on load: the id of the last entry in file order. */
  leafId: string | null;
  /** Resolved labels (latest wins, empty clears) with the timestamp of the label entry. */
  labels: Map<string, ResolvedLabel>;
  /** pi's getSessionName(): latest session_info decides, blank clears. */
  sessionName: string | undefined;
  /** Number of entries with more than one child (branch points). */
  branchPointCount: number;
}

export interface ChildOrder {
  /** Id -> position in loaded.entries (the last entry with that id, as childrenOf uses). */
  posById: ReadonlyMap<string, number>;
  start: Int32Array;
  pos: Int32Array;
}

const NO_CHILDREN: SessionEntry[] = [];

/** Index a loaded session once: children are sorted here; later lookups do no sorting. */
export function buildTree(loaded: LoadedSession): SessionTree {
  const index = entryIndexOf(loaded);
  const { entries, childStart } = index;
  // childPos sorted per parent in pi's order; lists are built on first ask and kept.
  const sortedChildPos = index.childPos.slice();
  const childCache = new Map<number, SessionEntry[]>();
  for (let p = 0; p < entries.length; p++) sortPositionRange(sortedChildPos, childStart[p], childStart[p + 1], entries);
  const childrenAt = (pos: number | undefined): SessionEntry[] => {
    if (pos === undefined) return NO_CHILDREN;
    const from = childStart[pos];
    const to = childStart[pos + 1];
    if (from === to) return NO_CHILDREN;
    let list = childCache.get(pos);
    if (!list) {
      list = [];
      for (let i = from; i < to; i++) list.push(entries[sortedChildPos[i]]);
      childCache.set(pos, list);
    }
    return list;
  };
  const last = entries[entries.length - 1];
  return {
    loaded,
    byId: index.byId,
    roots: index.rootPos.map((p) => entries[p]),
    childrenOf: (id: string) => childrenAt(index.posById.get(id)),
    order: { posById: index.posById, start: childStart, pos: sortedChildPos },
    leafId: last && typeof last.id === "string" ? last.id : null,
    labels: resolveLabels(entries),
    sessionName: resolveSessionName(entries),
    branchPointCount: branchPointCount(index),
  };
}

/**
 * pi's getBranch: the path from the root to `fromId` (default: the leaf), root first; [] when unknown.
 * Stops at roots as pi-explorer's tree defines them, so damaged files (cycles) cannot loop.
 */
export function getBranch(tree: SessionTree, fromId?: string | null): SessionEntry[] {
  const startId = fromId ?? tree.leafId;
  if (startId === null || startId === undefined) return [];
  const { posById, parentPos, entries } = entryIndexOf(tree.loaded);
  const path: SessionEntry[] = [];
  let pos = posById.get(startId) ?? ROOT;
  // parentPos is acyclic after loading (analyzeStructure cuts cycles); the bound is only a guard.
  for (let steps = 0; pos >= 0 && steps <= entries.length; steps++) {
    path.push(entries[pos]);
    pos = parentPos[pos];
  }
  return path.reverse();
}

/** The entry `entry` hangs under in `tree` (null for a root); an entry the index does not hold follows its parentId. */
export function treeParent(tree: SessionTree, entry: SessionEntry): SessionEntry | null {
  if (typeof entry.id === "string") {
    const { posById, parentPos, entries } = entryIndexOf(tree.loaded);
    const pos = posById.get(entry.id);
    if (pos !== undefined && entries[pos] === entry) {
      const p = parentPos[pos];
      return p >= 0 ? entries[p] : null;
    }
  }
  const parentId = entry.parentId;
  if (typeof parentId !== "string" || parentId === entry.id) return null;
  return tree.byId.get(parentId) ?? null;
}

/** Entries the tree shows, in file order (an earlier duplicate id is hidden, as in pi). */
export function shownEntries(tree: SessionTree): SessionEntry[] {
  const { parentPos, entries } = entryIndexOf(tree.loaded);
  const out: SessionEntry[] = [];
  for (let i = 0; i < entries.length; i++) if (parentPos[i] !== HIDDEN) out.push(entries[i]);
  return out;
}
