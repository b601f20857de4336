// The index build's hot path: words of a text counted into postings without making a string per
// word. Words are hashed while they are scanned (FNV-1a over the lower-cased char codes) and
// looked up in an open-addressing table that compares against the text in place; only a word
// seen for the first time becomes a string. ASCII capitals are folded as they are read, so the
// text is never lower-cased as a whole (that copy of every document was a tenth of the build);
// a word with non-ASCII letters is sliced and lower-cased by itself, exactly as forEachToken does.
// (Postings in one typed pool of linked cells, to spare the garbage collector, measured ~30 %
// slower than these plain arrays: the final walk over scattered cells costs more than it saves.)
import { isWordCode, MAX_TERM_LENGTH } from "./tokenize.js";

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 16777619;

export class TermTable {
  readonly terms: string[] = [];
  /** Flat postings per term id: [doc, tf, doc, tf, …], docs ascending. */
  readonly lists: number[][] = [];
  private hashes = new Int32Array(1 << 12);
  private slots = new Int32Array(1 << 14);

  /** Adds every word of `text` to doc `doc` (docs must come in ascending order); returns the word count. */
  addText(text: string, doc: number): number {
    const n = text.length;
    let count = 0;
    let i = 0;
    while (i < n) {
      let code = text.charCodeAt(i);
      if (!isAsciiWord(code) && (code < 128 || !isWordCode(text, i, code))) {
        i++;
        continue;
      }
      const start = i;
      let hash = FNV_OFFSET;
      let ascii = true;
      while (i < n) {
        code = text.charCodeAt(i);
        if (code < 128) {
          if (code >= 65 && code <= 90) code |= 32;
          else if (!((code >= 97 && code <= 122) || (code >= 48 && code <= 57))) break;
          hash = Math.imul(hash ^ code, FNV_PRIME);
          i++;
        } else if (isWordCode(text, i, code)) {
          ascii = false;
          i++;
        } else break;
      }
      if (i - start > MAX_TERM_LENGTH) continue;
      count++;
      let id: number;
      if (ascii) id = this.idOfAscii(text, start, i, hash);
      else {
        const term = text.slice(start, i).toLowerCase();
        id = this.idOfAscii(term, 0, term.length, hashOf(term));
      }
      const list = this.lists[id];
      const last = list.length - 2;
      if (last >= 0 && list[last] === doc) list[last + 1]++;
      else list.push(doc, 1);
    }
    return count;
  }

  toMap(): Map<string, number[]> {
    const out = new Map<string, number[]>();
    for (let id = 0; id < this.terms.length; id++) out.set(this.terms[id], this.lists[id]);
    return out;
  }

  /** Id of the word text[start, end) with ASCII capitals folded; the word is added when new. */
  private idOfAscii(text: string, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const v = this.slots[slot];
      if (v === 0) return this.insert(text.slice(start, end).toLowerCase(), hash, slot);
      const id = v - 1;
      if (this.hashes[id] === hash && sameFolded(this.terms[id], text, start, end)) return id;
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

function hashOf(term: string): number {
  let hash = FNV_OFFSET;
  for (let k = 0; k < term.length; k++) hash = Math.imul(hash ^ term.charCodeAt(k), FNV_PRIME);
  return hash;
}

/** `term` (lower case) equals text[start, end) with ASCII capitals folded. */
function sameFolded(term: string, text: string, start: number, end: number): boolean {
  if (term.length !== end - start) return false;
  for (let k = 0; k < term.length; k++) {
    let c = text.charCodeAt(start + k);
    if (c >= 65 && c <= 90) c |= 32;
    if (term.charCodeAt(k) !== c) return false;
  }
  return true;
}
