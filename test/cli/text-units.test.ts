// Alignment used by text output: tables. (Counts, plurals, ages and sizes: test/engine/display-units.test.ts.)
import { describe, expect, it } from "vitest";
import { displayWidth, formatTable, truncate } from "../../src/cli/text/table.js";

describe("formatTable and truncate", () => {
  it("pads columns, right-aligns numbers and leaves the last text column unpadded", () => {
    expect(formatTable(["name", "n", "file"], [["a", "1", "x"], ["long name", "100", "yy"]], ["left", "right", "left"])).toEqual([
      "name         n  file",
      "a            1  x",
      "long name  100  yy",
    ]);
  });

  it("displayWidth counts code points: a surrogate pair is one, a lone surrogate one", () => {
    for (const text of ["", "abc", "héllo", "🎉🎉", "a\ud83d", "\ud83d", "\ude00\ud83d", "x\ud83d\ude00y\udc00"]) expect(displayWidth(text), JSON.stringify(text)).toBe([...text].length);
  });

  it("truncate counts code points and marks the cut", () => {
    expect(truncate("héllo wörld", 5)).toBe("héll…");
    expect(truncate("🎉🎉🎉", 2)).toBe("🎉…");
    expect(truncate("short", 10)).toBe("short");
  });
});
