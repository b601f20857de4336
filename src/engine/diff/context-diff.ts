// Before/after comparison of two model contexts (a compaction, or a branch switch).
// Rows are matched by the entry they come from, so a kept message is "kept" even when its
// position moves (everything before it was folded into a summary); rows no entry matches are then
// matched by role and content, so a message that is the same on both sides (the system prompt a
// compaction replays from its own entry, a message pi synthesized) is kept, not removed and added.
import { stringifyJson } from "../serialize/json-text.js";

export interface DiffInputRow {
  role: string;
  /** Source entry id; null when pi synthesized a message with no entry behind it. */
  id: string | null;
  tokens: number;
  /** The message itself: rows whose entries differ are matched by role and content. */
  message?: unknown;
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

/** Role and content of a row's message, for rows the entry ids do not match; undefined without a message. */
function contentKey(row: DiffInputRow): string | undefined {
  if (row.message === undefined) return undefined;
  const m = row.message as { content?: unknown; summary?: unknown; command?: unknown; output?: unknown; toolCallId?: unknown };
  // The message's words, not its bookkeeping (timestamps, usage): those differ between copies.
  return `${row.role}\u0000${stringifyJson([m.content ?? null, m.summary ?? null, m.command ?? null, m.output ?? null, m.toolCallId ?? null])}`;
}

/**
 * For each row of `before`, the row of `after` it is the same message as, or -1: by source entry
 * first, then by role and content among the rows left over (the n-th copy with the n-th copy).
 * Matches keep their order on both sides (a later before row never matches an earlier after row).
 */
function matchRows(before: DiffInputRow[], after: DiffInputRow[]): Int32Array {
  const bKeys = rowKeys(before);
  const aKeys = rowKeys(after);
  const afterByKey = new Map<string, number>();
  aKeys.forEach((k, j) => afterByKey.set(k, j));
  const match = new Int32Array(before.length).fill(-1);
  const taken = new Uint8Array(after.length);
  for (let i = 0; i < before.length; i++) {
    const j = afterByKey.get(bKeys[i]);
    if (j !== undefined) {
      match[i] = j;
      taken[j] = 1;
    }
  }
  const leftByContent = new Map<string, number[]>();
  for (let j = 0; j < after.length; j++) {
    if (taken[j]) continue;
    const key = contentKey(after[j]);
    if (key === undefined) continue;
    const list = leftByContent.get(key);
    if (list) list.push(j);
    else leftByContent.set(key, [j]);
  }
  if (leftByContent.size > 0) {
    for (let i = 0; i < before.length; i++) {
      if (match[i] >= 0) continue;
      const key = contentKey(before[i]);
      const list = key === undefined ? undefined : leftByContent.get(key);
      if (list && list.length > 0) match[i] = list.shift() as number;
    }
  }
  // Order: keep the matches that go forward on both sides.
  let last = -1;
  for (let i = 0; i < before.length; i++) {
    if (match[i] < 0) continue;
    if (match[i] > last) last = match[i];
    else match[i] = -1;
  }
  return match;
}

/**
 * Align two contexts. Kept rows keep their relative order in both lists (pi only drops a prefix
 * and prepends summaries), so a linear two-pointer merge is exact for compactions and gives a
 * readable interleaving for branch switches.
 */
export function diffContexts(before: DiffInputRow[], after: DiffInputRow[]): ContextDiff {
  const match = matchRows(before, after);
  const matchedAfter = new Uint8Array(after.length);
  for (const j of match) if (j >= 0) matchedAfter[j] = 1;
  const rows: DiffRow[] = [];
  const side = (r: DiffInputRow, index: number) => ({ role: r.role, id: r.id, tokens: r.tokens, index });
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && match[i] < 0) rows.push({ status: "removed", before: side(before[i], i++) });
    else if (j < after.length && !matchedAfter[j]) rows.push({ status: "added", after: side(after[j], j++) });
    else {
      // Both sides stand at a matched pair: matches go forward on both sides, so it is this one.
      rows.push({ status: "kept", before: side(before[i], i), after: side(after[j], j) });
      i++;
      j++;
    }
  }
  const counts: Record<DiffStatus, number> = { kept: 0, removed: 0, added: 0 };
  for (const r of rows) counts[r.status]++;
  const sum = (xs: DiffInputRow[]) => xs.reduce((s, r) => s + r.tokens, 0);
  return { rows, tokensBefore: sum(before), tokensAfter: sum(after), counts };
}
