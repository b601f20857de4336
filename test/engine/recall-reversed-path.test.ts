// The cross-session index keys a doc's paths reversed by code point (so "ends with" is a prefix
// test); the query side reverses the wanted path the same way. The reversal written code unit by
// code unit must be the reversal of the code points, for every string: surrogate pairs, lone
// surrogates, paths longer than one fromCharCode call takes.
import { describe, expect, it } from "vitest";
import { reversedPath } from "../../src/engine/recall/filters.js";

const byCodePoint = (p: string): string => [...p.replace(/\\/g, "/").replace(/^\.\//, "")].reverse().join("");

describe("reversedPath", () => {
  it("reverses code points, keeping surrogate pairs and lone surrogates as they are", () => {
    const cases = ["", "a", "src/x.ts", "./a\\b\\c.ts", "/home/漢字/🎉.md", "x\ud83c", "\udf89\ud83c", "\ud800\ud800\udc00", "\udc00", "🎉".repeat(5000), `${"é".repeat(4095)}🎉`];
    for (const c of cases) expect(reversedPath(c)).toBe(byCodePoint(c));
  });

  it("matches on random strings of paths' characters and surrogates", () => {
    const alphabet = ["a", "/", "\\", ".", "漢", "🎉", "\ud83c", "\udf89", "é"];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let n = 0; n < 500; n++) {
      let s = "";
      const length = next() % 40;
      for (let i = 0; i < length; i++) s += alphabet[next() % alphabet.length];
      expect(reversedPath(s)).toBe(byCodePoint(s));
    }
  });
});
