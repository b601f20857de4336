// The per-session index build's hot path: words of a text counted into postings without making a
// string per word. A text is first encoded to UTF-8 into a reused byte buffer
// (TextEncoder.encodeInto, native) and scanned as bytes: reading a Uint8Array is much cheaper than
// charCodeAt, which re-checks the string's representation (one-byte, two-byte, sliced,
// concatenated) on every call. Words are hashed while they are scanned (FNV-1a over the lower-cased
// codes) and looked up in an open-addressing table that compares against the bytes in place; only a
// word seen for the first time becomes a string. ASCII capitals are folded as they are read; a word
// with non-ASCII letters is decoded and lower-cased by itself, exactly as forEachToken does. Texts
// holding a lone surrogate (which UTF-8 cannot carry) are scanned by char code, as forEachToken
// scans them.
//
// A doc's term frequencies are counted in a scratch array keyed by term id, with a list of the
// ids it touched (no Map per doc), and handed to postings-log.ts, which lays out the per-term
// lists. This is the per-session index's table; the cross-session index's rows are counted by
// word-rows.ts (WebAssembly), with the same scan, held to the same reference by the tests.
import { PostingsLog } from "./postings-log.js";
import { foldTerm, isWordCode, isWordPoint, MAX_TERM_LENGTH } from "./tokenize.js";
import { asciiLower, codePointAt, hasReplacementBytes, samePoolBytes, utf8Length } from "./utf8-bytes.js";

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 16777619;
// Small first sizes on purpose: every buffer then grows during the first few docs, while the
// scan still runs unoptimized, so the optimized code already knows the growth paths. A buffer
// first outgrown later deoptimizes the scan mid-build (measured ~20 ms on synth-50mb).
const INITIAL_TERMS = 1 << 6;
const INITIAL_BYTES = 1 << 8;
/**
 * What each byte is to the scan: a letter or digit as its lower-case code, NOT_WORD, or
 * NON_ASCII (part of a multi-byte character, classified by code point). One table load per byte
 * instead of a chain of range tests. (Kept in this module: read through an import, it measured
 * slower in the per-byte loop.)
 */
const NOT_WORD = 0;
const NON_ASCII = 0x100;
const BYTE_CLASS = new Uint16Array(256);
for (let b = 0; b < 256; b++) {
  if (b >= 128) BYTE_CLASS[b] = NON_ASCII;
  else if ((b >= 97 && b <= 122) || (b >= 48 && b <= 57)) BYTE_CLASS[b] = b;
  else if (b >= 65 && b <= 90) BYTE_CLASS[b] = b | 32;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class TermTable {
  readonly terms: string[] = [];
  private hashes = new Int32Array(INITIAL_TERMS);
  /** Open addressing, two ints a slot: term id + 1 (0: empty), and that term's hash. */
  private slots = new Int32Array(2 * 4 * INITIAL_TERMS);
  /** Per term id: occurrences in the open doc. */
  private tf = new Int32Array(INITIAL_TERMS);
  /** Term ids the open doc touched, in first-occurrence order. */
  private touched = new Int32Array(INITIAL_TERMS);
  private touchedCount = 0;
  private openDoc = -1;
  private postings = new PostingsLog();
  private laidOut: Int32Array[] | null = null;
  /** UTF-8 of the text being added. */
  private bytes = new Uint8Array(INITIAL_BYTES);
  /** Bytes of every all-ASCII term, back to back, compared in place of the term strings. */
  private pool = new Uint8Array(INITIAL_BYTES);
  private poolLength = 0;
  /** Two ints per term id: where its bytes start in `pool`, and its length (-1: not all ASCII). */
  private poolRefs = new Int32Array(2 * INITIAL_TERMS);

  /** Adds every word of `text` to doc `doc` (docs come in ascending order; calls for one doc add up); returns the word count. */
  addText(text: string, doc: number): number {
    if (doc !== this.openDoc) {
      this.flushDoc();
      // Lists were read between two calls for this doc: its counts come back to the scratch.
      this.touchedCount = this.postings.reopen(doc, this.touched, this.tf);
      this.openDoc = doc;
    }
    this.laidOut = null;
    const n = text.length;
    // Three bytes per UTF-16 unit at most, so the whole text always fits.
    if (3 * n > this.bytes.length) this.bytes = new Uint8Array(Math.max(3 * n, 2 * this.bytes.length));
    const { written } = encoder.encodeInto(text, this.bytes);
    if (written !== n && hasReplacementBytes(this.bytes, written)) return this.addChars(text);
    return this.addBytes(this.bytes, written);
  }

  private addBytes(bytes: Uint8Array, n: number): number {
    // Scratch arrays in locals; a new word may replace them with larger copies, so they are
    // read again whenever the dictionary grew.
    let tf = this.tf;
    let touched = this.touched;
    let touchedCount = this.touchedCount;
    let known = this.terms.length;
    let count = 0;
    let i = 0;
    while (i < n) {
      let code = BYTE_CLASS[bytes[i]];
      if (code === NOT_WORD) {
        i++;
        continue;
      }
      if (code === NON_ASCII && !isWordPoint(codePointAt(bytes, i, bytes[i]))) {
        i += utf8Length(bytes[i]);
        continue;
      }
      const start = i;
      let hash = FNV_OFFSET;
      let ascii = true;
      let units = 0;
      while (i < n) {
        code = BYTE_CLASS[bytes[i]];
        if (code < NON_ASCII) {
          if (code === NOT_WORD) break;
          hash = Math.imul(hash ^ code, FNV_PRIME);
          i++;
          units++;
        } else {
          const lead = bytes[i];
          const point = codePointAt(bytes, i, lead);
          if (!isWordPoint(point)) break;
          ascii = false;
          i += utf8Length(lead);
          units += point > 0xffff ? 2 : 1;
        }
      }
      if (units > MAX_TERM_LENGTH) continue;
      count++;
      let id: number;
      if (ascii) id = this.idOfAsciiBytes(bytes, start, i, hash);
      else {
        const term = foldTerm(decoder.decode(bytes.subarray(start, i)));
        id = this.idOfChars(term, 0, term.length, hashOf(term));
      }
      if (id >= known) {
        known = this.terms.length;
        tf = this.tf;
        touched = this.touched;
      }
      if (tf[id]++ === 0) touched[touchedCount++] = id;
    }
    this.touchedCount = touchedCount;
    return count;
  }

  /** The same scan over char codes, for texts UTF-8 cannot carry exactly. */
  private addChars(text: string): number {
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
      if (ascii) id = this.idOfChars(text, start, i, hash);
      else {
        const term = foldTerm(text.slice(start, i));
        id = this.idOfChars(term, 0, term.length, hashOf(term));
      }
      if (this.tf[id]++ === 0) this.touched[this.touchedCount++] = id;
    }
    return count;
  }

  /** Flat postings per term id: [doc, tf, doc, tf, …], docs ascending. */
  get lists(): readonly Int32Array[] {
    this.flushDoc();
    return (this.laidOut ??= this.postings.layOut(this.terms.length));
  }

  /** Hands the open doc's counts to the postings log and clears them. */
  private flushDoc(): void {
    if (this.openDoc < 0 || this.touchedCount === 0) {
      this.openDoc = -1;
      return;
    }
    this.postings.append(this.openDoc, this.touched, this.touchedCount, this.tf);
    this.touchedCount = 0;
    this.openDoc = -1;
    this.laidOut = null;
  }

  toMap(): Map<string, Int32Array> {
    const lists = this.lists;
    const out = new Map<string, Int32Array>();
    for (let id = 0; id < this.terms.length; id++) out.set(this.terms[id], lists[id]);
    return out;
  }

  /** Id of the ASCII word bytes[start, end) with capitals folded; the word is added when new. */
  private idOfAsciiBytes(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const v = slots[2 * slot];
      if (v === 0) return this.insert(asciiLower(bytes, start, end), hash, slot);
      if (slots[2 * slot + 1] !== hash) continue;
      const id = v - 1;
      const refs = this.poolRefs;
      if (refs[2 * id + 1] === end - start && samePoolBytes(this.pool, refs[2 * id], bytes, start, end)) return id;
    }
  }

  /** Id of the word text[start, end) with ASCII capitals folded; the word is added when new. */
  private idOfChars(text: string, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const v = slots[2 * slot];
      if (v === 0) return this.insert(text.slice(start, end).toLowerCase(), hash, slot);
      const id = v - 1;
      if (slots[2 * slot + 1] === hash && sameFolded(this.terms[id], text, start, end)) return id;
    }
  }

  private insert(term: string, hash: number, slot: number): number {
    const id = this.terms.length;
    this.terms.push(term);
    if (id >= this.hashes.length) {
      const size = this.hashes.length * 2;
      this.hashes = grow(this.hashes, size);
      this.tf = grow(this.tf, size);
      this.touched = grow(this.touched, size);
      this.poolRefs = grow(this.poolRefs, 2 * size);
    }
    this.addToPool(id, term);
    this.hashes[id] = hash;
    this.slots[2 * slot] = id + 1;
    this.slots[2 * slot + 1] = hash;
    // At most half full: probe chains stay short.
    if (this.terms.length * 4 > this.slots.length) this.rehash();
    return id;
  }

  private addToPool(id: number, term: string): void {
    for (let k = 0; k < term.length; k++) {
      if (term.charCodeAt(k) >= 128) {
        this.poolRefs[2 * id + 1] = -1;
        return;
      }
    }
    if (this.poolLength + term.length > this.pool.length) {
      const grown = new Uint8Array(Math.max(2 * this.pool.length, this.poolLength + term.length));
      grown.set(this.pool);
      this.pool = grown;
    }
    this.poolRefs[2 * id] = this.poolLength;
    this.poolRefs[2 * id + 1] = term.length;
    for (let k = 0; k < term.length; k++) this.pool[this.poolLength++] = term.charCodeAt(k);
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let id = 0; id < this.terms.length; id++) {
      const hash = this.hashes[id];
      let slot = hash & mask;
      while (slots[2 * slot] !== 0) slot = (slot + 1) & mask;
      slots[2 * slot] = id + 1;
      slots[2 * slot + 1] = hash;
    }
    this.slots = slots;
  }
}

function grow(from: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(size);
  grown.set(from);
  return grown;
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

