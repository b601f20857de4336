import type { SessionEntry } from "../types.js";
import { entryIndexOf, type LoadedSession } from "../session/load.js";
import { HIDDEN, ROOT, type EntryIndex } from "../session/structure.js";
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
  /** The leaf pi picks on load: the id of the last entry in file order. */
  leafId: string | null;
  /** Resolved labels (latest wins, empty clears) with the timestamp of the label entry. */
  labels: Map<string, ResolvedLabel>;
  /** pi's getSessionName(): latest session_info decides, blank clears. */
  sessionName: string | undefined;
  /** Number of entries with more than one child (branch points); set by buildTree. */
  branchPointCount?: number;
}

interface TreeInternals {
  index: EntryIndex;
  /** childPos sorted per parent in pi's order. */
  sortedChildPos: Int32Array;
  childCache: Map<number, SessionEntry[]>;
}

const internals = new WeakMap<SessionTree, TreeInternals>();
const NO_CHILDREN: SessionEntry[] = [];

/** Index a loaded session once: children are sorted here; later lookups do no sorting. */
export function buildTree(loaded: LoadedSession): SessionTree {
  const index = entryIndexOf(loaded);
  const { entries, childStart } = index;
  const sortedChildPos = index.childPos.slice();
  let branchPointCount = 0;
  for (let p = 0; p < entries.length; p++) {
    const from = childStart[p];
    const to = childStart[p + 1];
    if (to - from > 1) {
      branchPointCount++;
      sortPositionRange(sortedChildPos, from, to, entries);
    }
  }
  const inner: TreeInternals = { index, sortedChildPos, childCache: new Map() };
  const last = entries[entries.length - 1];
  const tree: SessionTree = {
    loaded,
    byId: index.byId,
    roots: index.rootPos.map((p) => entries[p]),
    childrenOf: (id: string) => childrenAt(inner, index.posById.get(id)),
    leafId: last && typeof last.id === "string" ? last.id : null,
    labels: resolveLabels(entries),
    sessionName: resolveSessionName(entries),
    branchPointCount,
  };
  internals.set(tree, inner);
  return tree;
}

function childrenAt(inner: TreeInternals, pos: number | undefined): SessionEntry[] {
  if (pos === undefined) return NO_CHILDREN;
  const { childStart, entries } = inner.index;
  const from = childStart[pos];
  const to = childStart[pos + 1];
  if (from === to) return NO_CHILDREN;
  let list = inner.childCache.get(pos);
  if (!list) {
    list = [];
    for (let i = from; i < to; i++) list.push(entries[inner.sortedChildPos[i]]);
    inner.childCache.set(pos, list);
  }
  return list;
}

/**
 * pi's getBranch: the path from the root to `fromId` (default: the leaf), root first; [] when unknown.
 * Stops at roots as pi-explorer's tree defines them, so damaged files (cycles) cannot loop.
 */
export function getBranch(tree: SessionTree, fromId?: string | null): SessionEntry[] {
  const startId = fromId ?? tree.leafId;
  if (startId === null || startId === undefined) return [];
  const inner = internals.get(tree);
  if (!inner) return walkByParentId(tree, startId);
  const { posById, parentPos, entries } = inner.index;
  const path: SessionEntry[] = [];
  let pos = posById.get(startId) ?? ROOT;
  // parentPos is acyclic after loading; the bound only guards against a tree built some other way.
  for (let steps = 0; pos >= 0 && steps <= entries.length; steps++) {
    path.push(entries[pos]);
    pos = parentPos[pos];
  }
  return path.reverse();
}

/** For trees not made by buildTree (hand-built in tests): follow parentId through byId. */
function walkByParentId(tree: SessionTree, startId: string): SessionEntry[] {
  const path: SessionEntry[] = [];
  const seen = new Set<SessionEntry>();
  let cur = tree.byId.get(startId);
  while (cur && !seen.has(cur)) {
    seen.add(cur);
    path.push(cur);
    cur = treeParent(tree, cur) ?? undefined;
  }
  return path.reverse();
}

/** The entry `entry` hangs under in `tree` (null for a root), also for trees not made by buildTree. */
export function treeParent(tree: SessionTree, entry: SessionEntry): SessionEntry | null {
  const inner = internals.get(tree);
  if (inner && typeof entry.id === "string") {
    const { posById, parentPos, entries } = inner.index;
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
  const inner = internals.get(tree);
  if (!inner) return tree.loaded.entries.filter((e) => typeof e.id !== "string" || tree.byId.get(e.id) === e);
  const { parentPos, entries } = inner.index;
  const out: SessionEntry[] = [];
  for (let i = 0; i < entries.length; i++) if (parentPos[i] !== HIDDEN) out.push(entries[i]);
  return out;
}
