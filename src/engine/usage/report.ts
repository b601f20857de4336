// One session's usage report: the whole file (what pi's statistics count), the active path, each
// branch (the entries only that branch holds: from its leaf up to the entry where it forks off), the
// entries several branches share, and the file per model and per day.
import { textOf } from "../display/tree-row-text.js";
import { entryIndexOf } from "../session/load.js";
import { HIDDEN } from "../session/structure.js";
import { treeParent, type SessionTree } from "../tree/tree.js";
import type { SessionEntry } from "../types.js";
import { dayOf } from "./day.js";
import { addEntry, emptyTotals, entryFacts, type UsageTotals } from "./totals.js";

export interface BranchUsage {
  /** The branch's leaf. */
  leafId: string;
  /** The entry the branch forks off from (it belongs to the shared part); null when the branch starts at a root. */
  forkId: string | null;
  /** The first entry only this branch holds. */
  firstId: string;
  /** Entries only this branch holds. */
  entryCount: number;
  /** The first user message the branch holds, else "role: text" of its first message with text (not sanitized); "" when none. */
  title: string;
  /** A label on one of its entries (nearest the leaf first). */
  label: string | undefined;
  /** True for the branch of the active leaf. */
  active: boolean;
  totals: UsageTotals;
}

export interface KeyedUsage {
  key: string;
  totals: UsageTotals;
}

export interface SessionUsage {
  /** Every entry of the file, as pi's getSessionStats counts. */
  session: UsageTotals;
  /** The path root..leaf. */
  path: UsageTotals;
  leafId: string | null;
  /** One per leaf, in file order of the leaves. */
  branches: BranchUsage[];
  /** Entries held by more than one branch (the trunk and inner segments). */
  shared: UsageTotals;
  /** provider/model (summaries without a model under "summaries"), most expensive first. */
  byModel: KeyedUsage[];
  /** YYYY-MM-DD ascending. */
  byDay: KeyedUsage[];
}

export interface UsageOptions {
  /** The leaf of the active path (default: the file's leaf). */
  leafId?: string | null;
  /** Time zone for days (default: the runtime's). */
  timeZone?: string;
  /** YYYY-MM-DD: count only entries from that day on (in `timeZone`). */
  since?: string;
}

export function sessionUsage(tree: SessionTree, options: UsageOptions = {}): SessionUsage {
  // One pass reads each entry's usage and time (by position); every total below adds from it.
  const { entries, posById, parentPos, childStart } = entryIndexOf(tree.loaded);
  const facts = entries.map(entryFacts);
  const since = options.since;
  const kept = new Uint8Array(entries.length);
  for (let p = 0; p < entries.length; p++) {
    const day = since === undefined ? null : dayOf(facts[p].time, options.timeZone);
    kept[p] = since === undefined || (day !== null && day >= since) ? 1 : 0;
  }
  const totalsOf = (positions: Iterable<number>): UsageTotals => {
    const t = emptyTotals();
    for (const p of positions) if (kept[p]) addEntry(t, entries[p], facts[p]);
    return t;
  };
  const all = entries.map((_, p) => p);
  const leafId = options.leafId === undefined ? tree.leafId : options.leafId;
  const pathPositions: number[] = [];
  for (let p = leafId === null ? -1 : (posById.get(leafId) ?? -1), steps = 0; p >= 0 && steps <= entries.length; p = parentPos[p], steps++) pathPositions.push(p);
  pathPositions.reverse();

  // Branches: up from each leaf while the parent has this one child (positions, no child lists).
  const childCount = (p: number): number => childStart[p + 1] - childStart[p];
  const exclusive = new Uint8Array(entries.length);
  const branches: BranchUsage[] = [];
  for (let leaf = 0; leaf < entries.length; leaf++) {
    const leafEntry = entries[leaf];
    if (parentPos[leaf] === HIDDEN || typeof leafEntry.id !== "string" || childCount(leaf) > 0) continue;
    const segment: number[] = [leaf];
    let forkId: string | null = null;
    for (let cur = leaf; ; ) {
      const parent = parentPos[cur];
      if (parent < 0) break;
      if (childCount(parent) > 1) {
        forkId = entries[parent].id;
        break;
      }
      segment.push(parent);
      cur = parent;
    }
    segment.reverse();
    for (const p of segment) exclusive[p] = 1;
    const segmentEntries = segment.map((p) => entries[p]);
    branches.push({
      leafId: leafEntry.id,
      forkId,
      firstId: entries[segment[0]].id,
      entryCount: segment.length,
      title: firstUserText(segmentEntries),
      label: nearestLabel(tree, segmentEntries),
      active: leafEntry.id === leafId,
      totals: totalsOf(segment.slice().sort((a, b) => a - b)),
    });
  }
  const shared = totalsOf(all.filter((p) => parentPos[p] !== HIDDEN && !exclusive[p]));

  const byModel = new Map<string, UsageTotals>();
  const byDay = new Map<string, UsageTotals>();
  for (const p of all) {
    if (!kept[p]) continue;
    const f = facts[p];
    const day = dayOf(f.time, options.timeZone) ?? "unknown";
    let d = byDay.get(day);
    if (!d) byDay.set(day, (d = emptyTotals()));
    addEntry(d, entries[p], f);
    if (!f.usage) continue;
    let m = byModel.get(f.usage.model);
    if (!m) byModel.set(f.usage.model, (m = emptyTotals()));
    addEntry(m, entries[p], f);
  }
  return {
    session: totalsOf(all),
    path: totalsOf(pathPositions),
    leafId,
    branches,
    shared,
    byModel: [...byModel].map(([key, totals]) => ({ key, totals })).sort((a, b) => b.totals.all.cost - a.totals.all.cost || b.totals.all.total - a.totals.all.total),
    byDay: [...byDay].map(([key, totals]) => ({ key, totals })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  };
}

function firstUserText(segment: readonly SessionEntry[]): string {
  let fallback = "";
  for (const e of segment) {
    const message = (e as { message?: { role?: unknown; content?: unknown } }).message;
    if (e.type !== "message" || !message) continue;
    const text = textOf(message.content).replace(/\s+/g, " ").trim();
    if (message.role === "user") return text;
    if (!fallback && text) fallback = `${String(message.role)}: ${text}`;
  }
  return fallback;
}

function nearestLabel(tree: SessionTree, segment: readonly SessionEntry[]): string | undefined {
  for (let i = segment.length - 1; i >= 0; i--) {
    const label = tree.labels.get(segment[i].id)?.label;
    if (label) return label;
  }
  return undefined;
}

/**
 * The branch an entry belongs to in a report: the one whose own entries hold it, or null when the
 * entry is shared by several branches (the trunk, a fork point) or unknown. Walks up from the entry.
 */
export function branchOfEntry(tree: SessionTree, report: SessionUsage, id: string): BranchUsage | null {
  const byFirst = firstIdIndex(report);
  let cur = tree.byId.get(id);
  for (let steps = 0; cur && steps <= tree.loaded.entries.length; steps++) {
    const branch = byFirst.get(cur.id);
    if (branch) return branch;
    if (tree.childrenOf(cur.id).length > 1) return null;
    cur = treeParent(tree, cur) ?? undefined;
  }
  return null;
}

const firstIdIndexes = new WeakMap<SessionUsage, Map<string, BranchUsage>>();
function firstIdIndex(report: SessionUsage): Map<string, BranchUsage> {
  let map = firstIdIndexes.get(report);
  if (!map) firstIdIndexes.set(report, (map = new Map(report.branches.map((b) => [b.firstId, b]))));
  return map;
}
