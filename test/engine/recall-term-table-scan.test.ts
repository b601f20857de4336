// The build scans texts as UTF-8 bytes (and by char code when a text holds a lone surrogate); the
// words it counts must be exactly the query tokenizer's, whatever the text holds.
import { describe, expect, it } from "vitest";
import { TermTable, tokenize } from "../../src/engine/recall/index.js";
import { expectedPostings, tablePostings } from "./term-postings.js";

const TRICKY = [
  "a", "Z", "7", " ", "_", "/", ".", "é", "É", "ß", "İ", "K" /* Kelvin sign */, "\u0301" /* combining acute */,
  "中", "日", "𝐀" /* math bold A: an astral letter */, "😀" /* astral symbol */, "\uD800" /* lone high */,
  "\uDC00" /* lone low */, "\uFFFD", "…", "\n", "٣" /* Arabic-Indic digit */, "Σ", "ς",
];

describe("TermTable scanning", () => {
  it("counts astral letters, marks, special lower-casing and long words as tokenize does", () => {
    const texts = [
      "𝐀𝐁c 😀word😀 cafe\u0301 KELVIN K İstanbul ΟΔΟΣ",
      `${"𝐀".repeat(32)} ${"𝐀".repeat(33)} x${"é".repeat(63)} x${"é".repeat(64)}`,
      "plain ascii only, Mixed CASE words and_underscores 42",
      "replacement \uFFFD char and lone \uD800x surrogate \uDC00y here",
    ];
    const { postings, counts } = tablePostings(texts);
    expect(postings).toEqual(expectedPostings(texts));
    expect(counts).toEqual(texts.map((t) => tokenize(t).length));
  });

  it.each([
    ["well-formed (scanned as UTF-8)", TRICKY.filter((c) => !["\uD800", "\uDC00", "\uFFFD"].includes(c))],
    ["with lone surrogates (scanned by char code)", TRICKY],
  ])("matches tokenize on random texts of tricky characters, %s", (_name, alphabet) => {
    let seed = 12345;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const texts: string[] = [];
    for (let d = 0; d < 300; d++) {
      let text = "";
      const length = next(120);
      for (let k = 0; k < length; k++) text += alphabet[next(alphabet.length)];
      texts.push(text);
    }
    const { postings, counts } = tablePostings(texts);
    expect(postings).toEqual(expectedPostings(texts));
    expect(counts).toEqual(texts.map((t) => tokenize(t).length));
  });

  it("a lone surrogate separates words, as any other non-letter does (no term holds one)", () => {
    expect(tokenize("hello\ud800world \udc00x y\ud835 𝐀\ud800")).toEqual(["hello", "world", "x", "y", "𝐀"]);
    const { postings } = tablePostings(["hello\ud800world", "\udc00hello"]);
    expect([...postings.keys()].sort()).toEqual(["hello", "world"]);
  });

  it("adds up calls for the same doc and lays postings out again after more docs", () => {
    const table = new TermTable();
    table.addText("alpha beta", 0);
    table.addText("Alpha", 0);
    expect([...table.toMap().get("alpha")!]).toEqual([0, 2]);
    table.addText("alpha gamma", 2);
    expect([...table.toMap().get("alpha")!]).toEqual([0, 2, 2, 1]);
    expect([...table.toMap().get("gamma")!]).toEqual([2, 1]);
    // Reading the lists in the middle of a doc does not split its counts.
    table.addText("gamma delta", 2);
    expect([...table.toMap().get("gamma")!]).toEqual([2, 2]);
    expect([...table.toMap().get("alpha")!]).toEqual([0, 2, 2, 1]);
    expect([...table.toMap().get("delta")!]).toEqual([2, 1]);
  });
});
