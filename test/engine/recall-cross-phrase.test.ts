// Quoted phrases in the cross-session index come from word positions kept beside the postings:
// for every doc they must find exactly the occurrences the single-session search's regular
// expression finds (recall/phrase.ts), long unindexed words, repeats and non-ASCII text included.
import { describe, expect, it } from "vitest";
import { decodePositions, decodePostings, packedAt, packLengthRole, phraseMatches, WordRows, tokenize, DamagedIndexError } from "../../src/engine/recall/index.js";
import { phraseRegex } from "../../src/engine/recall/phrase.js";

/** A table of `texts` (doc i = texts[i]) as stored rows, and the phrase matcher over them. */
function stored(texts: readonly string[], split = false) {
  const table = new WordRows();
  texts.forEach((text, doc) => {
    const cut = split ? text.indexOf(" ", Math.floor(text.length / 2)) : -1;
    if (cut > 0) {
      // One doc's text added in two calls (cut between words) adds up to the same doc.
      table.addText(text.slice(0, cut), doc);
      table.addText(text.slice(cut), doc);
    } else table.addText(text, doc);
  });
  const lengthRoles = Int32Array.from(texts.map((t) => packLengthRole(tokenize(t).length, 0) + 1));
  const { rows: packed, dfs } = table.segmentRows();
  const rows = new Map<string, { data: Uint8Array; pos: Uint8Array; df: number }>();
  table.terms.forEach((term, t) => rows.set(term, { data: packedAt(packed.postings, t), pos: packedAt(packed.positions, t), df: dfs[t] }));
  const rowsOf = (term: string) => {
    const r = rows.get(term);
    if (!r) return [];
    const triples = decodePostings(r.data, r.df, lengthRoles);
    return [{ triples, positions: (wanted: Int32Array) => decodePositions(r.pos, triples, wanted) }];
  };
  return { rowsOf, docLimit: texts.length };
}

/** Occurrences per doc as the single-session search counts them. */
function byRegex(texts: readonly string[], phrase: string[]): Map<number, number> {
  const out = new Map<number, number>();
  texts.forEach((text, doc) => {
    const n = [...text.matchAll(phraseRegex(phrase))].length;
    if (n) out.set(doc, n);
  });
  return out;
}

function byPositions(texts: readonly string[], phrase: string[], split = false): Map<number, number> {
  const { rowsOf, docLimit } = stored(texts, split);
  const m = phraseMatches(phrase, rowsOf, docLimit);
  return new Map(m.docs.map((d, i) => [d, m.counts[i]]));
}

describe("phrases from word positions", () => {
  it("finds consecutive words, not the same words apart or reversed", () => {
    const texts = ["the session module loads", "module session", "session: the module", "Session_Module", "session\n\tmodule again, session module"];
    expect(byPositions(texts, ["session", "module"])).toEqual(new Map([[0, 1], [3, 1], [4, 2]]));
    expect(byPositions(texts, ["session", "module"])).toEqual(byRegex(texts, ["session", "module"]));
  });

  it("a word too long to index still stands between its neighbours", () => {
    const long = "x".repeat(70);
    const texts = [`alpha ${long} beta`, "alpha beta"];
    expect(byPositions(texts, ["alpha", "beta"])).toEqual(new Map([[1, 1]]));
  });

  it("counts repeats of one word without overlap, as the regular expression does", () => {
    const texts = ["go go go go go", "go stop go go"];
    expect(byPositions(texts, ["go", "go"])).toEqual(byRegex(texts, ["go", "go"]));
    expect(byPositions(texts, ["go", "go"]).get(0)).toBe(2);
  });

  it("agrees with the regular expression on random texts, also when a doc's text comes in two calls", () => {
    const words = ["cache", "expiry", "東京", "naïve", "x".repeat(65), "CACHE", "a1", "tool"];
    const seps = [" ", "\n", ", ", "_", "-", "🗄️ ", "/"];
    let seed = 11;
    const rand = (n: number) => Math.floor(((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * n);
    const texts = Array.from({ length: 800 }, () => Array.from({ length: 1 + rand(30) }, () => words[rand(words.length)] + seps[rand(seps.length)]).join(""));
    for (const phrase of [["cache", "expiry"], ["東京", "cache"], ["naïve", "tool", "a1"], ["cache", "cache"], ["expiry", "a1", "expiry"]]) {
      const expected = byRegex(texts, phrase);
      expect(expected.size, phrase.join(" ")).toBeGreaterThan(0);
      expect(byPositions(texts, phrase), phrase.join(" ")).toEqual(expected);
      expect(byPositions(texts, phrase, true), `${phrase.join(" ")}, split`).toEqual(expected);
    }
  });

  it("a term the index does not hold matches nothing", () => {
    expect(byPositions(["alpha beta"], ["alpha", "gamma"]).size).toBe(0);
  });

  it("a segment's rows hold each term's docs, tfs and positions", () => {
    const table = new WordRows();
    ["alpha beta alpha", "beta gamma", "x".repeat(70) + " alpha alpha alpha", "naïve 東京 beta"].forEach((t, d) => table.addText(t, d));
    const { rows, dfs } = table.segmentRows();
    const lengthRoles = Int32Array.from([3, 2, 4, 3], (n) => packLengthRole(n, 0) + 1);
    const decoded = Object.fromEntries(
      table.terms.map((term, t) => {
        const triples = decodePostings(packedAt(rows.postings, t), dfs[t], lengthRoles);
        const docs = Array.from({ length: triples.length / 3 }, (_, i) => [triples[3 * i], triples[3 * i + 1]]);
        return [term, { docs, positions: [...decodePositions(packedAt(rows.positions, t), triples)] }];
      }),
    );
    expect(decoded.alpha).toEqual({ docs: [[0, 2], [2, 3]], positions: [0, 2, 1, 2, 3] });
    expect(decoded.beta).toEqual({ docs: [[0, 1], [1, 1], [3, 1]], positions: [1, 0, 2] });
    expect(decoded["東京"]).toEqual({ docs: [[3, 1]], positions: [1] });
    // Only the docs a phrase needs: the others' positions are stepped over and left 0.
    const alpha = table.terms.indexOf("alpha");
    const alphaTriples = decodePostings(packedAt(rows.postings, alpha), dfs[alpha], lengthRoles);
    expect([...decodePositions(packedAt(rows.positions, alpha), alphaTriples, Int32Array.of(0, 0, 1, 0))]).toEqual([0, 0, 1, 2, 3]);
    expect([...decodePositions(packedAt(rows.positions, alpha), alphaTriples, Int32Array.of(1, 0, 0, 0))]).toEqual([0, 2, 0, 0, 0]);
  });

  it("positions that do not decode to the row's counts are damage, never a result", () => {
    const table = new WordRows();
    table.addText("a b a", 0);
    const { rows } = table.segmentRows();
    const t = table.terms.indexOf("a");
    const triples = decodePostings(packedAt(rows.postings, t), 1, Int32Array.of(packLengthRole(3, 0) + 1));
    const pos = packedAt(rows.positions, t);
    expect([...decodePositions(pos, triples)]).toEqual([0, 2]);
    expect(() => decodePositions(pos.subarray(0, 1), triples)).toThrow(DamagedIndexError);
    expect(() => decodePositions(Uint8Array.of(...pos, 1), triples)).toThrow(DamagedIndexError);
    // Stepped over, not read, and still measured against the row's counts.
    const none = new Int32Array(1);
    expect(() => decodePositions(pos.subarray(0, 1), triples, none)).toThrow(DamagedIndexError);
    expect(() => decodePositions(Uint8Array.of(...pos, 1), triples, none)).toThrow(DamagedIndexError);
    expect(() => decodePositions(Uint8Array.of(0x80), triples, none)).toThrow(DamagedIndexError);
  });
});
