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
 * doc's positions back to back, absolute, ascending within a doc. Bytes that do not decode to
 * exactly the row's tfs are damage.
 */
export function decodePositions(bytes: Uint8Array, triples: Int32Array): Int32Array {
  let total = 0;
  for (let i = 1; i < triples.length; i += POSTING_STRIDE) total += triples[i];
  const out = new Int32Array(total);
  const end = bytes.length;
  let i = 0;
  let o = 0;
  // One varint after another; `left` counts down the current doc's positions (its first is absolute).
  let t = 1;
  let left = triples.length ? triples[1] : 0;
  let prev = 0;
  let first = true;
  while (o < total) {
    while (left === 0) {
      t += POSTING_STRIDE;
      left = triples[t];
      prev = 0;
      first = true;
    }
    if (i >= end) throw new DamagedIndexError("positions cut short");
    let v = bytes[i++];
    if (v >= 0x80) {
      v &= 0x7f;
      let shift = 7;
      let b: number;
      do {
        if (i >= end || shift > 28) throw new DamagedIndexError("positions cut short");
        b = bytes[i++];
        v += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b >= 0x80);
    }
    if (v === 0 && !first) throw new DamagedIndexError("positions not ascending");
    prev += v;
    out[o++] = prev;
    left--;
    first = false;
  }
  if (i !== end) throw new DamagedIndexError("positions too long");
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
 * Decodes one stored row into [doc, tf, length|role] triples. `lengthRoles[doc]` holds each doc's
 * packed length and role + 1 (0: no such doc); a row that does not decode to exactly `df` known,
 * ascending docs is damage, never a result.
 */
export function decodePostings(bytes: Uint8Array, df: number, lengthRoles: Int32Array): Int32Array {
  const out = new Int32Array(df * POSTING_STRIDE);
  const end = bytes.length;
  const docs = lengthRoles.length;
  let i = 0;
  let doc = 0;
  let o = 0;
  // Varints read inline (this loop runs over every posting of a query's words).
  while (i < end) {
    let head = bytes[i++];
    if (head >= 0x80) {
      head &= 0x7f;
      let shift = 7;
      let b: number;
      do {
        if (i >= end || shift > 28) throw new DamagedIndexError("postings cut short");
        b = bytes[i++];
        head += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b >= 0x80);
    }
    let tf = 1;
    if (head & 1) {
      if (i >= end) throw new DamagedIndexError("postings cut short");
      tf = bytes[i++];
      if (tf >= 0x80) {
        tf &= 0x7f;
        let shift = 7;
        let b: number;
        do {
          if (i >= end || shift > 28) throw new DamagedIndexError("postings cut short");
          b = bytes[i++];
          tf += (b & 0x7f) * 2 ** shift;
          shift += 7;
        } while (b >= 0x80);
      }
      if (tf < 2) throw new DamagedIndexError("postings tf");
    }
    const delta = Math.floor(head / 2);
    doc += delta;
    if (o === out.length || (o > 0 && delta === 0) || doc >= docs || lengthRoles[doc] === 0) throw new DamagedIndexError("postings name an unknown doc");
    out[o] = doc;
    out[o + 1] = tf;
    out[o + 2] = lengthRoles[doc] - 1;
    o += POSTING_STRIDE;
  }
  if (o !== out.length) throw new DamagedIndexError("postings count");
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
