// The oracle's top-level description of a loaded session (header, counts, tree, leaf, path, name).
import { walkToRoot } from "../context/path.js";
import type { SessionTree } from "../tree/tree.js";
import type { AgentMessage } from "../types.js";

export interface SessionView {
  header: { id: string; version: number | null; cwd: string | undefined } | null;
  entryCount: number;
  entryTypes: Record<string, number>;
  tree: { roots: number; rootIds: string[] };
  leafId: string | null;
  activePathIds: string[];
  sessionName: string | null;
}

/** Entry counts by type; messages count as `message:<role>`. */
function countEntryTypes(entries: SessionTree["loaded"]["entries"]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of entries) {
    const key = e.type === "message" ? `message:${(e.message as AgentMessage | undefined)?.role}` : e.type;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export function sessionView(tree: SessionTree): SessionView {
  const header = tree.loaded.header;
  return {
    header: header ? { id: header.id, version: header.version ?? null, cwd: header.cwd } : null,
    entryCount: tree.loaded.entries.length,
    entryTypes: countEntryTypes(tree.loaded.entries),
    tree: { roots: tree.roots.length, rootIds: tree.roots.slice(0, 10).map((e) => e.id) },
    leafId: tree.leafId,
    activePathIds: walkToRoot(tree.byId, tree.leafId).map((e) => e.id),
    sessionName: tree.sessionName ?? null,
  };
}
