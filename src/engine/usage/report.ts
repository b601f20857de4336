// One session's usage report: the whole file (what pi's statistics count), the active path, each
// branch (the entries only that branch holds: from its leaf up to the entry where it forks off), the
// entries several branches share, and the file per model and per day.
import { textOf } from "../display/tree-row-text.js";
import { entryIndexOf } from "../session/load.js";
import { getBranch, shownEntries, treeParent, type SessionTree } from "../tree/tree.js";
import type { SessionEntry } from "../types.js";
import { dayOf } from "./day.js";
import { entryTime, entryUsage } from "./entry-usage.js";
import { addEntry, emptyTotals, usageTotals, type UsageTotals } from "./totals.js";

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

/** Entries from `since` on (all when unset); an entry with no time is left out once a day is asked for. */
export function sinceFilter(since: string | undefined, timeZone: string | undefined): (e: SessionEntry) => boolean {
  if (since === undefined) return () => true;
  return (e) => {
    const day = dayOf(entryTime(e), timeZone);
    return day !== null && day >= since;
  };
}

export function sessionUsage(tree: SessionTree, options: UsageOptions = {}): SessionUsage {
  const keep = sinceFilter(options.since, options.timeZone);
  const leafId = options.leafId === undefined ? tree.leafId : options.leafId;
  const all = tree.loaded.entries.filter(keep);
  const session = usageTotals(all);
  const path = usageTotals(getBranch(tree, leafId).filter(keep));
  const { branches, shared } = branchUsage(tree, leafId, keep);
  return { session, path, leafId, branches, shared, byModel: byModel(all), byDay: byDay(all, options.timeZone) };
}

function branchUsage(tree: SessionTree, leafId: string | null, keep: (e: SessionEntry) => boolean): { branches: BranchUsage[]; shared: UsageTotals } {
  const { posById } = entryIndexOf(tree.loaded);
  const shown = shownEntries(tree);
  const exclusive = new Set<SessionEntry>();
  const branches: BranchUsage[] = [];
  for (const leaf of shown) {
    if (typeof leaf.id !== "string" || tree.childrenOf(leaf.id).length > 0) continue;
    // Up from the leaf while the parent has this one child: those entries only this branch holds.
    const segment: SessionEntry[] = [leaf];
    let forkId: string | null = null;
    for (let cur = leaf; ; ) {
      const parent = treeParent(tree, cur);
      if (!parent) break;
      if (tree.childrenOf(parent.id).length > 1) {
        forkId = parent.id;
        break;
      }
      segment.push(parent);
      cur = parent;
    }
    segment.reverse();
    for (const e of segment) exclusive.add(e);
    const inOrder = segment.slice().sort((a, b) => (posById.get(a.id) ?? 0) - (posById.get(b.id) ?? 0));
    branches.push({
      leafId: leaf.id,
      forkId,
      firstId: segment[0].id,
      entryCount: segment.length,
      title: firstUserText(segment),
      label: nearestLabel(tree, segment),
      active: leaf.id === leafId,
      totals: usageTotals(inOrder.filter(keep)),
    });
  }
  const shared = emptyTotals();
  for (const e of shown) if (!exclusive.has(e) && keep(e)) addEntry(shared, e);
  return { branches, shared };
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

function byModel(entries: readonly SessionEntry[]): KeyedUsage[] {
  const map = new Map<string, UsageTotals>();
  for (const e of entries) {
    const usage = entryUsage(e);
    if (!usage) continue;
    let t = map.get(usage.model);
    if (!t) map.set(usage.model, (t = emptyTotals()));
    addEntry(t, e);
  }
  return [...map].map(([key, totals]) => ({ key, totals })).sort((a, b) => b.totals.all.cost - a.totals.all.cost || b.totals.all.total - a.totals.all.total);
}

function byDay(entries: readonly SessionEntry[], timeZone: string | undefined): KeyedUsage[] {
  const map = new Map<string, UsageTotals>();
  for (const e of entries) {
    const day = dayOf(entryTime(e), timeZone) ?? "unknown";
    let t = map.get(day);
    if (!t) map.set(day, (t = emptyTotals()));
    addEntry(t, e);
  }
  return [...map].map(([key, totals]) => ({ key, totals })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
