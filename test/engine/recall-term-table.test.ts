// The build's tokenizer folds case while it scans; its terms must be exactly the query tokenizer's.
import { describe, expect, it } from "vitest";
import { TermTable, tokenize } from "../../src/engine/recall/index.js";
import { expectedPostings, tablePostings } from "./term-postings.js";

describe("TermTable", () => {
  it("finds the same words as tokenize, capitals folded, non-ASCII words lower-cased whole", () => {
    const texts = [
      "Read src/Session.TS and FILE_path; then ÉCOLE Über straße",
      "ÜBER über Über: 42 x42 ΣΟΦΊΑ σοφία",
      `${"Z".repeat(70)} short ${"q".repeat(64)}`,
    ];
    const { postings: got, counts } = tablePostings(texts);
    // Many docs and terms: the hash table grows past its first size.
    const big = new TermTable();
    for (let d = 0; d < 3000; d++) big.addText(`w${d} w${d} common w${d % 7}`, d);
    const bigMap = big.toMap();
    expect(bigMap.size).toBe(3001);
    expect([...bigMap.get("common")!].filter((_, i) => i % 2 === 1)).toEqual(new Array(3000).fill(1));
    expect([...bigMap.get("w3")!]).toEqual([3, 3, 10, 1, 17, 1].concat([...bigMap.get("w3")!].slice(6)));
    expect([...bigMap.get("w2999")!]).toEqual([2999, 2]);
    expect(counts).toEqual(texts.map((t) => tokenize(t).length));
    expect(got).toEqual(expectedPostings(texts));
    expect(got.get("über")).toEqual([0, 1, 1, 3]);
    expect(got.has("z".repeat(70))).toBe(false);
  });
});
