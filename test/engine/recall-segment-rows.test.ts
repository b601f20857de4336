// The cross-session index's rows are written as the words are scanned (WordRows, in
// WebAssembly). They must be byte for byte the rows of the format (cross-postings.ts PackedRows)
// as a plain reference computes them here: words found char by char, every word taking a position
// (too long ones too), per term its docs and positions, then encoded; and its words exactly the
// query tokenizer's, as the per-session index's TermTable counts them.
import { describe, expect, it } from "vitest";
import { TermTable, tokenize, WordRows } from "../../src/engine/recall/index.js";
import { isWordCode, MAX_TERM_LENGTH } from "../../src/engine/recall/tokenize.js";

/** Per term: [doc, its positions] in doc order, for docs given as one or more texts each. */
function referencePlaces(docs: ReadonlyMap<number, readonly string[]>): Map<string, [number, number[]][]> {
  const out = new Map<string, [number, number[]][]>();
  for (const [doc, texts] of [...docs].sort((a, b) => a[0] - b[0])) {
    let pos = 0;
    for (const text of texts) {
      let i = 0;
      while (i < text.length) {
        if (!isWordCode(text, i, text.charCodeAt(i))) {
          i++;
          continue;
        }
        const start = i;
        while (i < text.length && isWordCode(text, i, text.charCodeAt(i))) i++;
        const at = pos++;
        if (i - start > MAX_TERM_LENGTH) continue;
        // Lower case, then composed: a word in either canonical form is one term.
        const term = text.slice(start, i).toLowerCase().normalize("NFC");
        const list = out.get(term) ?? [];
        if (list.length && list[list.length - 1][0] === doc) list[list.length - 1][1].push(at);
        else list.push([doc, [at]]);
        out.set(term, list);
      }
    }
  }
  return out;
}

function varint(out: number[], v: number): void {
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

function referenceRows(places: [number, number[]][]): { postings: number[]; positions: number[] } {
  const postings: number[] = [];
  const positions: number[] = [];
  let prevDoc = 0;
  for (const [doc, at] of places) {
    varint(postings, (doc - prevDoc) * 2 + (at.length > 1 ? 1 : 0));
    if (at.length > 1) varint(postings, at.length);
    prevDoc = doc;
    let prev = 0;
    for (const p of at) {
      varint(positions, p - prev);
      prev = p;
    }
  }
  return { postings, positions };
}

/** The table's rows, by term. */
function tableRows(docs: ReadonlyMap<number, readonly string[]>): Map<string, { postings: number[]; positions: number[]; df: number; lastDoc: number }> {
  const table = new WordRows();
  for (const [doc, texts] of docs) for (const text of texts) table.addText(text, doc);
  const { rows, dfs, lastDocs } = table.segmentRows();
  const part = (p: { bytes: Uint8Array; ends: Int32Array }, t: number) => [...p.bytes.subarray(t === 0 ? 0 : p.ends[t - 1], p.ends[t])];
  return new Map(table.terms.map((term, t) => [term, { postings: part(rows.postings, t), positions: part(rows.positions, t), df: dfs[t], lastDoc: lastDocs[t] }]));
}

function expectSameRows(docs: ReadonlyMap<number, readonly string[]>): void {
  const want = referencePlaces(docs);
  const got = tableRows(docs);
  expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [term, places] of want) expect(got.get(term), term).toEqual({ ...referenceRows(places), df: places.length, lastDoc: places[places.length - 1][0] });
}

function seeded(seed: number): (n: number) => number {
  return (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return (seed >>> 8) % n;
  };
}

const ALPHABET = ["a", "b", "Z", "7", " ", " ", "_", ".", "é", "É", "ß", "İ", "K", "\u0301", "中", "𝐀", "😀", "\uD800", "\uDC00", "…", "\n", "Σ", "ς"];

describe("segment rows written as words are scanned", () => {
  it("match the reference on random texts of tricky characters (UTF-8 scan and lone surrogates alike)", () => {
    const next = seeded(7);
    for (const alphabet of [ALPHABET.filter((c) => c !== "\uD800" && c !== "\uDC00"), ALPHABET]) {
      const docs = new Map<number, string[]>();
      let doc = 0;
      for (let d = 0; d < 400; d++) {
        // Gaps between doc numbers, and one doc added in several texts.
        doc += 1 + next(3);
        const texts: string[] = [];
        for (let k = 1 + next(3); k > 0; k--) {
          let text = "";
          for (let n = next(90); n > 0; n--) text += alphabet[next(alphabet.length)];
          texts.push(text);
        }
        docs.set(doc, texts);
      }
      expectSameRows(docs);
    }
  });

  it("match the reference for ASCII words across the scan's 64-byte blocks, and terms alike in their first 7 or 8 bytes", () => {
    const next = seeded(3);
    // Terms a key of 8 bytes cannot tell apart (one a prefix of another, the same first 8 bytes),
    // in either case, each of lengths around 8 and 16, at every offset of a block.
    const stems = ["abcdefg", "abcdefgh", "abcdefghi", "abcdefgh1", "abcdefghijklmnop", "abcdefghijklmnopq", "ABCDEFGH", "a", "z9"];
    const docs = new Map<number, string[]>();
    for (let d = 0; d < 200; d++) {
      let text = "";
      // Exactly a multiple of 64 bytes for some docs: a word then ends where the text does.
      while (text.length < 60 + next(140)) text += (next(5) === 0 ? " ".repeat(1 + next(3)) : " ") + stems[next(stems.length)];
      docs.set(d, [d % 4 === 0 ? text.padEnd(128, " ").slice(0, 127) + "x" : text]);
    }
    expectSameRows(docs);
    expect(tableRows(docs).has("abcdefgh1")).toBe(true);
  });

  it("match the reference where varints take several bytes and rows outgrow their blocks", () => {
    const next = seeded(11);
    const docs = new Map<number, string[]>();
    // Thousands of terms (the table and the chains grow), a word repeated far apart (positions of
    // several bytes), docs numbered past 2^14 (doc gaps of several bytes), one very long row.
    for (let d = 0; d < 300; d++) {
      const words: string[] = [];
      for (let w = 0; w < 400; w++) words.push(next(4) === 0 ? "common" : `w${next(5000)}`);
      words.push("x".repeat(MAX_TERM_LENGTH + 1), "x".repeat(MAX_TERM_LENGTH));
      docs.set(d * 97 + next(50), [words.join(" ")]);
    }
    docs.set(3_000_000, ["common last"]);
    expectSameRows(docs);
    const common = tableRows(docs).get("common")!;
    expect(common.postings.length).toBeGreaterThan(16 + 32 + 64 + 128 + 256);
    expect(common.positions.length).toBeGreaterThan(1 << 14);
  });

  it("a table given no text gives no rows, and the tables after it count as before", () => {
    for (let k = 0; k < 3; k++) {
      const empty = new WordRows();
      expect(empty.segmentRows()).toEqual({ rows: { postings: { bytes: new Uint8Array(0), ends: new Int32Array(0) }, positions: { bytes: new Uint8Array(0), ends: new Int32Array(0) } }, dfs: [], lastDocs: new Int32Array(0) });
      expect(empty.terms).toEqual([]);
    }
    expectSameRows(new Map([[0, ["alpha beta alpha"]], [2, ["Beta"]]]));
  });

  it("a table takes no text once its rows are taken, nor gives them twice", () => {
    const table = new WordRows();
    table.addText("alpha beta", 0);
    table.segmentRows();
    expect(() => table.addText("gamma", 1)).toThrow();
    expect(() => table.segmentRows()).toThrow();
  });

  it("a table made after another counts in the memory the first let go (its bytes still there): its own rows only, and the first's rows stay as taken", () => {
    const next = seeded(5);
    const first = new WordRows();
    for (let d = 0; d < 200; d++) first.addText(Array.from({ length: 300 }, () => `w${next(3000)}`).join(" "), d);
    const taken = first.segmentRows();
    const copy = { postings: Uint8Array.from(taken.rows.postings.bytes), positions: Uint8Array.from(taken.rows.positions.bytes) };
    // Fewer, shorter rows than the first's: stale bytes lie past each of them in the arena.
    const docs = new Map<number, string[]>([
      [0, ["w1 w2 w1"]],
      [4, ["zeta w2 ", "w1"]],
      [9, ["Zeta"]],
    ]);
    expectSameRows(docs);
    expect(Buffer.from(taken.rows.postings.bytes).equals(copy.postings)).toBe(true);
    expect(Buffer.from(taken.rows.positions.bytes).equals(copy.positions)).toBe(true);
  });
});

describe("WordRows and TermTable", () => {
  it("count the same words, as tokenize reads them, in every doc of random tricky texts", () => {
    const next = seeded(23);
    const rows = new WordRows();
    const table = new TermTable();
    for (let d = 0; d < 300; d++) {
      let text = "";
      for (let n = next(120); n > 0; n--) text += ALPHABET[next(ALPHABET.length)];
      const want = tokenize(text).length;
      expect(rows.addText(text, d), text).toBe(want);
      expect(table.addText(text, d), text).toBe(want);
    }
    rows.segmentRows();
    expect([...rows.terms].sort()).toEqual([...table.terms].sort());
  });

  it("fold a word holding non-ASCII letters as toLowerCase does, into the same term as its ASCII spelling", () => {
    const rows = new WordRows();
    // The Kelvin sign lower-cases to an ASCII k; ΟΔΟΣ ends in a final sigma; İ becomes i + a combining dot.
    rows.addText("k K \u212A ΟΔΟΣ οδος İstanbul STRASSE Straße", 0);
    const { dfs } = rows.segmentRows();
    expect(rows.terms).toEqual(["k", "οδος", "i\u0307stanbul", "strasse", "straße"]);
    expect(dfs).toEqual([1, 1, 1, 1, 1]);
  });

  it("take texts larger than any before (the module's memory grows mid-segment) and words that are all non-ASCII", () => {
    const next = seeded(31);
    const docs = new Map<number, string[]>();
    for (let d = 0; d < 5; d++) {
      const words: string[] = [];
      // About 1 MB of UTF-8 a doc: past the input area and the first pages of memory.
      for (let w = 0; w < 100_000 + next(30_000); w++) words.push(next(3) === 0 ? `東京${next(2000)}` : `w${next(20_000)}`);
      docs.set(d, [words.join(next(2) ? " " : "、")]);
    }
    expectSameRows(docs);
  });
});
