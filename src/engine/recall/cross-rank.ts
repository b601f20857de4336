// BM25 over the cross-session index's stored postings: the same scoring as a single session
// (each word counts once per doc, through its best variant: exact 1, prefix 0.5, typo 0.4), with
// N and the average length taken over every indexed session. Only the best `k` are kept.
import { checkedDocCount, lengthOf, PostingReader, roleOf } from "./cross-postings.js";
import type { PhraseMatches } from "./cross-phrase.js";
import { bm25, idfOf } from "./rank.js";
import { ranksAbove, TopK, type ScoredDoc, type TieOrder } from "./top-k.js";

/** A term's stored row of postings (cross-postings.ts) and how many docs it holds. */
export interface StoredPostings {
  data: Uint8Array;
  df: number;
}

export interface WordPostings {
  /** One entry per index term the word stands for; `rows` are that term's stored rows (one per segment). */
  variants: { weight: number; rows: readonly StoredPostings[] }[];
}


export interface CrossRankInput {
  words: WordPostings[];
  /** Where each quoted phrase occurs (cross-phrase.ts). */
  phrases: PhraseMatches[];
  /** Docs in the whole index and their average length. */
  n: number;
  avgLength: number;
  /** Highest doc id in the index (sizes the score arrays). */
  maxDoc: number;
  /** Each doc's packed length|role + 1 (0: no such doc), by doc id: what the rows are read against. */
  lengthRoles: Int32Array;
  /** Filters: whether a matching doc counts (role is its role code). */
  accept: (doc: number, role: number) => boolean;
  /** How many of the best to return. */
  k: number;
  /** Order among equal scores (default: doc id); the store passes session path, then file order. */
  tie?: TieOrder;
  /**
   * Only the best doc of each group (a session) counts for `top`: the best `k` groups' best docs,
   * over every match, not just the best `k` docs. `groupOf` is below `groups`.
   */
  bestOfGroup?: { groupOf: (doc: number) => number; groups: number };
}

export interface CrossRankOutcome {
  /** Docs that match and pass the filters. */
  total: number;
  /** Groups with a doc that matches (bestOfGroup; else 0). */
  groups: number;
  /** The best `k`, best first. */
  top: ScoredDoc[];
}

/** Per-doc scratch arrays, kept between queries (a query over a large index would otherwise allocate megabytes). */
class Scratch {
  total = new Float64Array(0);
  best = new Float64Array(0);
  info = new Int32Array(0);
  docs = new Int32Array(0);
  fit(size: number, postings: number): void {
    if (this.total.length < size) {
      this.total = new Float64Array(size);
      this.best = new Float64Array(size);
      this.info = new Int32Array(size);
    }
    if (this.docs.length < postings) this.docs = new Int32Array(Math.max(postings, 2 * this.docs.length));
  }
}
const scratch = new Scratch();

const BM25_K1 = 1.2;
const BM25_B = 0.75;

export function crossRank(input: CrossRankInput): CrossRankOutcome {
  const size = input.maxDoc + 1;
  let postings = 0;
  for (const word of input.words) for (const v of word.variants) for (const row of v.rows) postings += checkedDocCount(row.data, row.df);
  for (const phrase of input.phrases) postings += phrase.docs.length;
  scratch.fit(size, postings + 1);
  const { total, best, info } = scratch;
  // Docs met (in `docs`, `touched` of them); the arrays are cleared for exactly those at the end.
  const docs = scratch.docs;
  let touched = 0;
  // bm25(tf, len) = idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len / avg)), written out for the hot loop.
  const lengthFactor = (BM25_K1 * BM25_B) / (input.avgLength || 1);
  const constant = BM25_K1 * (1 - BM25_B);
  try {
    for (const word of input.words) {
      const wordStart = touched;
      let wordEnd = touched;
      for (const { weight, rows } of word.variants) {
        let df = 0;
        for (const row of rows) df += row.df;
        if (!df) continue;
        const scale = weight * idfOf(input.n, df) * (BM25_K1 + 1);
        for (const row of rows) {
          // Read in place: decoding each row into an array first took as long as the ranking.
          const posting = new PostingReader(row.data, row.df, input.lengthRoles);
          while (posting.next()) {
            const d = posting.doc;
            const packed = posting.packed;
            const tf = posting.tf;
            const s = (scale * tf) / (tf + constant + lengthFactor * lengthOf(packed));
            if (best[d] === 0) {
              // First time this word meets the doc: remember it for this word (and for the query, if new).
              docs[wordEnd++] = d;
              info[d] = packed + 1;
            }
            if (s > best[d]) best[d] = s;
          }
        }
      }
      // Fold the word's best variant per doc into the totals; docs new to the query stay in `docs`.
      let kept = wordStart;
      for (let j = wordStart; j < wordEnd; j++) {
        const d = docs[j];
        if (total[d] === 0) docs[kept++] = d;
        total[d] += best[d];
        best[d] = 0;
      }
      touched = kept;
    }
    for (const phrase of input.phrases) {
      if (!phrase.docs.length) continue;
      const idf = idfOf(input.n, phrase.docs.length);
      for (let j = 0; j < phrase.docs.length; j++) {
        const d = phrase.docs[j];
        if (d >= size) continue;
        if (info[d] === 0) info[d] = phrase.lengthRoles[j] + 1;
        if (total[d] === 0) docs[touched++] = d;
        total[d] += bm25(phrase.counts[j], lengthOf(phrase.lengthRoles[j]), idf, input.avgLength);
      }
    }
    const top = new TopK(input.k, input.tie);
    let count = 0;
    const grouped = input.bestOfGroup;
    // Per group its best doc so far (-1: none), in the order `top` keeps: higher score, then tie.
    const bestOf = grouped ? new Int32Array(grouped.groups).fill(-1) : null;
    for (let j = 0; j < touched; j++) {
      const d = docs[j];
      if (!input.accept(d, roleOf(info[d] - 1))) continue;
      count++;
      if (!grouped || !bestOf) top.offer(d, total[d]);
      else {
        const g = grouped.groupOf(d);
        const b = bestOf[g];
        if (b < 0 || ranksAbove(d, total[d], b, total[b], input.tie)) bestOf[g] = d;
      }
    }
    let groups = 0;
    if (bestOf) {
      for (const d of bestOf) {
        if (d < 0) continue;
        groups++;
        top.offer(d, total[d]);
      }
    }
    return { total: count, groups, top: top.sorted() };
  } finally {
    // Leave the scratch clean for the next query: only the docs this one touched were written.
    for (let j = 0; j < touched; j++) {
      const d = docs[j];
      total[d] = 0;
      info[d] = 0;
    }
  }
}
