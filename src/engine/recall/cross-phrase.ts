// Quoted phrases over the cross-session index's own word positions: a doc holds the phrase where
// its terms stand at consecutive positions. Occurrences are counted as the single-session search
// counts its regular expression's matches (phrase.ts): left to right, never overlapping.
import { POSTING_STRIDE } from "./cross-postings.js";

/**
 * One term's stored row: its [doc, tf, length|role] triples, and each doc's positions back to back
 * (decodePositions), of which only the docs `wanted` marks (by doc id) are read.
 */
export interface PositionedRow {
  triples: Int32Array;
  positions(wanted: Int32Array): Int32Array;
}

/** Gives an array of `n` ints, zeroed when asked (a query's scratch, int32-arena.ts, or new ones). */
export type TakeInts = (n: number, zeroed: boolean) => Int32Array;
const newInts: TakeInts = (n) => new Int32Array(n);

/** A row with the positions a phrase reads. */
interface DecodedRow {
  triples: Int32Array;
  positions: Int32Array;
}

/** One term's rows, and (for a term that does not lead) per doc its row + 1 (0: not in the doc), where its positions start there and how many. */
interface TermPlaces {
  rows: DecodedRow[];
  rowOf: Int32Array | null;
  startOf: Int32Array | null;
  countOf: Int32Array | null;
}

export interface PhraseMatches {
  /** Docs holding the phrase, in the order of the leading term's rows. */
  docs: number[];
  /** Occurrences per doc, as docs. */
  counts: number[];
  /** Each doc's packed length|role, as docs. */
  lengthRoles: number[];
}

/** Docs where `terms[0..k)` stand at consecutive positions; `rowsOf(term)` gives a term's rows; doc ids are below `docLimit`. */
export function phraseMatches(terms: readonly string[], rowsOf: (term: string) => PositionedRow[], docLimit: number, take: TakeInts = newInts): PhraseMatches {
  const out: PhraseMatches = { docs: [], counts: [], lengthRoles: [] };
  const stored = new Map<string, PositionedRow[]>();
  for (const term of new Set(terms)) {
    const rows = rowsOf(term);
    if (!rows.length) return out;
    stored.set(term, rows);
  }
  // Positions are read only in the docs that hold every term of the phrase.
  const wanted = docsWithAll([...stored.values()], docLimit, take);
  const places = new Map<string, TermPlaces>();
  for (const [term, rows] of stored) places.set(term, { rows: rows.map((r) => ({ triples: r.triples, positions: r.positions(wanted) })), rowOf: null, startOf: null, countOf: null });
  // The rarest term leads; the others are looked up by doc.
  const distinct = [...places.entries()].sort((a, b) => docCount(a[1]) - docCount(b[1]));
  const [leadTerm, lead] = distinct[0];
  for (const [, p] of distinct.slice(1)) index(p, docLimit, take);
  const leadOffset = terms.indexOf(leadTerm);
  // Each phrase term's positions in the doc at hand: lists[j][from[j] .. to[j]).
  const k = terms.length;
  const termPlaces = terms.map((t) => places.get(t)!);
  const lists: Int32Array[] = new Array<Int32Array>(k);
  const from = new Int32Array(k);
  const to = new Int32Array(k);
  for (const row of lead.rows) {
    const leadStarts = positionStarts(row.triples, take);
    for (let t = 0; t < row.triples.length; t += POSTING_STRIDE) {
      const doc = row.triples[t];
      let missing = false;
      for (let j = 0; j < k; j++) {
        const p = termPlaces[j];
        if (p === lead) {
          lists[j] = row.positions;
          from[j] = leadStarts[t / POSTING_STRIDE];
          to[j] = from[j] + row.triples[t + 1];
          continue;
        }
        const r1 = p.rowOf![doc];
        if (r1 === 0) {
          missing = true;
          break;
        }
        lists[j] = p.rows[r1 - 1].positions;
        from[j] = p.startOf![doc];
        to[j] = from[j] + p.countOf![doc];
      }
      if (missing) continue;
      const count = countRuns(lists, from, to, leadOffset);
      if (count) {
        out.docs.push(doc);
        out.counts.push(count);
        out.lengthRoles.push(row.triples[t + 2]);
      }
    }
  }
  return out;
}

/** Docs (1 by id) that each term's rows hold; a doc is in at most one row of a term (rows are segments). */
function docsWithAll(termRows: readonly PositionedRow[][], docLimit: number, take: TakeInts): Int32Array {
  const votes = take(docLimit, true);
  for (const rows of termRows) {
    for (const row of rows) {
      const { triples } = row;
      for (let t = 0; t < triples.length; t += POSTING_STRIDE) votes[triples[t]]++;
    }
  }
  const all = termRows.length;
  for (let d = 0; d < docLimit; d++) votes[d] = votes[d] === all ? 1 : 0;
  return votes;
}

function docCount(p: TermPlaces): number {
  let n = 0;
  for (const r of p.rows) n += r.triples.length / POSTING_STRIDE;
  return n;
}

function index(p: TermPlaces, docLimit: number, take: TakeInts): void {
  const rowOf = take(docLimit, true);
  const startOf = take(docLimit, false);
  const countOf = take(docLimit, false);
  p.rows.forEach((row, r) => {
    let at = 0;
    for (let t = 0; t < row.triples.length; t += POSTING_STRIDE) {
      const doc = row.triples[t];
      rowOf[doc] = r + 1;
      startOf[doc] = at;
      countOf[doc] = row.triples[t + 1];
      at += row.triples[t + 1];
    }
  });
  p.rowOf = rowOf;
  p.startOf = startOf;
  p.countOf = countOf;
}

/** Where each doc's positions start in a row's positions. */
function positionStarts(triples: Int32Array, take: TakeInts): Int32Array {
  const out = take(triples.length / POSTING_STRIDE, false);
  let at = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = at;
    at += triples[i * POSTING_STRIDE + 1];
  }
  return out;
}

/**
 * Non-overlapping runs where term j's positions (lists[j][from[j] .. to[j]), ascending) hold
 * start + j for every j, counted from the left. The lead term (`leadOffset`) supplies the
 * candidates: start = p - leadOffset. Moves `from` (each term's cursor) forward.
 */
function countRuns(lists: readonly Int32Array[], from: Int32Array, to: Int32Array, leadOffset: number): number {
  const k = lists.length;
  const lead = lists[leadOffset];
  const leadEnd = to[leadOffset];
  let count = 0;
  let nextFree = -1;
  for (let i = from[leadOffset]; i < leadEnd; i++) {
    const start = lead[i] - leadOffset;
    if (start < nextFree || start < 0) continue;
    let all = true;
    for (let j = 0; j < k; j++) {
      if (j === leadOffset) continue;
      const want = start + j;
      const list = lists[j];
      const end = to[j];
      let c = from[j];
      while (c < end && list[c] < want) c++;
      from[j] = c;
      if (c === end || list[c] !== want) {
        all = false;
        break;
      }
    }
    if (all) {
      count++;
      nextFree = start + k;
    }
  }
  return count;
}
