import type { SessionEntry } from "../types.js";
import { entryIndexOf, type LoadedSession } from "../session/load.js";
import { resolveLabels, resolveSessionName, type ResolvedLabel } from "./labels.js";
import { sortSiblings } from "./order.js";

/** The session as a tree, the way pi indexes it on load. */
export interface SessionTree {
  loaded: LoadedSession;
  /** Last entry per id (pi's map keeps the last duplicate). */
  byId: Map<string, SessionEntry>;
  /** Roots in file order (parentId null, self-parent, or an orphan). */
  roots: SessionEntry[];
  /** Children of an entry in pi's getTree order: by timestamp ascending, stable on file order. */
  childrenOf(id: string): SessionEntry[];
  /** The leaf pi picks on load: the id of the last entry in file order. */
  leafId: string | null;
  /** Resolved labels (latest wins, empty clears) with the timestamp of the label entry. */
  labels: Map<string, ResolvedLabel>;
  /** pi's getSessionName(): latest session_info decides, blank clears. */
  sessionName: string | undefined;
  /**
   * The parent each shown entry hangs under (null for roots); set by buildTree. Differs from
   * `byId.get(parentId)` only for damaged files: orphans, self-parents and the entry where a parent
   * cycle is cut are roots. Optional so hand-built trees (tests) stay valid; see treeParent().
   */
  parents?: Map<SessionEntry, SessionEntry | null>;
  /** Number of entries with more than one child (branch points); set by buildTree. */
  branchPointCount?: number;
}

const NO_CHILDREN: SessionEntry[] = [];

/** Index a loaded session once: children are sorted here, so every later lookup is O(1). */
export function buildTree(loaded: LoadedSession): SessionTree {
  const index = entryIndexOf(loaded);
  const sorted = new Map<SessionEntry, SessionEntry[]>();
  let branchPointCount = 0;
  for (const [parent, list] of index.children) {
    sorted.set(parent, sortSiblings(list.slice()));
    if (list.length > 1) branchPointCount++;
  }
  const last = loaded.entries[loaded.entries.length - 1];
  const byId = index.byId;
  return {
    loaded,
    byId,
    roots: index.roots,
    childrenOf(id: string): SessionEntry[] {
      const entry = byId.get(id);
      return (entry && sorted.get(entry)) ?? NO_CHILDREN;
    },
    leafId: last && typeof last.id === "string" ? last.id : null,
    labels: resolveLabels(loaded.entries),
    sessionName: resolveSessionName(loaded.entries),
    parents: index.parents,
    branchPointCount,
  };
}

/**
 * pi's getBranch: the path from the root to `fromId` (default: the leaf), root first; [] when unknown.
 * Stops at roots as pi-explorer's tree defines them, so damaged files (cycles) cannot loop.
 */
export function getBranch(tree: SessionTree, fromId?: string | null): SessionEntry[] {
  const startId = fromId ?? tree.leafId;
  if (startId === null || startId === undefined) return [];
  const path: SessionEntry[] = [];
  const seen = new Set<SessionEntry>();
  let cur: SessionEntry | null | undefined = tree.byId.get(startId);
  while (cur && !seen.has(cur)) {
    seen.add(cur);
    path.push(cur);
    cur = treeParent(tree, cur);
  }
  return path.reverse();
}

/** The entry `entry` hangs under in `tree` (null for a root), also for trees not made by buildTree. */
export function treeParent(tree: SessionTree, entry: SessionEntry): SessionEntry | null {
  if (tree.parents) return tree.parents.get(entry) ?? null;
  const parentId = entry.parentId;
  if (typeof parentId !== "string" || parentId === entry.id) return null;
  return tree.byId.get(parentId) ?? null;
}
