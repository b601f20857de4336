// Quoted phrases over the cross-session index's own word positions: a doc holds the phrase where
// its terms stand at consecutive positions. Occurrences are counted as the single-session search
// counts its regular expression's matches (phrase.ts): left to right, never overlapping.
import { POSTING_STRIDE } from "./cross-postings.js";

/** One term's stored rows, decoded: [doc, tf, length|role] triples and each doc's positions, back to back. */
export interface PositionedRow {
  triples: Int32Array;
  positions: Int32Array;
}

/** One term's rows, and (for a term that does not lead) per doc its row + 1 (0: not in the doc) and triple index there. */
interface TermPlaces {
  rows: PositionedRow[];
  rowOf: Int32Array | null;
  atOf: Int32Array | null;
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
export function phraseMatches(terms: readonly string[], rowsOf: (term: string) => PositionedRow[], docLimit: number): PhraseMatches {
  const out: PhraseMatches = { docs: [], counts: [], lengthRoles: [] };
  const places = new Map<string, TermPlaces>();
  for (const term of new Set(terms)) {
    const rows = rowsOf(term);
    if (!rows.length) return out;
    places.set(term, { rows, rowOf: null, atOf: null });
  }
  // The rarest term leads; the others are looked up by doc.
  const distinct = [...places.entries()].sort((a, b) => docCount(a[1]) - docCount(b[1]));
  const [leadTerm, lead] = distinct[0];
  for (const [, p] of distinct.slice(1)) index(p, docLimit);
  const leadOffset = terms.indexOf(leadTerm);
  const starts = new Map<PositionedRow, Int32Array>();
  const startsOf = (row: PositionedRow): Int32Array => {
    let s = starts.get(row);
    if (!s) starts.set(row, (s = positionStarts(row.triples)));
    return s;
  };
  for (const row of lead.rows) {
    const leadStarts = startsOf(row);
    for (let t = 0; t < row.triples.length; t += POSTING_STRIDE) {
      const doc = row.triples[t];
      // Each term's positions in this doc.
      const lists: Int32Array[] = [];
      let missing = false;
      for (const term of terms) {
        const p = places.get(term)!;
        if (p === lead) {
          const at = leadStarts[t / POSTING_STRIDE];
          lists.push(row.positions.subarray(at, at + row.triples[t + 1]));
          continue;
        }
        const r1 = p.rowOf![doc];
        if (r1 === 0) {
          missing = true;
          break;
        }
        const r = p.rows[r1 - 1];
        const ti = p.atOf![doc];
        const at = startsOf(r)[ti / POSTING_STRIDE];
        lists.push(r.positions.subarray(at, at + r.triples[ti + 1]));
      }
      if (missing) continue;
      const count = countRuns(lists, leadOffset);
      if (count) {
        out.docs.push(doc);
        out.counts.push(count);
        out.lengthRoles.push(row.triples[t + 2]);
      }
    }
  }
  return out;
}

function docCount(p: TermPlaces): number {
  let n = 0;
  for (const r of p.rows) n += r.triples.length / POSTING_STRIDE;
  return n;
}

function index(p: TermPlaces, docLimit: number): void {
  const rowOf = new Int32Array(docLimit);
  const atOf = new Int32Array(docLimit);
  p.rows.forEach((row, r) => {
    for (let t = 0; t < row.triples.length; t += POSTING_STRIDE) {
      rowOf[row.triples[t]] = r + 1;
      atOf[row.triples[t]] = t;
    }
  });
  p.rowOf = rowOf;
  p.atOf = atOf;
}

/** Where each doc's positions start in a row's positions. */
function positionStarts(triples: Int32Array): Int32Array {
  const out = new Int32Array(triples.length / POSTING_STRIDE);
  let at = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = at;
    at += triples[i * POSTING_STRIDE + 1];
  }
  return out;
}

/**
 * Non-overlapping runs where lists[j] holds start + j for every j (each list ascending), counted
 * from the left. The lead list (`leadOffset`) supplies the candidates: start = p - leadOffset.
 */
function countRuns(lists: readonly Int32Array[], leadOffset: number): number {
  const k = lists.length;
  const cursors = new Int32Array(k);
  let count = 0;
  let nextFree = -Infinity;
  for (const p of lists[leadOffset]) {
    const start = p - leadOffset;
    if (start < nextFree || start < 0) continue;
    let all = true;
    for (let j = 0; j < k; j++) {
      const want = start + j;
      const list = lists[j];
      let c = cursors[j];
      while (c < list.length && list[c] < want) c++;
      cursors[j] = c;
      if (c === list.length || list[c] !== want) {
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
