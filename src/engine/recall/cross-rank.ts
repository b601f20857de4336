// BM25 over the cross-session index's stored postings: the same scoring as a single session
// (each word counts once per doc, through its best variant: exact 1, prefix 0.5, typo 0.4), with
// N and the average length taken over every indexed session. Only the best `k` are kept.
import { lengthOf, POSTING_STRIDE, roleOf } from "./cross-postings.js";
import { bm25, idfOf } from "./rank.js";
import { TopK, type ScoredDoc, type TieOrder } from "./top-k.js";

export interface WordPostings {
  /** One entry per index term the word stands for; `lists` are that term's rows (one per segment). */
  variants: { weight: number; lists: Int32Array[] }[];
}

export interface PhrasePostings {
  /** Doc ids where the phrase occurs (from the full-text index). */
  docs: ArrayLike<number>;
  /** Rows of the phrase's terms: they carry the length and role of every doc the phrase is in. */
  lists: Int32Array[];
}

export interface CrossRankInput {
  words: WordPostings[];
  phrases: PhrasePostings[];
  /** Docs in the whole index and their average length. */
  n: number;
  avgLength: number;
  /** Highest doc id in the index (sizes the score arrays). */
  maxDoc: number;
  /** Filters: whether a matching doc counts (role is its role code). */
  accept: (doc: number, role: number) => boolean;
  /** How many of the best to return. */
  k: number;
  /** Order among equal scores (default: doc id); the store passes session path, then file order. */
  tie?: TieOrder;
}

export interface CrossRankOutcome {
  /** Docs that match and pass the filters. */
  total: number;
  /** The best `k`, best first. */
  top: ScoredDoc[];
}

export function crossRank(input: CrossRankInput): CrossRankOutcome {
  const size = input.maxDoc + 1;
  const total = new Float64Array(size);
  const best = new Float64Array(size);
  // Packed length and role + 1 of every doc met (0: not met).
  const info = new Int32Array(size);
  const touched: number[] = [];
  for (const word of input.words) {
    const wordDocs: number[] = [];
    for (const { weight, lists } of word.variants) {
      let df = 0;
      for (const list of lists) df += list.length / POSTING_STRIDE;
      if (!df) continue;
      const idf = idfOf(input.n, df);
      for (const list of lists) {
        for (let i = 0; i < list.length; i += POSTING_STRIDE) {
          const d = list[i];
          const packed = list[i + 2];
          const s = weight * bm25(list[i + 1], lengthOf(packed), idf, input.avgLength);
          if (best[d] === 0) {
            wordDocs.push(d);
            info[d] = packed + 1;
          }
          if (s > best[d]) best[d] = s;
        }
      }
    }
    for (const d of wordDocs) {
      if (total[d] === 0) touched.push(d);
      total[d] += best[d];
      best[d] = 0;
    }
  }
  for (const phrase of input.phrases) {
    if (!phrase.docs.length) continue;
    for (const list of phrase.lists) for (let i = 0; i < list.length; i += POSTING_STRIDE) info[list[i]] = list[i + 2] + 1;
    const idf = idfOf(input.n, phrase.docs.length);
    for (let j = 0; j < phrase.docs.length; j++) {
      const d = phrase.docs[j];
      if (d >= size || info[d] === 0) continue;
      // The full-text index says where a phrase is, not how often: one occurrence is counted.
      if (total[d] === 0) touched.push(d);
      total[d] += bm25(1, lengthOf(info[d] - 1), idf, input.avgLength);
    }
  }
  const top = new TopK(input.k, input.tie);
  let count = 0;
  for (const d of touched) {
    if (!input.accept(d, roleOf(info[d] - 1))) continue;
    count++;
    top.offer(d, total[d]);
  }
  return { total: count, top: top.sorted() };
}
