// Ages, sizes, counts and plurals as the app and the CLI both show them (one function each).
import { describe, expect, it } from "vitest";
import { countNoun, formatAge, formatBytes, formatCount } from "../../src/engine/index.js";

describe("formatAge (pi's formatSessionDate)", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const ago = (ms: number) => formatAge(new Date(now.getTime() - ms), now);
  const MIN = 60_000;
  const DAY = 24 * 60 * MIN;
  it.each([
    [30_000, "now"],
    [MIN, "1m"],
    [5 * MIN, "5m"],
    [59 * MIN, "59m"],
    [60 * MIN, "1h"],
    [3 * 60 * MIN, "3h"],
    [23 * 60 * MIN, "23h"],
    [DAY, "1d"],
    [2 * DAY, "2d"],
    [6 * DAY, "6d"],
    [7 * DAY, "1w"],
    [29 * DAY, "4w"],
    [30 * DAY, "1mo"],
    [364 * DAY, "12mo"],
    [365 * DAY, "1y"],
    [800 * DAY, "2y"],
    [-5 * MIN, "now"],
  ])("%d ms ago is %s", (ms, expected) => {
    expect(ago(ms)).toBe(expected);
  });

  it("an unreadable date is now, not NaN", () => {
    expect(formatAge(new Date("not a date"), now)).toBe("now");
  });
});

describe("formatBytes", () => {
  it.each([
    [512, "512 B"],
    [2048, "2.0 KB"],
    [154118, "151 KB"],
    [50_003_294, "48 MB"],
  ])("%d is %s in text columns", (n, s) => expect(formatBytes(n)).toBe(s));

  it.each([
    [1023, "1023B"],
    [1024, "1.0K"],
    [10 * 1024, "10K"],
    [5 * 1024 ** 4, "5.0T"],
    [2048 * 1024 ** 4, "2048T"],
  ])("%d is %s where a row has little room", (n, s) => expect(formatBytes(n, "short")).toBe(s));
});

describe("formatCount groups digits as en-US does", () => {
  it.each([0, 7, 999, 1000, 48211, 1234567, -1000, -999, Number.MAX_SAFE_INTEGER, 1.5, 1234.5678])("%d", (n) =>
    expect(formatCount(n)).toBe(n.toLocaleString("en-US")),
  );
});

describe("countNoun", () => {
  it.each([
    [1, "message", "1 message"],
    [1200, "message", "1,200 messages"],
    [0, "entry", "0 entries"],
    [2, "metadata entry", "2 metadata entries"],
    [3, "branch", "3 branches"],
    [2, "branch point", "2 branch points"],
    [2, "day", "2 days"],
  ])("%d %s", (n, word, text) => expect(countNoun(n, word)).toBe(text));
  it("takes an irregular plural", () => expect(countNoun(2, "child", "children")).toBe("2 children"));
});
