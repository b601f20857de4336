// The cross-session index's rows of one segment (cross-postings.ts PackedRows), counted by a
// WebAssembly module (wasm/word-rows.as.ts) as the docs' words are scanned. Counting words was the
// largest part of a first build (42 million words a GB of sessions; about a third of a build's CPU).
// The same scan and rows in JavaScript (term-table.ts's loop, which the per-session index still
// uses) took 87-94 ns a word on six sessions of the bench folder; this takes 29-34 ns (50 before
// it scanned 64 bytes at a time), the rows byte for byte the same. A term's count, last position
// and its two rows' write heads sit in one 64-byte record; what only JavaScript knows is asked of
// it: whether a non-ASCII code point is a word character (once per BMP point) and the lower case
// of a word holding one (foldTerm, as the query tokenizer folds it), so both read the same words.
//
// A compiled instance (its memory grown to what the largest segment needed) serves one table at a
// time and goes back to a pool when the table's rows are taken, for the next file of the build.
import type { PackedRows } from "./cross-postings.js";
import { foldTerm, isWordPoint, MAX_TERM_LENGTH } from "./tokenize.js";
import { WORD_ROWS_WASM } from "./wasm/word-rows-binary.js";
import { instantiate } from "./wasm-instance.js";

interface WordRowsExports {
  memory: { readonly buffer: ArrayBuffer };
  init(maxTermLength: number): void;
  reset(): void;
  inputArea(bytes: number): number;
  foldAreaAt(): number;
  foldAreaSize(): number;
  add(bytes: number, doc: number): number;
  finish(): number;
  recordSize(): number;
}

/** An instance whose memory grew past this is not kept (one huge session does not pin its size for the rest of the process). */
const KEEP_MAX_BYTES = 64 * 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const idle: Counter[] = [];

/** One instance of the module and the host side of its imports. */
class Counter {
  readonly exports: WordRowsExports;
  /** Where the text being added starts in memory (foldWord's offsets are from there). */
  input = 0;
  /**
   * Bytes the input area is known to hold since the segment began: a text that fits is written
   * without asking the module where the area is (one call a doc instead of two; JavaScript's calls
   * into the module took 3% of a worker's time in a first build).
   */
  room = 0;
  private readonly foldArea: number;
  private readonly foldSize: number;
  private view = new Uint8Array(0);

  constructor() {
    this.exports = instantiate<WordRowsExports>(WORD_ROWS_WASM, {
      env: {
        wordPoint: (point: number): number => (isWordPoint(point) ? 1 : 0),
        foldWord: (start: number, end: number): number => this.foldWord(start, end),
      },
    });
    this.exports.init(MAX_TERM_LENGTH);
    this.foldArea = this.exports.foldAreaAt();
    this.foldSize = this.exports.foldAreaSize();
  }

  /** The module's memory (a new view after it grew: the old buffer is then detached). */
  bytes(): Uint8Array {
    const buffer = this.exports.memory.buffer;
    if (this.view.buffer !== buffer) this.view = new Uint8Array(buffer);
    return this.view;
  }

  private foldWord(start: number, end: number): number {
    const memory = this.bytes();
    const word = foldTerm(decoder.decode(memory.subarray(this.input + start, this.input + end)));
    const { read, written } = encoder.encodeInto(word, memory.subarray(this.foldArea, this.foldArea + this.foldSize));
    if (read !== word.length) throw new Error("WordRows: a folded word outgrew its area");
    return written;
  }
}

/** An instance from the pool (or a new one), cleared for a segment. */
function takeCounter(): Counter {
  const counter = idle.pop() ?? new Counter();
  counter.exports.reset();
  counter.room = 0;
  return counter;
}

/** Empty rows (new arrays each time: a worker hands the buffers of rows over). */
const noBytes = (): PackedRows["postings"] => ({ bytes: new Uint8Array(0), ends: new Int32Array(0) });

export class WordRows {
  /** The segment's terms by id (first occurrence order), once its rows are taken. */
  terms: string[] = [];
  /** Taken from the pool with the first text (a segment without docs takes none); null once the rows are taken. */
  private counter: Counter | null | undefined = undefined;

  /** Adds every word of `text` to doc `doc` (docs come in ascending order; calls for one doc add up); returns the word count. */
  addText(text: string, doc: number): number {
    if (this.counter === null) throw new Error("WordRows: text added after its rows were taken");
    const counter = (this.counter ??= takeCounter());
    // Three bytes per UTF-16 unit at most, so the whole text always fits. A lone surrogate becomes
    // U+FFFD: neither is a word character, so the words are the query tokenizer's all the same.
    const room = 3 * text.length;
    try {
      if (room > counter.room) {
        counter.input = counter.exports.inputArea(room);
        counter.room = room;
      }
      const at = counter.input;
      const { written } = encoder.encodeInto(text, counter.bytes().subarray(at, at + room));
      return counter.exports.add(written, doc);
    } catch (error) {
      this.counter = null;
      throw trapped(error, `counting the words of doc ${doc}`);
    }
  }

  /**
   * Every term's rows (term id order) in the cross-session index's format, per term the docs
   * holding it and the last of them; the table takes no more text after.
   */
  segmentRows(): { rows: PackedRows; dfs: number[]; lastDocs: Int32Array } {
    const counter = this.counter;
    if (counter === null) throw new Error("WordRows: rows taken twice");
    this.counter = null;
    if (counter === undefined) return { rows: { postings: noBytes(), positions: noBytes() }, dfs: [], lastDocs: new Int32Array(0) };
    let at: number;
    try {
      at = counter.exports.finish() >>> 2;
    } catch (error) {
      throw trapped(error, "laying out the rows");
    }
    const buffer = counter.exports.memory.buffer;
    const words = new Uint32Array(buffer);
    const [terms, postingsBytes, positionsBytes, postings, postingEnds, positions, positionEnds, dfs, pool, records, lastDocs] = words.subarray(at, at + 11);
    const ints = (from: number): Int32Array => new Int32Array(buffer.slice(from, from + 4 * terms));
    const rows: PackedRows = {
      postings: { bytes: new Uint8Array(buffer.slice(postings, postings + postingsBytes)), ends: ints(postingEnds) },
      positions: { bytes: new Uint8Array(buffer.slice(positions, positions + positionsBytes)), ends: ints(positionEnds) },
    };
    const memory = new Uint8Array(buffer);
    const stride = counter.exports.recordSize() >>> 2;
    const names = new Array<string>(terms);
    for (let id = 0, r = records >>> 2; id < terms; id++, r += stride) names[id] = decoder.decode(memory.subarray(pool + words[r], pool + words[r] + words[r + 1]));
    this.terms = names;
    const dfList = Array.from(words.subarray(dfs >>> 2, (dfs >>> 2) + terms));
    if (buffer.byteLength <= KEEP_MAX_BYTES) idle.push(counter);
    return { rows, dfs: dfList, lastDocs: ints(lastDocs) };
  }
}

/** The module traps (unreachable) where its memory cannot grow: a segment past 4 GB of rows. */
const trapped = (error: unknown, doing: string): Error => new Error(`WordRows: out of memory ${doing} (${error instanceof Error ? error.message : String(error)})`);
