// The parent/child structure of loaded entries, as pi's index sees it, and the structural damage
// pi does not report: missing ids, duplicate ids, orphans, self-parents and parent cycles.
// Every walk is iterative; the whole analysis is linear in the number of entries.
import type { Diagnostic, SessionEntry } from "../types.js";
import { shortText } from "./damage.js";

export interface EntryIndex {
  /** Last entry per id, in the order pi's Map holds them (first insertion position). */
  byId: Map<string, SessionEntry>;
  /**
   * The parent each shown entry hangs under in pi-explorer's tree; null = a root. Only entries that
   * pi's tree shows are keys: the last entry per id, plus entries without a string id (which still
   * hang under their parent, as in pi, but cannot be anyone's parent).
   */
  parents: Map<SessionEntry, SessionEntry | null>;
  /** Roots in file order. */
  roots: SessionEntry[];
  /** Children per entry in file order (pi sorts them by timestamp later, see tree/). */
  children: Map<SessionEntry, SessionEntry[]>;
}

/**
 * Index the entries and report what is structurally wrong.
 * Deterministic choices where pi has none: a parent cycle (pi's getBranch would loop forever, and
 * pi's getTree shows none of its members) is broken at the member that comes first in the file,
 * which pi-explorer then shows as a root.
 */
export function analyzeStructure(
  entries: SessionEntry[],
  entryLines: number[],
  lostIds: Map<string, number>,
  diagnostics: Diagnostic[],
): EntryIndex {
  const byId = new Map<string, SessionEntry>();
  const firstLineOf = new Map<string, number>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const id = e.id as unknown;
    if (typeof id !== "string") {
      diagnostics.push({
        line: entryLines[i],
        problem: `${shortText(e.type, 30)} entry has no string id; nothing can refer to it, and if it is the last entry pi has no leaf`,
      });
      continue;
    }
    const earlier = firstLineOf.get(id);
    if (earlier !== undefined) {
      diagnostics.push({
        line: entryLines[i],
        problem: `duplicate id ${shortText(id)} (also on line ${earlier}); pi keeps this later entry and hides the earlier one`,
      });
    } else firstLineOf.set(id, entryLines[i]);
    byId.set(id, e);
  }

  const parents = new Map<SessionEntry, SessionEntry | null>();
  const position = new Map<SessionEntry, number>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const id = e.id as unknown;
    if (typeof id === "string" && byId.get(id) !== e) continue; // an earlier duplicate: hidden
    position.set(e, i);
    const parentId = e.parentId as unknown;
    // pi: `parentId === null || parentId === id` makes a root; with neither field that is true too.
    if (parentId === null || (parentId === undefined && typeof id !== "string")) {
      parents.set(e, null);
      continue;
    }
    if (parentId === id) {
      parents.set(e, null);
      diagnostics.push({ line: entryLines[i], problem: `entry ${shortText(id)} is its own parent; pi shows it as a root (and pi's path walk would never end)` });
      continue;
    }
    const parent = typeof parentId === "string" ? byId.get(parentId) : undefined;
    if (parent === undefined) {
      parents.set(e, null);
      diagnostics.push({ line: entryLines[i], problem: describeOrphan(typeof id === "string" ? id : "without id", parentId, lostIds) });
      continue;
    }
    parents.set(e, parent);
  }

  breakCycles(parents, position, entryLines, diagnostics);

  const roots: SessionEntry[] = [];
  const children = new Map<SessionEntry, SessionEntry[]>();
  for (const [entry, parent] of parents) {
    if (parent === null) {
      roots.push(entry);
      continue;
    }
    const list = children.get(parent);
    if (list) list.push(entry);
    else children.set(parent, [entry]);
  }
  return { byId, parents, roots, children };
}

function describeOrphan(id: string, parentId: unknown, lostIds: Map<string, number>): string {
  if (parentId === undefined || parentId === "") return `entry ${shortText(id)} has no parentId; pi shows it as a root`;
  if (typeof parentId !== "string") return `entry ${shortText(id)} has a parentId that is not a string; pi shows it as a root`;
  const lostAt = lostIds.get(parentId);
  const where = lostAt !== undefined ? ` (it was on damaged line ${lostAt})` : "";
  return `parent ${shortText(parentId)} of entry ${shortText(id)} does not exist${where}; pi shows this entry as a root and its path starts here`;
}

/** Find every parent cycle (each entry has at most one parent) and cut it at its earliest member. */
function breakCycles(
  parents: Map<SessionEntry, SessionEntry | null>,
  position: Map<SessionEntry, number>,
  entryLines: number[],
  diagnostics: Diagnostic[],
): void {
  const walkOf = new Map<SessionEntry, number>();
  let walk = 0;
  for (const start of parents.keys()) {
    if (walkOf.has(start)) continue;
    walk++;
    let cur: SessionEntry | null | undefined = start;
    while (cur && !walkOf.has(cur)) {
      walkOf.set(cur, walk);
      cur = parents.get(cur);
    }
    if (!cur || walkOf.get(cur) !== walk) continue;
    // `cur` is on a cycle found during this walk: collect it and cut at the earliest member.
    const members: SessionEntry[] = [cur];
    for (let m = parents.get(cur); m && m !== cur; m = parents.get(m)) members.push(m);
    let first = members[0];
    for (const m of members) if ((position.get(m) ?? 0) < (position.get(first) ?? 0)) first = m;
    parents.set(first, null);
    const ring = members.slice(0, 6).map((m) => shortText(m.id, 20));
    if (members.length > 6) ring.push("…");
    diagnostics.push({
      line: entryLines[position.get(first) ?? 0],
      problem: `parent cycle of ${members.length} entries (${ring.join(" → ")}); pi would loop forever walking it and its /tree hides them; pi-explorer shows ${shortText(first.id, 20)} as a root`,
    });
  }
}
