// Alignment used by text output: tables. (Counts, plurals, ages and sizes: test/engine/display-units.test.ts.)
import { describe, expect, it } from "vitest";
import { formatTable, truncate } from "../../src/cli/text/table.js";

describe("formatTable and truncate", () => {
  it("pads columns, right-aligns numbers and leaves the last text column unpadded", () => {
    expect(formatTable(["name", "n", "file"], [["a", "1", "x"], ["long name", "100", "yy"]], ["left", "right", "left"])).toEqual([
      "name         n  file",
      "a            1  x",
      "long name  100  yy",
    ]);
  });

  it("truncate counts code points and marks the cut", () => {
    expect(truncate("héllo wörld", 5)).toBe("héll…");
    expect(truncate("🎉🎉🎉", 2)).toBe("🎉…");
    expect(truncate("short", 10)).toBe("short");
  });
});
