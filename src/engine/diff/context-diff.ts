// Before/after comparison of two model contexts (a compaction, or a branch switch).
// Rows are matched by the entry they come from, so a kept message is "kept" even when its
// position moves (everything before it was folded into a summary).

export interface DiffInputRow {
  role: string;
  /** Source entry id; null when pi synthesized a message with no entry behind it. */
  id: string | null;
  tokens: number;
}

export type DiffStatus = "kept" | "removed" | "added";

export interface DiffRow {
  status: DiffStatus;
  before?: DiffInputRow & { index: number };
  after?: DiffInputRow & { index: number };
}

export interface ContextDiff {
  rows: DiffRow[];
  tokensBefore: number;
  tokensAfter: number;
  counts: Record<DiffStatus, number>;
}

/** One entry can contribute several messages (a compaction: system checkpoint + summary). */
function rowKeys(rows: DiffInputRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((r, i) => {
    if (r.id === null) return `#anon:${i}:${r.role}`;
    const base = `${r.id}\u0000${r.role}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}\u0000${n}`;
  });
}

/**
 * Align two contexts. Kept rows keep their relative order in both lists (pi only drops a prefix
 * and prepends summaries), so a linear two-pointer merge is exact for compactions and gives a
 * readable interleaving for branch switches.
 */
export function diffContexts(before: DiffInputRow[], after: DiffInputRow[]): ContextDiff {
  const bKeys = rowKeys(before);
  const aKeys = rowKeys(after);
  const inAfter = new Set(aKeys);
  const inBefore = new Set(bKeys);
  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  const removed = (k: number): DiffRow => ({ status: "removed", before: { ...before[k], index: k } });
  const added = (k: number): DiffRow => ({ status: "added", after: { ...after[k], index: k } });
  while (i < before.length || j < after.length) {
    if (i < before.length && !inAfter.has(bKeys[i])) rows.push(removed(i++));
    else if (j < after.length && !inBefore.has(aKeys[j])) rows.push(added(j++));
    else if (i < before.length && j < after.length && bKeys[i] === aKeys[j]) {
      rows.push({ status: "kept", before: { ...before[i], index: i }, after: { ...after[j], index: j } });
      i++;
      j++;
    } else if (i < before.length) {
      // Present on both sides but out of order: show it where it left and where it arrives.
      rows.push(removed(i++));
    } else rows.push(added(j++));
  }
  const counts: Record<DiffStatus, number> = { kept: 0, removed: 0, added: 0 };
  for (const r of rows) counts[r.status]++;
  const sum = (xs: DiffInputRow[]) => xs.reduce((s, r) => s + r.tokens, 0);
  return { rows, tokensBefore: sum(before), tokensAfter: sum(after), counts };
}
