// Units and alignment used by text output: ages as pi's /resume picker shows them, sizes, tables.
import { describe, expect, it } from "vitest";
import { formatTable, truncate } from "../../src/cli/text/table.js";
import { formatAge, formatBytes, plural } from "../../src/cli/text/units.js";

describe("formatAge (pi's picker rules)", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const ago = (ms: number) => formatAge(new Date(now.getTime() - ms), now);
  const MIN = 60_000;
  const DAY = 24 * 60 * MIN;
  it.each([
    [30_000, "now"],
    [5 * MIN, "5m"],
    [3 * 60 * MIN, "3h"],
    [2 * DAY, "2d"],
    [6 * DAY, "6d"],
    [7 * DAY, "1w"],
    [29 * DAY, "4w"],
    [30 * DAY, "1mo"],
    [364 * DAY, "12mo"],
    [365 * DAY, "1y"],
    [-5 * MIN, "now"],
  ])("%d ms ago is %s", (ms, expected) => {
    expect(ago(ms)).toBe(expected);
  });
});

describe("formatBytes", () => {
  it.each([
    [512, "512 B"],
    [2048, "2.0 KB"],
    [154118, "151 KB"],
    [50_003_294, "48 MB"],
  ])("%d is %s", (n, s) => expect(formatBytes(n)).toBe(s));
});

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
