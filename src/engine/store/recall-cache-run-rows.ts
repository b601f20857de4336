// A run's postings row holds one term's postings of every file its transaction read
// (recall-cache-schema.ts): the files' rows chained into one, in doc order, as one row of the
// PackedRows format numbered from doc 0 (recall/cross-postings.ts). A search reads it as it reads
// any row. One row per term and run, not per term and file: a build of many small sessions wrote
// one row per term a session holds, and writing those rows took about 40% of it (300 sessions of
// 170-289 KB: 1.6-1.8 s against 2.0-2.3 s, the index 8.4 MB against 13.1 MB).
//
// Here: the chaining (each part's last doc comes with it from the word counter, so only each
// part's first varint is rewritten and the rest copied), and a row split back into one row per
// segment (a file's docs are its segments' id ranges), which deleting or merging a file of a run
// and folding runs start with.
// Bytes that do not decode to what the row says are damage (DamagedIndexError): never a result.
import { DamagedIndexError } from "../recall/index.js";
import { firstVarint, shiftedHead } from "./recall-cache-prepare.js";
import { varintLength, writeVarint } from "./varint.js";

/** One file's row of a term: postings numbered from doc `first` (a segment's first doc), the last of its docs (absolute), and its positions. */
export interface RowPart {
  first: number;
  last: number;
  df: number;
  data: Uint8Array;
  pos: Uint8Array;
}

/** A stored row: postings numbered from doc 0 (absolute ids), `df` docs, the first of them `firstDoc`. */
export interface StoredRow {
  firstDoc: number;
  df: number;
  data: Uint8Array;
  pos: Uint8Array;
}

/** Reads varints off `bytes`; running past the end is damage. */
class VarintReader {
  at = 0;
  constructor(
    readonly bytes: Uint8Array,
    private readonly what: string,
  ) {}

  /** Past the next `n` varints (their bytes are only copied: a varint ends at a byte below 0x80). */
  skip(n: number): void {
    const bytes = this.bytes;
    let at = this.at;
    while (n > 0) {
      if (at >= bytes.length) throw new DamagedIndexError(`${this.what} cut short`);
      if (bytes[at++] < 0x80) n--;
    }
    this.at = at;
  }

  get done(): boolean {
    return this.at >= this.bytes.length;
  }

  next(): number {
    const bytes = this.bytes;
    let value = 0;
    let shift = 0;
    for (;;) {
      if (this.at >= bytes.length || shift > 28) throw new DamagedIndexError(`${this.what} cut short`);
      const b = bytes[this.at++];
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return value;
      shift += 7;
    }
  }
}

/**
 * Rows of one term from several files (parts in doc order, none sharing a doc) as one stored row:
 * each part's first doc delta made the gap from the part before's last doc, the rest copied.
 */
export function chainedRow(parts: readonly RowPart[]): StoredRow {
  // Each part's first varint and what it becomes (its doc made the gap from the part before's
  // last, as withFirstDoc renumbers a row), so the row is made at its size in one go.
  const heads = new Array<{ from: number; value: number }>(parts.length);
  let size = 0;
  let posSize = 0;
  let last = 0;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    const first = firstVarint(part.data);
    const value = shiftedHead(first.value, part.first - last);
    if (k > 0 && value < 2) throw new DamagedIndexError("rows to chain overlap");
    heads[k] = { from: first.bytes, value };
    size += varintLength(value) + part.data.length - first.bytes;
    posSize += part.pos.length;
    last = part.last;
  }
  const data = new Uint8Array(size);
  const pos = new Uint8Array(posSize);
  let at = 0;
  let posAt = 0;
  let df = 0;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    at = writeVarint(data, at, heads[k].value);
    data.set(part.data.subarray(heads[k].from), at);
    at += part.data.length - heads[k].from;
    pos.set(part.pos, posAt);
    posAt += part.pos.length;
    df += part.df;
  }
  const firstDoc = parts.length ? Math.floor(heads[0].value / 2) : 0;
  return { firstDoc, df, data, pos };
}

/** The last doc of a row numbered from doc 0 (`df` docs): its gaps added up. */
export function lastDocOf(row: { df: number; data: Uint8Array }): number {
  const r = new VarintReader(row.data, "postings");
  let doc = 0;
  for (let k = 0; k < row.df; k++) {
    const head = r.next();
    doc += Math.floor(head / 2);
    if (head % 2 === 1) r.skip(1);
  }
  return doc;
}

/**
 * A stored row split back into one row per segment: `segmentStarts` holds the first doc of every
 * segment its docs may be in, ascending (a doc is in the last segment starting at or before it).
 * Answers each part with the index of its segment, its postings renumbered from doc 0 again. A row
 * that does not decode to exactly `df` ascending docs with their positions is damage.
 */
export function rowsBySegment(row: { df: number; data: Uint8Array; pos: Uint8Array }, segmentStarts: readonly number[]): { segment: number; row: StoredRow }[] {
  const out: { segment: number; row: StoredRow }[] = [];
  const r = new VarintReader(row.data, "postings");
  const p = new VarintReader(row.pos, "positions");
  // The part being read: its segment, first doc and count, and where its bytes after its first head start.
  let segment = -1;
  let firstDoc = 0;
  let firstTf = 1;
  let df = 0;
  let restFrom = 0;
  let posFrom = 0;
  const close = (dataTo: number, posTo: number): void => {
    if (df === 0) return;
    // Its first doc's gap from doc 0 is the doc itself; the postings after it are gaps within the part, copied as they are.
    const rest = row.data.subarray(restFrom, dataTo);
    const head = firstDoc * 2 + (firstTf > 1 ? 1 : 0);
    const data = new Uint8Array(varintLength(head) + rest.length);
    data.set(rest, writeVarint(data, 0, head));
    out.push({ segment, row: { firstDoc, df, data, pos: row.pos.slice(posFrom, posTo) } });
  };
  let doc = 0;
  let count = 0;
  while (!r.done) {
    const postingAt = r.at;
    const head = r.next();
    const gap = Math.floor(head / 2);
    if (gap === 0 && count > 0) throw new DamagedIndexError("postings not ascending");
    doc += gap;
    const headEnd = r.at;
    const tf = head % 2 === 1 ? r.next() : 1;
    if (tf < 1) throw new DamagedIndexError("postings with tf 0");
    count++;
    let next = segment;
    while (next + 1 < segmentStarts.length && segmentStarts[next + 1] <= doc) next++;
    if (next < 0) throw new DamagedIndexError("a doc of no segment");
    if (next !== segment || df === 0) {
      close(postingAt, p.at);
      segment = next;
      firstDoc = doc;
      firstTf = tf;
      df = 0;
      // The first posting's tf (when it has one) is part of its head: copied from after the head's gap.
      restFrom = headEnd;
      posFrom = p.at;
    }
    p.skip(tf);
    df++;
  }
  if (count !== row.df) throw new DamagedIndexError("postings disagree with their df");
  if (!p.done) throw new DamagedIndexError("positions too long");
  close(r.at, p.at);
  return out;
}
