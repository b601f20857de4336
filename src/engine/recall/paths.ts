// Parent-link walks the recall index needs: the active path and each compaction's span.
// Every walk is iterative and guarded against cycles (paths can be 12,000 deep).
import type { CompactionEntry, SessionEntry } from "../types.js";

/** Last entry per id, as pi's map keeps it. */
export function indexById(entries: readonly SessionEntry[]): Map<string, SessionEntry> {
  const byId = new Map<string, SessionEntry>();
  for (const e of entries) if (typeof e.id === "string") byId.set(e.id, e);
  return byId;
}

/** Root-first path ending at `fromId` (pi's getBranch); [] when the id is unknown. */
export function pathTo(byId: Map<string, SessionEntry>, fromId: string | null | undefined): SessionEntry[] {
  const out: SessionEntry[] = [];
  // A parent cycle would loop forever; no path is longer than the number of entries.
  let budget = byId.size;
  let cur = fromId == null ? undefined : byId.get(fromId);
  while (cur && budget-- > 0) {
    out.push(cur);
    cur = cur.parentId == null ? undefined : byId.get(cur.parentId);
  }
  return out.reverse();
}

/**
 * The path entries a compaction summarized (pi's prepareCompaction, both profiles): from where the
 * previous compaction on its path kept (re-summarized) up to, not including, its firstKeptEntryId.
 */
export function summarizedSpan(byId: Map<string, SessionEntry>, compaction: CompactionEntry): SessionEntry[] {
  const path = pathTo(byId, compaction.parentId);
  let prev = -1;
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i].type === "compaction") {
      prev = i;
      break;
    }
  }
  let start = 0;
  if (prev >= 0) {
    const keptId = (path[prev] as CompactionEntry).firstKeptEntryId;
    const kept = path.findIndex((e, i) => i < prev && e.id === keptId);
    start = kept >= 0 ? kept : prev + 1;
  }
  let end = path.findIndex((e, i) => i >= start && e.id === compaction.firstKeptEntryId);
  if (end < 0) end = path.length;
  return path.slice(start, end).filter((e) => e.type !== "compaction");
}

/**
 * Entry ids in the model's context per pi's buildSessionContext rule (latest compaction on the path:
 * its summary, then the kept entries from firstKeptEntryId, then everything after). Used only when
 * the caller does not pass the context's source ids from the context engine.
 */
export function contextIdsFromPath(path: readonly SessionEntry[]): Set<string> {
  let last = -1;
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i].type === "compaction") {
      last = i;
      break;
    }
  }
  if (last < 0) return new Set(path.map((e) => e.id));
  const ids = new Set<string>([path[last].id]);
  const keptId = (path[last] as CompactionEntry).firstKeptEntryId;
  let keeping = false;
  for (let i = 0; i < last; i++) {
    if (path[i].id === keptId) keeping = true;
    if (keeping && path[i].type !== "compaction") ids.add(path[i].id);
  }
  for (let i = last + 1; i < path.length; i++) ids.add(path[i].id);
  return ids;
}
