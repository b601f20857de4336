// The parent/child structure of loaded entries, as pi's index sees it, and the structural damage
// pi does not report: missing ids, duplicate ids, orphans, self-parents and parent cycles.
// Positions (indexes into `entries`) and typed arrays keep this linear and allocation-light even
// for 55,000 entries; every walk is iterative.
import type { Diagnostic, SessionEntry } from "../types.js";
import { shortText } from "./damage.js";

/** parentPos value of a root. */
export const ROOT = -1;
/** parentPos value of an entry pi's tree does not show (an earlier entry with a duplicated id). */
export const HIDDEN = -2;

export interface EntryIndex {
  entries: SessionEntry[];
  /** Last entry per id, in the order pi's Map holds them (first insertion position). */
  byId: Map<string, SessionEntry>;
  /** Position in `entries` of the entry byId holds for an id. */
  posById: Map<string, number>;
  /**
   * Per position: the position of the parent the entry hangs under in pi-explorer's tree, ROOT, or
   * HIDDEN. Entries without a string id still hang under their parent (as in pi) but can be no
   * one's parent. Orphans, self-parents and the entry where a parent cycle is cut are roots.
   */
  parentPos: Int32Array;
  /** Root positions in file order. */
  rootPos: number[];
  /** Children of position p, file order: childPos[childStart[p] .. childStart[p + 1]). */
  childStart: Int32Array;
  childPos: Int32Array;
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
  const n = entries.length;
  const byId = new Map<string, SessionEntry>();
  const posById = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const id = e.id as unknown;
    if (typeof id !== "string") {
      diagnostics.push({
        line: entryLines[i],
        problem: `${shortText(e.type, 30)} entry has no string id; nothing can refer to it, and if it is the last entry pi has no leaf`,
      });
      continue;
    }
    const earlier = posById.get(id);
    if (earlier !== undefined) {
      diagnostics.push({
        line: entryLines[i],
        problem: `duplicate id ${shortText(id)} (also on line ${entryLines[earlier]}); pi keeps this later entry and hides the earlier one`,
      });
    }
    byId.set(id, e);
    posById.set(id, i);
  }

  const parentPos = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const id = e.id as unknown;
    if (typeof id === "string" && posById.get(id) !== i) {
      parentPos[i] = HIDDEN;
      continue;
    }
    const parentId = e.parentId as unknown;
    // pi: `parentId === null || parentId === id` makes a root; with neither field that is true too.
    if (parentId === null || (parentId === undefined && typeof id !== "string")) {
      parentPos[i] = ROOT;
      continue;
    }
    if (parentId === id) {
      parentPos[i] = ROOT;
      diagnostics.push({ line: entryLines[i], problem: `entry ${shortText(id)} is its own parent; pi shows it as a root (and pi's path walk would never end)` });
      continue;
    }
    const p = typeof parentId === "string" ? posById.get(parentId) : undefined;
    if (p === undefined) {
      parentPos[i] = ROOT;
      diagnostics.push({ line: entryLines[i], problem: describeOrphan(typeof id === "string" ? id : "without id", parentId, lostIds) });
      continue;
    }
    parentPos[i] = p;
  }

  breakCycles(entries, parentPos, entryLines, diagnostics);

  const rootPos: number[] = [];
  const childStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const p = parentPos[i];
    if (p === ROOT) rootPos.push(i);
    else if (p >= 0) childStart[p + 1]++;
  }
  for (let i = 0; i < n; i++) childStart[i + 1] += childStart[i];
  const fill = childStart.slice(0, n);
  const childPos = new Int32Array(childStart[n]);
  for (let i = 0; i < n; i++) {
    const p = parentPos[i];
    if (p >= 0) childPos[fill[p]++] = i;
  }
  return { entries, byId, posById, parentPos, rootPos, childStart, childPos };
}

/** Number of entries with more than one child (pi's branch points). */
export function branchPointCount(index: EntryIndex): number {
  const { childStart } = index;
  let count = 0;
  for (let p = 0; p + 1 < childStart.length; p++) if (childStart[p + 1] - childStart[p] > 1) count++;
  return count;
}

function describeOrphan(id: string, parentId: unknown, lostIds: Map<string, number>): string {
  if (parentId === undefined || parentId === "") return `entry ${shortText(id)} has no parentId; pi shows it as a root`;
  if (typeof parentId !== "string") return `entry ${shortText(id)} has a parentId that is not a string; pi shows it as a root`;
  const lostAt = lostIds.get(parentId);
  const where = lostAt !== undefined ? ` (it was on damaged line ${lostAt})` : "";
  return `parent ${shortText(parentId)} of entry ${shortText(id)} does not exist${where}; pi shows this entry as a root and its path starts here`;
}

/** Find every parent cycle (each entry has at most one parent) and cut it at its earliest member. */
function breakCycles(entries: SessionEntry[], parentPos: Int32Array, entryLines: number[], diagnostics: Diagnostic[]): void {
  const n = parentPos.length;
  const walkOf = new Int32Array(n); // 0 = not visited yet, k = visited by walk k
  let walk = 0;
  for (let start = 0; start < n; start++) {
    if (walkOf[start] !== 0 || parentPos[start] === HIDDEN) continue;
    walk++;
    let cur = start;
    while (cur >= 0 && walkOf[cur] === 0) {
      walkOf[cur] = walk;
      cur = parentPos[cur];
    }
    if (cur < 0 || walkOf[cur] !== walk) continue;
    // `cur` is on a cycle met during this walk: collect it and cut at the earliest member.
    const members = [cur];
    for (let m = parentPos[cur]; m !== cur; m = parentPos[m]) members.push(m);
    let first = cur;
    for (const m of members) if (m < first) first = m;
    parentPos[first] = ROOT;
    const ring = members.slice(0, 6).map((m) => shortText(entries[m].id, 20));
    if (members.length > 6) ring.push("…");
    diagnostics.push({
      line: entryLines[first],
      problem: `parent cycle of ${members.length} entries (${ring.join(" → ")}); pi would loop forever walking it and its /tree hides them; pi-explorer shows ${shortText(entries[first].id, 20)} as a root`,
    });
  }
}
