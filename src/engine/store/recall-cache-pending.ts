// Postings rows of prepared segments, kept as where they are (a segment and its term there) and
// made (the first doc renumbered, a copy) only when written. The rows of the files a transaction
// reads whole wait so for its end (they are then written sorted by term, as one run): kept as an
// object and a copy each, a first build's hundreds of thousands of rows outlived the young
// generation and were collected again in the old one.
import { packedAt } from "../recall/index.js";
import { withFirstDoc, withFirstDocLength, type PreparedSegment } from "./recall-cache-prepare.js";
import type { RowPart } from "./recall-cache-run-rows.js";

/** A postings row as the tables take it. */
export interface PostingsRow {
  termId: number;
  fileId: number;
  seg: number;
  df: number;
  data: Uint8Array;
  pos: Uint8Array;
}

interface PendingSegment {
  fileId: number;
  first: number;
  seg: PreparedSegment;
  ids: readonly number[];
}

/** Rows a transaction holds at once at most, for the sort key (term id * ROW_SLOTS + row). */
const ROW_SLOTS = 2 ** 24;

export class PendingPostings {
  private readonly segs: PendingSegment[] = [];
  /** Per row: its term id, its segment (index in segs) and its term's index in that segment. */
  private readonly termIds: number[] = [];
  private readonly segOf: number[] = [];
  private readonly termAt: number[] = [];
  /** Rows were added in (file, segment) order: sorting by term then row keeps that order. */
  private ordered = true;

  get length(): number {
    return this.termIds.length;
  }

  /** The rows of segment `seg` of file `fileId` (its docs from `first`), its terms `order` (indexes) in that order; `ids`: each term's id. */
  add(fileId: number, first: number, seg: PreparedSegment, ids: readonly number[], order: readonly number[]): void {
    const last = this.segs[this.segs.length - 1];
    if (last && (fileId < last.fileId || (fileId === last.fileId && first < last.first))) this.ordered = false;
    const s = this.segs.length;
    this.segs.push({ fileId, first, seg, ids });
    for (const t of order) {
      this.termIds.push(ids[t]);
      this.segOf.push(s);
      this.termAt.push(t);
    }
  }

  /** Drops the rows past the first `length` (a file whose savepoint was rolled back). */
  truncate(length: number): void {
    this.termIds.length = length;
    this.segOf.length = length;
    this.termAt.length = length;
    const segs = length ? this.segOf[length - 1] + 1 : 0;
    this.segs.length = Math.min(this.segs.length, segs);
  }

  /** Bytes of every row's data and positions. */
  bytes(): number {
    let n = 0;
    for (let i = 0; i < this.termIds.length; i++) {
      const { seg, first } = this.segs[this.segOf[i]];
      const t = this.termAt[i];
      n += withFirstDocLength(packedAt(seg.rows.postings, t), first) + packedAt(seg.rows.positions, t).length;
    }
    return n;
  }

  termId(i: number): number {
    return this.termIds[i];
  }

  fileId(i: number): number {
    return this.segs[this.segOf[i]].fileId;
  }

  /** Row `i` as it was prepared: postings numbered from its segment's first doc (chainedRow joins a term's). */
  part(i: number): RowPart {
    const { first, seg } = this.segs[this.segOf[i]];
    const t = this.termAt[i];
    return { first, last: first + seg.lastDocs[t], df: seg.dfs[t], data: packedAt(seg.rows.postings, t), pos: packedAt(seg.rows.positions, t) };
  }

  /** Row `i`, made. */
  row(i: number): PostingsRow {
    const { fileId, first, seg } = this.segs[this.segOf[i]];
    const t = this.termAt[i];
    return { termId: this.termIds[i], fileId, seg: first, df: seg.dfs[t], data: withFirstDoc(packedAt(seg.rows.postings, t), first), pos: packedAt(seg.rows.positions, t) };
  }

  /** The rows' indexes by term id, then file, then segment. */
  byTerm(): number[] {
    const n = this.termIds.length;
    if (!this.ordered || n > ROW_SLOTS) {
      const rows = Array.from({ length: n }, (_, i) => i);
      return rows.sort((a, b) => this.termIds[a] - this.termIds[b] || this.fileId(a) - this.fileId(b) || this.segs[this.segOf[a]].first - this.segs[this.segOf[b]].first);
    }
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = this.termIds[i] * ROW_SLOTS + i;
    keys.sort();
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = keys[i] % ROW_SLOTS;
    return out;
  }
}
