// Cluster widths are kept once measured (components/kit/text-width.ts): a kept width is the width
// measured afresh, and so is every width after the kept ones were cleared (more distinct clusters
// than are kept). The width is string-width's, the one Ink cuts and lays out with.
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { displayWidth, wrapLines } from "../../components/kit/text-width.js";
import { HEAVY_PIECES } from "../support/heavy-session.mjs";

describe("text width: cluster widths kept across texts", () => {
  it("gives string-width's width for each heavy piece, the first time and again", () => {
    for (let round = 0; round < 3; round++) for (const piece of HEAVY_PIECES) expect(displayWidth(piece), piece).toBe(stringWidth(piece));
  });

  it("stays string-width's after more distinct clusters than are kept", () => {
    // CJK ideographs and Latin letters, each with VS16 or a ZWJ to an emoji: clusters the segmenter makes.
    const clusters: string[] = [];
    for (let c = 0x4e00; c < 0x4e00 + 4000; c++) clusters.push(`${String.fromCodePoint(c)}\ufe0f`);
    for (let c = 0xc0; c < 0xc0 + 300; c++) clusters.push(`${String.fromCodePoint(c)}\u200d😀`, `👩\u200d${String.fromCodePoint(c)}`);
    for (let c = 0x1f466; c <= 0x1f469; c++) for (const tone of ["\u{1f3fb}", "\u{1f3fd}", "\u{1f3ff}"]) clusters.push(`${String.fromCodePoint(c)}${tone}`);
    for (let c = 0x1f600; c < 0x1f650; c++) clusters.push(`${String.fromCodePoint(c)}\ufe0f`);
    expect(new Set(clusters).size).toBeGreaterThan(4096);
    for (let round = 0; round < 2; round++) {
      for (const cluster of clusters) expect(displayWidth(`a${cluster}`), `${cluster} round ${round}`).toBe(stringWidth(`a${cluster}`));
    }
    const text = clusters.join(" ");
    const lines = [...wrapLines(text, 37)];
    expect(lines.join(" ")).toBe(text);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(37);
  });
});
