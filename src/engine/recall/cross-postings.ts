// Postings of the cross-session index as the store keeps them: one row per term and segment (a
// file's first read, or one later append), docs ascending with their tf and the positions of the
// word in each, decoded into [doc, tf, length << 3 | role] triples. Carrying each doc's length
// and role in the decoded postings lets a query rank and role-filter without reading the
// documents table.
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

/** A stored row's bytes as triples (copied only when SQLite's buffer is not 4-byte aligned). */
export function postingsView(bytes: Uint8Array): Int32Array {
  if (bytes.byteOffset % 4 === 0) return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  return new Int32Array(bytes.slice().buffer);
}

/** Byte strings back to back: string i is bytes[ends[i-1] .. ends[i]). */
export interface PackedBytes {
  bytes: Uint8Array;
  ends: Int32Array;
}

/** String `i` of a packed list (a view, no copy). */
export const packedAt = (p: PackedBytes, i: number): Uint8Array => p.bytes.subarray(i === 0 ? 0 : p.ends[i - 1], p.ends[i]);

/**
 * A segment's rows (docs numbered from 0): its terms' postings and positions, each packed in term
 * id order, as the store keeps them on disk (written by WordRows.segmentRows). Postings: docs
 * ascending, as unsigned varints, the doc delta (the first from 0) shifted left once, its low bit
 * set when a tf > 1 follows (most words occur once in a doc); lengths and roles live once per doc
 * (encodeLengths), not in every posting: a little over one byte a posting. Positions, for
 * phrases: per doc (in the row's order, tf of them) the first position of the word, then the gaps
 * to the next.
 */
export interface PackedRows {
  postings: PackedBytes;
  positions: PackedBytes;
}

/**
 * Decodes a stored row's positions (PackedRows) given its decoded postings (triples): every
 * doc's positions back to back, absolute, ascending within a doc. With `wanted` (1 by doc id), only
 * those docs' positions are decoded; the others' are stepped over and left as `take` gave them (a
 * phrase needs only the docs holding all its words). Bytes that do not decode to exactly the row's
 * tfs are damage.
 */
export function decodePositions(bytes: Uint8Array, triples: Int32Array, wanted?: Int32Array, take: (n: number) => Int32Array = newInts): Int32Array {
  let total = 0;
  for (let i = 1; i < triples.length; i += POSTING_STRIDE) total += triples[i];
  const out = take(total);
  const end = bytes.length;
  let i = 0;
  let o = 0;
  for (let t = 0; t < triples.length; t += POSTING_STRIDE) {
    const tf = triples[t + 1];
    // Each varint takes a byte at least: only a longer one needs its own bounds checks.
    if (i + tf > end) damaged("positions cut short");
    if (wanted !== undefined && wanted[triples[t]] !== 1) {
      // Stepped over: tf varints, each ending at a byte below 0x80.
      for (let left = tf; left > 0; left--) {
        while (i < end && bytes[i] >= 0x80) i++;
        if (i === end) damaged("positions cut short");
        i++;
      }
      o += tf;
      continue;
    }
    // The doc's first position is absolute, then the gaps to the next.
    let prev = 0;
    for (let k = 0; k < tf; k++) {
      let v = bytes[i++];
      if (v >= 0x80) {
        // In int arithmetic, 4 bytes at most: a position is below the word count of a doc's text, which is
        // capped (document.ts ENTRY_TEXT_CAP, 200,000 chars); a longer varint is damage.
        v &= 0x7f;
        let shift = 7;
        let b: number;
        do {
          if (i >= end || shift > 21) damaged("positions cut short");
          b = bytes[i++];
          v |= (b & 0x7f) << shift;
          shift += 7;
        } while (b >= 0x80);
      }
      if (v === 0 && k > 0) damaged("positions not ascending");
      prev += v;
      out[o++] = prev;
    }
  }
  if (i !== end) damaged("positions too long");
  return out;
}

/** Thrown when stored postings do not decode to what their row says: the cache is damaged. */
export class DamagedIndexError extends Error {
  constructor(what: string) {
    super(`the recall index is damaged (${what})`);
    this.name = "DamagedIndexError";
  }
}

/**
 * One stored row read a posting at a time: `next()` moves to the next doc (false past the last),
 * whose id, tf and packed length|role it then holds. `lengthRoles[doc]` holds each doc's packed
 * length and role + 1 (0: no such doc); a row that does not read as exactly `df` known, ascending
 * docs is damage, never a result. A query reads every posting of its words through this (ranking
 * reads them in place, without decoding rows into arrays first).
 */
export class PostingReader {
  doc = 0;
  tf = 0;
  packed = 0;
  private i = 0;
  private count = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly df: number,
    private readonly lengthRoles: Int32Array,
  ) {
    checkedDocCount(bytes, df);
  }

  next(): boolean {
    const bytes = this.bytes;
    const end = bytes.length;
    let i = this.i;
    if (i >= end) {
      if (this.count !== this.df) damaged("postings count");
      return false;
    }
    // The common case inline (one-byte doc gap, tf 1 or a one-byte tf), the rest in longVarint:
    // small enough that the ranking's loop takes this in.
    let head = bytes[i++];
    if (head >= 0x80) {
      this.i = i;
      head = this.longVarint(head);
      i = this.i;
    }
    let tf = 1;
    if (head & 1) {
      if (i >= end) damaged("postings cut short");
      tf = bytes[i++];
      if (tf >= 0x80) {
        this.i = i;
        tf = this.longVarint(tf);
        i = this.i;
      }
      if (tf < 2) damaged("postings tf");
    }
    const delta = Math.floor(head / 2);
    const doc = this.doc + delta;
    const lengthRoles = this.lengthRoles;
    if (this.count === this.df || (this.count > 0 && delta === 0) || doc >= lengthRoles.length || lengthRoles[doc] === 0) damaged("postings name an unknown doc");
    this.i = i;
    this.count++;
    this.doc = doc;
    this.tf = tf;
    this.packed = lengthRoles[doc] - 1;
    return true;
  }

  /** The rest of a varint whose first byte (`first`, at least 0x80) was read; reads on from this.i. */
  private longVarint(first: number): number {
    const bytes = this.bytes;
    let i = this.i;
    let value = first & 0x7f;
    let shift = 7;
    let b: number;
    do {
      if (i >= bytes.length || shift > 28) damaged("postings cut short");
      b = bytes[i++];
      value += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b >= 0x80);
    this.i = i;
    return value;
  }
}

const newInts = (n: number): Int32Array => new Int32Array(n);

/** A stored row's doc count, checked: a posting takes a byte at least, so a larger count is damage (arrays are sized by it). */
export function checkedDocCount(bytes: Uint8Array, df: number): number {
  if (!(Number.isInteger(df) && df >= 0 && df <= bytes.length)) damaged("postings count");
  return df;
}

function damaged(what: string): never {
  throw new DamagedIndexError(what);
}

/** Decodes one stored row into [doc, tf, length|role] triples (PostingReader says what is damage); `take` gives the array. */
export function decodePostings(bytes: Uint8Array, df: number, lengthRoles: Int32Array, take: (n: number) => Int32Array = newInts): Int32Array {
  const row = new PostingReader(bytes, df, lengthRoles);
  const out = take(df * POSTING_STRIDE);
  for (let o = 0; row.next(); o += POSTING_STRIDE) {
    out[o] = row.doc;
    out[o + 1] = row.tf;
    out[o + 2] = row.packed;
  }
  return out;
}

/** A segment's packed length|role per doc, in doc order, as stored bytes (4 per doc). */
export function encodeLengths(lengthRoles: ArrayLike<number>): Uint8Array {
  const out = new Int32Array(lengthRoles.length);
  for (let i = 0; i < out.length; i++) out[i] = lengthRoles[i];
  return new Uint8Array(out.buffer);
}

export function decodeLengths(bytes: Uint8Array): Int32Array {
  if (bytes.byteLength % 4 !== 0) throw new DamagedIndexError("lengths");
  return postingsView(bytes);
}
