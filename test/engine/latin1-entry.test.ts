// A line of multi-byte UTF-8 is read for the index as latin1 where that parses to the same JSON
// (every \u escape an ASCII char), and the strings recall reads are then decoded, cut past the caps.
import { describe, expect, it } from "vitest";
import { realString } from "../../src/engine/recall/latin1-entry.js";
import { escapesOnlyAscii } from "../../src/engine/session/json-escapes.js";

const asLatin1 = (s: string): string => Buffer.from(s, "utf8").toString("latin1");
const escapes = (json: string): boolean => {
  const bytes = Buffer.from(json, "utf8");
  return escapesOnlyAscii(bytes, 0, bytes.length);
};

describe("escapesOnlyAscii", () => {
  it("takes ASCII escapes and escaped backslashes, refuses an escape of any char past ASCII", () => {
    expect(escapes(String.raw`{"a":"\u0041\u001b[0m\u007F ✓"}`)).toBe(true);
    expect(escapes(String.raw`{"a":"\u0080"}`)).toBe(false);
    expect(escapes(String.raw`{"a":"caf\u00e9"}`)).toBe(false);
    expect(escapes(String.raw`{"a":"caf\u00E9"}`)).toBe(false);
    expect(escapes(String.raw`{"a":"\ud83d"}`)).toBe(false);
    // Two backslashes are one escaped backslash: the u after them is a letter.
    expect(escapes(String.raw`{"a":"\\u00e9"}`)).toBe(true);
    expect(escapes(String.raw`{"a":"\\\u00e9"}`)).toBe(false);
    // Not an escape JSON.parse takes either way.
    expect(escapes(String.raw`{"a":"\u00"}`)).toBe(true);
    expect(escapes(String.raw`{"a":"\uzzzz"}`)).toBe(true);
  });

  it("looks only at the bytes it is given", () => {
    const bytes = Buffer.from(String.raw`{"a":"x"}` + "\n" + String.raw`{"b":"\u00e9"}`, "utf8");
    expect(escapesOnlyAscii(bytes, 0, 9)).toBe(true);
    expect(escapesOnlyAscii(bytes, 10, bytes.length)).toBe(false);
  });
});

describe("realString", () => {
  it("decodes latin1-read UTF-8, whole or its first units", () => {
    for (const s of ["plain", "héllo ✓ 東京 😀 𝐀", "", "\u0301\uFFFD"]) expect(realString(asLatin1(s))).toBe(s);
    const long = `${"é".repeat(1999)}𝐀tail`;
    expect(realString(asLatin1(long), 2001)).toBe(long.slice(0, 2001));
    expect(realString(asLatin1(long), 2000)).toBe(long.slice(0, 2000));
    expect(realString(asLatin1("😀".repeat(5000)), 3)).toBe("😀".repeat(5000).slice(0, 3));
    expect(realString("a".repeat(10), 4)).toBe("aaaa");
  });
});
