// The index build's hot path: words of a lower-cased text counted into postings without making
// a string per word. Words are hashed while they are scanned (FNV-1a) and looked up in an
// open-addressing table that compares against the text in place; only a word seen for the first
// time becomes a string. (A Map keyed by sliced strings spent most of the build allocating and
// hashing them.)
import { isWordCode, MAX_TERM_LENGTH } from "./tokenize.js";

export class TermTable {
  readonly terms: string[] = [];
  /** Flat postings per term id: [doc, tf, doc, tf, …], docs ascending. */
  readonly lists: number[][] = [];
  private hashes = new Int32Array(1 << 12);
  private slots = new Int32Array(1 << 14);

  /** Adds every word of `lower` (already lower-cased) to doc `doc`; returns the word count. */
  addText(lower: string, doc: number): number {
    const n = lower.length;
    let count = 0;
    let i = 0;
    while (i < n) {
      let code = lower.charCodeAt(i);
      if (!isAsciiWord(code) && (code < 128 || !isWordCode(lower, i, code))) {
        i++;
        continue;
      }
      const start = i;
      let hash = 0x811c9dc5 | 0;
      while (i < n) {
        code = lower.charCodeAt(i);
        if (isAsciiWord(code) || (code >= 128 && isWordCode(lower, i, code))) {
          hash = Math.imul(hash ^ code, 16777619);
          i++;
        } else break;
      }
      if (i - start > MAX_TERM_LENGTH) continue;
      count++;
      const list = this.lists[this.idOf(lower, start, i, hash)];
      if (list[list.length - 2] === doc) list[list.length - 1]++;
      else list.push(doc, 1);
    }
    return count;
  }

  toMap(): Map<string, number[]> {
    const out = new Map<string, number[]>();
    for (let id = 0; id < this.terms.length; id++) out.set(this.terms[id], this.lists[id]);
    return out;
  }

  private idOf(text: string, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const v = this.slots[slot];
      if (v === 0) return this.insert(text.slice(start, end), hash, slot);
      const id = v - 1;
      if (this.hashes[id] === hash && sameChars(this.terms[id], text, start, end)) return id;
    }
  }

  private insert(term: string, hash: number, slot: number): number {
    const id = this.terms.length;
    this.terms.push(term);
    this.lists.push([]);
    if (id >= this.hashes.length) {
      const grown = new Int32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    if (this.terms.length * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.terms.length; id++) {
      let slot = this.hashes[id] & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }
}

const isAsciiWord = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);

function sameChars(term: string, text: string, start: number, end: number): boolean {
  if (term.length !== end - start) return false;
  for (let k = 0; k < term.length; k++) if (term.charCodeAt(k) !== text.charCodeAt(start + k)) return false;
  return true;
}
