// Query words -> index terms: the exact term, longer terms it prefixes (`auth` -> `authorization`),
// and when the word is nowhere in the index, the index's own terms within a small edit distance
// (typo tolerance over the dictionary, never over the documents).
import type { RecallIndex } from "./types.js";

export interface TermVariant {
  term: string;
  /** Multiplier on the term's BM25 contribution: exact 1, prefix 0.5, typo 0.4. */
  weight: number;
}

export const PREFIX_MIN = 3;
/** Prefix expansion looks at this many terms (in order) before keeping the closest forms. */
export const PREFIX_SCAN = 500;
const PREFIX_MAX_VARIANTS = 30;
const TYPO_MAX_VARIANTS = 10;

export function expandWord(index: RecallIndex, word: string): { variants: TermVariant[]; corrected: boolean } {
  const variants: TermVariant[] = [];
  const terms = index.terms();
  if (terms.postings.has(word)) variants.push({ term: word, weight: 1 });
  if (word.length >= PREFIX_MIN) for (const term of prefixTerms(terms.sortedTerms, word)) variants.push({ term, weight: 0.5 });
  if (variants.length) return { variants, corrected: false };
  const typos = typoTerms(index, word);
  return { variants: typos.map((term) => ({ term, weight: 0.4 })), corrected: typos.length > 0 };
}

export function prefixTerms(sorted: readonly string[], word: string): string[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < word) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < sorted.length && found.length < PREFIX_SCAN && sorted[i].startsWith(word); i++) if (sorted[i] !== word) found.push(sorted[i]);
  // Closest forms first (tests, tested before testimonial); ties alphabetical for determinism.
  return found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, PREFIX_MAX_VARIANTS);
}

export const typoBudget = (length: number): number => (length < 4 ? 0 : length < 8 ? 1 : 2);

function typoTerms(index: RecallIndex, word: string): string[] {
  const k = typoBudget(word.length);
  if (!k) return [];
  const scored: { term: string; d: number }[] = [];
  for (let len = word.length - k; len <= word.length + k; len++) {
    for (const term of index.terms().termsByLength.get(len) ?? []) {
      const d = boundedDistance(word, term, k);
      if (d <= k) scored.push({ term, d });
    }
  }
  scored.sort((a, b) => a.d - b.d || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  return scored.slice(0, TYPO_MAX_VARIANTS).map((s) => s.term);
}

/** Optimal-string-alignment distance (a swap of neighbours counts 1), or k+1 once it exceeds k. */
export function boundedDistance(a: string, b: string, k: number): number {
  if (Math.abs(a.length - b.length) > k) return k + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > k) return k + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}
