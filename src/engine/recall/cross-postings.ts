// Postings of the cross-session index as the store keeps them: one row per term and segment (a
// file's first read, or one later append), holding [doc, tf, length << 3 | role] triples with
// docs ascending. Carrying each doc's length and role in its postings lets a query rank and
// role-filter without reading the documents table.
import type { TermTable } from "./term-table.js";
import type { RecallRole } from "./types.js";

export const POSTING_STRIDE = 3;
const ROLE_BITS = 3;
const ROLE_MASK = (1 << ROLE_BITS) - 1;
const MAX_LENGTH = (2 ** 31 - 1) >>> ROLE_BITS;

export const ROLE_CODES: readonly RecallRole[] = ["user", "assistant", "toolResult", "bash", "compaction", "branchSummary"];

export const roleCode = (role: RecallRole): number => ROLE_CODES.indexOf(role);
export const packLengthRole = (length: number, role: number): number => (Math.min(length, MAX_LENGTH) << ROLE_BITS) | role;
export const lengthOf = (packed: number): number => packed >>> ROLE_BITS;
export const roleOf = (packed: number): number => packed & ROLE_MASK;

export interface SegmentTerm {
  term: string;
  /** Docs of the segment containing the term. */
  df: number;
  data: Uint8Array;
}

/**
 * The rows of one segment. `docIds[local]` is the store's id of the table's doc `local`;
 * `lengthRoles[local]` its packed length and role.
 */
export function segmentPostings(table: TermTable, docIds: ArrayLike<number>, lengthRoles: ArrayLike<number>): SegmentTerm[] {
  const out: SegmentTerm[] = [];
  for (let id = 0; id < table.terms.length; id++) {
    const list = table.lists[id];
    const df = list.length >> 1;
    const data = new Int32Array(df * POSTING_STRIDE);
    for (let i = 0, o = 0; i < list.length; i += 2, o += POSTING_STRIDE) {
      const local = list[i];
      data[o] = docIds[local];
      data[o + 1] = list[i + 1];
      data[o + 2] = lengthRoles[local];
    }
    out.push({ term: table.terms[id], df, data: new Uint8Array(data.buffer) });
  }
  return out;
}

/** A stored row's bytes as triples (copied only when SQLite's buffer is not 4-byte aligned). */
export function postingsView(bytes: Uint8Array): Int32Array {
  if (bytes.byteOffset % 4 === 0) return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  return new Int32Array(bytes.slice().buffer);
}
