// Units and alignment used by text output: tables, plurals. (Ages and sizes: test/engine/display-units.test.ts.)
import { describe, expect, it } from "vitest";
import { formatTable, truncate } from "../../src/cli/text/table.js";
import { plural } from "../../src/cli/text/units.js";

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

  it("plural", () => {
    expect(plural(1, "message")).toBe("1 message");
    expect(plural(1200, "message")).toBe("1,200 messages");
  });
});
