// Finding and ordering the documents a query matches: BM25 over postings for words and phrases,
// a budgeted line scan for regular expressions, chronological listing for filters alone.
import { expandWord } from "./expand-terms.js";
import { passesFilters } from "./filters.js";
import { chunkLengthFor, checkRegexSafety, RISKY_SHAPE_CHUNK } from "./regex-safety.js";
import { phraseRegex } from "./phrase.js";
import { scopeAvgLength } from "./scope.js";
import { TopK } from "./top-k.js";
import type { RecallFilters, RecallIndex, RecallMatcher, ScopeDocs } from "./types.js";

const BM25_K1 = 1.2;
const BM25_B = 0.75;

export interface Ranked {
  doc: number;
  score: number;
  /** Regex mode: offset of the first match (the snippet starts there without searching again). */
  at?: number;
}

export interface RankOutcome {
  /** Matches in rank order; for word searches only the best `limit`. */
  ranked: Ranked[];
  /** Matches in total. */
  total: number;
  /** Index terms that count as matches (for snippets and highlights). */
  matchTerms: Set<string>;
  corrections: Record<string, string[]>;
  timedOut: boolean;
}

export interface RankOptions {
  now: () => number;
  /** Milliseconds a regex scan may take before it stops with partial results. */
  budgetMs: number;
  /** Word searches keep only this many of the best (a heap instead of sorting every match). */
  limit?: number;
}

export function rank(index: RecallIndex, scope: ScopeDocs, matcher: RecallMatcher, filters: RecallFilters, opts: RankOptions): RankOutcome {
  if (matcher.kind === "terms") return rankTerms(index, scope, matcher.words, matcher.phrases, filters, opts.limit ?? Infinity);
  const ranked: Ranked[] = [];
  if (matcher.kind === "none") {
    for (const d of scope.order) if (passesFilters(index.docs[d], filters)) ranked.push({ doc: d, score: 0 });
    return { ranked, total: ranked.length, matchTerms: new Set(), corrections: {}, timedOut: false };
  }
  const safety = checkRegexSafety(matcher.regex.source);
  const chunk = safety.ok ? chunkLengthFor(safety.shape) : RISKY_SHAPE_CHUNK;
  const deadline = opts.now() + opts.budgetMs;
  const expired = (): boolean => opts.now() > deadline;
  let timedOut = false;
  for (const d of scope.order) {
    const doc = index.docs[d];
    if (!passesFilters(doc, filters)) continue;
    const at = firstRegexMatch(doc.text, matcher.regex, chunk, expired);
    if (at >= 0) ranked.push({ doc: d, score: 0, at });
    else if (at === TIMED_OUT) {
      timedOut = true;
      break;
    }
  }
  return { ranked, total: ranked.length, matchTerms: new Set(), corrections: {}, timedOut };
}

/** What firstRegexMatch returns when the deadline passed before it finished. */
const TIMED_OUT = -2;

/**
 * Offset of the first match, searching line by line in overlapping windows of at most `chunk`
 * characters; -1 if none; TIMED_OUT when `expired()` turned true between windows.
 */
export function firstRegexMatch(text: string, regex: RegExp, chunk: number, expired: () => boolean = () => false): number {
  const re = new RegExp(regex.source, regex.flags.replace(/[gy]/g, ""));
  const step = chunk - (chunk >> 2);
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    for (let s = lineStart; ; s += step) {
      if (expired()) return TIMED_OUT;
      const m = re.exec(text.slice(s, Math.min(lineEnd, s + chunk)));
      if (m) return s + m.index;
      if (s + chunk >= lineEnd) break;
    }
    lineStart = lineEnd + 1;
  }
  return -1;
}

const scratch = new WeakMap<RecallIndex, { total: Float64Array; best: Float64Array }>();
function scratchOf(index: RecallIndex): { total: Float64Array; best: Float64Array } {
  let s = scratch.get(index);
  if (!s) scratch.set(index, (s = { total: new Float64Array(index.docs.length), best: new Float64Array(index.docs.length) }));
  return s;
}

export function bm25(tf: number, len: number, idf: number, avgLength: number): number {
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * len) / (avgLength || 1));
  return (idf * tf * (BM25_K1 + 1)) / (tf + norm);
}

export const idfOf = (n: number, df: number): number => Math.log((n - df + 0.5) / (df + 0.5) + 1);

function rankTerms(index: RecallIndex, scope: ScopeDocs, words: string[], phrases: string[][], filters: RecallFilters, limit: number): RankOutcome {
  const { mask } = scope;
  const { postings, lengths } = index.terms();
  const avgLength = scopeAvgLength(index, scope);
  const n = scope.order.length;
  // Score arrays are reused between queries (allocating two per query showed up as GC pauses);
  // every slot a query touches is zeroed again before it returns.
  const { total, best } = scratchOf(index);
  const touched: number[] = [];
  const matchTerms = new Set<string>();
  const corrections: Record<string, string[]> = {};
  for (const word of words) {
    const { variants, corrected } = expandWord(index, word);
    if (corrected) corrections[word] = variants.map((v) => v.term);
    const wordDocs: number[] = [];
    for (const { term, weight } of variants) {
      const list = postings.get(term)!;
      let df = 0;
      for (let i = 0; i < list.length; i += 2) if (mask[list[i]]) df++;
      if (!df) continue;
      matchTerms.add(term);
      const idf = idfOf(n, df);
      for (let i = 0; i < list.length; i += 2) {
        const d = list[i];
        if (!mask[d]) continue;
        const s = weight * bm25(list[i + 1], lengths[d], idf, avgLength);
        if (best[d] === 0) wordDocs.push(d);
        if (s > best[d]) best[d] = s;
      }
    }
    // A word counts once per document: its best variant.
    for (const d of wordDocs) {
      if (total[d] === 0) touched.push(d);
      total[d] += best[d];
      best[d] = 0;
    }
  }
  for (const phrase of phrases) {
    const counts = phraseCounts(index, mask, phrase);
    if (!counts.size) continue;
    const idf = idfOf(n, counts.size);
    for (const [d, tf] of counts) {
      if (total[d] === 0) touched.push(d);
      total[d] += bm25(tf, lengths[d], idf, avgLength);
    }
  }
  // Highest score first; equal scores stay chronological.
  const top = new TopK(Math.min(limit, touched.length));
  let count = 0;
  for (const d of touched) {
    if (passesFilters(index.docs[d], filters)) {
      count++;
      top.offer(d, total[d]);
    }
    total[d] = 0;
  }
  return { ranked: top.sorted(), total: count, matchTerms, corrections, timedOut: false };
}

/** Docs of the scope containing the phrase's terms consecutively, with occurrence counts. */
function phraseCounts(index: RecallIndex, mask: Uint8Array, phrase: string[]): Map<number, number> {
  const out = new Map<number, number>();
  const { postings } = index.terms();
  const lists = phrase.map((t) => postings.get(t));
  if (lists.some((l) => !l)) return out;
  const distinct = [...new Set(phrase)].map((t) => postings.get(t)!);
  // Candidates hold every distinct term; only they are scanned for the phrase itself.
  const seen = new Uint8Array(index.docs.length);
  for (const list of distinct) for (let i = 0; i < list.length; i += 2) if (mask[list[i]]) seen[list[i]]++;
  const re = phraseRegex(phrase);
  const first = distinct[0];
  for (let i = 0; i < first.length; i += 2) {
    const d = first[i];
    if (seen[d] !== distinct.length) continue;
    re.lastIndex = 0;
    let c = 0;
    while (re.exec(index.docs[d].text)) c++;
    if (c) out.set(d, c);
  }
  return out;
}
