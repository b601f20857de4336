// pi's threaded /resume order: sessions nest under the session they were forked from
// (header parentSession), and each level is sorted newest first. Every walk is iterative.
import { resolve } from "node:path";
import type { PiProfile, SessionInfo } from "../../src/engine/index.js";
import type { PickerRow } from "./types.js";

interface ThreadNode {
  session: SessionInfo;
  children: ThreadNode[];
  parent: ThreadNode | null;
  /** The sort key: own modified (0.73) or the newest modified in the subtree (1.6). */
  activity: number;
}

const pathKey = (path: string): string => resolve(path);

/** Link sessions to their parents; a parent outside the list makes the session a root. */
function linkNodes(sessions: readonly SessionInfo[]): { nodes: ThreadNode[]; roots: ThreadNode[] } {
  const byPath = new Map<string, ThreadNode>();
  const nodes = sessions.map((session) => {
    const node: ThreadNode = { session, children: [], parent: null, activity: session.modified.getTime() };
    byPath.set(pathKey(session.path), node);
    return node;
  });
  const roots: ThreadNode[] = [];
  for (const node of nodes) {
    const parentPath = node.session.parentSessionPath;
    const parent = parentPath ? byPath.get(pathKey(parentPath)) : undefined;
    if (parent && parent !== node) {
      node.parent = parent;
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  breakCycles(nodes, roots);
  return { nodes, roots };
}

/**
 * Sessions whose parent links form a loop are reachable from no root, and pi's list silently
 * drops them. We keep them visible: the first unreachable one (in list order) becomes a root.
 */
function breakCycles(nodes: ThreadNode[], roots: ThreadNode[]): void {
  const reached = new Set<ThreadNode>();
  const mark = (start: ThreadNode): void => {
    const stack = [start];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (reached.has(node)) continue;
      reached.add(node);
      for (const child of node.children) stack.push(child);
    }
  };
  for (const root of roots) mark(root);
  for (const node of nodes) {
    if (reached.has(node)) continue;
    const parent = node.parent!;
    parent.children.splice(parent.children.indexOf(node), 1);
    node.parent = null;
    roots.push(node);
    mark(node);
  }
}

/** 1.6 sorts by the newest activity anywhere in the subtree: children are folded into parents, deepest first. */
function propagateActivity(roots: ThreadNode[]): void {
  const order: ThreadNode[] = [];
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    order.push(node);
    for (const child of node.children) stack.push(child);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    if (node.parent && node.activity > node.parent.activity) node.parent.activity = node.activity;
  }
}

const byActivity = (a: ThreadNode, b: ThreadNode): number => b.activity - a.activity;

/** Sessions in pi's threaded order, flattened depth-first into rows. */
export function threadSessions(sessions: readonly SessionInfo[], profile: PiProfile): PickerRow[] {
  const { nodes, roots } = linkNodes(sessions);
  if (profile !== "0.73") propagateActivity(roots);
  roots.sort(byActivity);
  for (const node of nodes) node.children.sort(byActivity);

  const rows: PickerRow[] = [];
  const stack: { node: ThreadNode; depth: number; isLast: boolean; parentRow: number }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i], depth: 0, isLast: i === roots.length - 1, parentRow: -1 });
  while (stack.length > 0) {
    const { node, depth, isLast, parentRow } = stack.pop()!;
    const rowIndex = rows.length;
    rows.push({ session: node.session, depth, isLast, parentRow });
    const kids = node.children;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], depth: depth + 1, isLast: i === kids.length - 1, parentRow: rowIndex });
  }
  return rows;
}

/**
 * The glyphs pi draws before a threaded row: one "│  " or "   " per ancestor below the root,
 * then "├─ " or "└─ ". Built only for rows on screen, so deep chains cost nothing elsewhere.
 */
export function treePrefix(rows: readonly PickerRow[], index: number): string {
  const row = rows[index];
  if (!row || row.depth === 0) return "";
  const parts: string[] = [row.isLast ? "└─ " : "├─ "];
  let ancestor = rows[row.parentRow];
  while (ancestor && ancestor.depth > 0) {
    parts.push(ancestor.isLast ? "   " : "│  ");
    ancestor = rows[ancestor.parentRow];
  }
  // pi never draws a continuation line for the root itself.
  parts.push("   ");
  return parts.reverse().join("");
}
