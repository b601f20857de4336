// The bundle lets string-width count the tree's connector and marker symbols without its segmenter
// (rolldown.config.mjs). That shortcut is only right if string-width itself gives each of them one
// column; this checks every code point of the class against the real string-width.
import { readFileSync } from "node:fs";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";

// The class as the bundler config writes it (a JS string literal of \uXXXX escapes).
const NARROW_SYMBOLS = JSON.parse(/export const NARROW_SYMBOLS = ("[^"]*");/.exec(readFileSync(new URL("../../rolldown.config.mjs", import.meta.url), "utf8"))![1]) as string;

/** The code points of a regex character class body written with \uXXXX escapes and ranges. */
function codePointsOf(classBody: string): number[] {
  const units = [...classBody.matchAll(/\\u([0-9A-F]{4})(?:-\\u([0-9A-F]{4}))?/g)];
  expect(units.map((m) => m[0]).join("")).toBe(classBody);
  return units.flatMap(([, from, to]) => {
    const start = parseInt(from, 16);
    const end = to === undefined ? start : parseInt(to, 16);
    return Array.from({ length: end - start + 1 }, (_, i) => start + i);
  });
}

describe("narrow symbols of the string-width shortcut", () => {
  const points = codePointsOf(NARROW_SYMBOLS);

  it("covers the tree's connectors and markers", () => {
    for (const ch of "│├└─•◆·⊟⊞…—›") expect(points).toContain(ch.codePointAt(0));
  });

  it("holds only characters string-width counts as one column, alone and in a row", () => {
    const wrong = points.filter((p) => stringWidth(String.fromCodePoint(p)) !== 1).map((p) => p.toString(16));
    expect(wrong).toEqual([]);
    const row = `├─ • [read: src/a.ts] ◆ ${points.map((p) => String.fromCodePoint(p)).join("")}`;
    expect(stringWidth(row)).toBe(row.length);
  });

  it("is not used when ambiguous characters count as wide", () => {
    expect(stringWidth("├─", { ambiguousIsNarrow: false })).toBe(4);
  });
});
