// Session text must not be able to drive the user's terminal when the CLI prints it. The CLI uses the
// app's one sanitizer (engine display/), so a piped reader sees inert glyphs, never live sequences.
import { describe, expect, it } from "vitest";
import { isInert, sanitizeBlock, sanitizeLine } from "../../src/engine/index.js";

describe("sanitizeBlock for text output", () => {
  it("shows colour and cursor sequences (CSI) as inert text", () => {
    const out = sanitizeBlock("\x1b[31mred\x1b[0m \x1b[2J\x1b[Hcleared");
    expect(out).toBe("␛[31mred␛[0m ␛[2J␛[Hcleared");
    expect(isInert(out)).toBe(true);
  });

  it("shows OSC sequences such as window titles, hyperlinks and clipboard writes inert, with BEL or ST ends", () => {
    expect(sanitizeBlock("a\x1b]0;pwned title\x07b")).toBe("a␛]0;pwned title␇b");
    expect(sanitizeBlock("\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\")).toBe("␛]8;;https://evil.example␛\\click␛]8;;␛\\");
    expect(sanitizeBlock("x\x1b]52;c;Y29weQ==\x07y")).toBe("x␛]52;c;Y29weQ==␇y");
  });

  it("neutralizes DCS strings and 8-bit C1 introducers", () => {
    expect(sanitizeBlock("a\x1bPq#0;2;0;0;0\x1b\\b")).toBe("a␛Pq#0;2;0;0;0␛\\b");
    expect(sanitizeBlock("a\x9b31mb")).toBe("a\ufffd31mb");
    expect(sanitizeBlock("a\x9d0;title\x9cb")).toBe("a\ufffd0;title\ufffdb");
  });

  it("shows C0/C1 control characters as glyphs but keeps newlines, and expands tabs", () => {
    expect(sanitizeBlock("a\x00b\x07c\rd\x7fe\x85f\n\tg")).toBe("a␀b␇c␍d␡e\ufffdf\n    g");
  });

  it("replaces bidi overrides and isolates with U+FFFD", () => {
    expect(sanitizeBlock("safe\u202Etxt.exe\u202C \u2066x\u2069")).toBe("safe\ufffdtxt.exe\ufffd \ufffdx\ufffd");
  });

  it("leaves ordinary text, emoji and CJK alone", () => {
    const text = "Fix `parse()` → 42 ✓ 🎉 日本語 ünïcödé";
    expect(sanitizeBlock(text)).toBe(text);
  });

  it("a lone ESC at the end does not survive as ESC", () => {
    expect(sanitizeBlock("abc\x1b")).toBe("abc␛");
  });
});

describe("sanitizeLine", () => {
  it("folds newlines, tabs and runs of spaces to single spaces and trims", () => {
    expect(sanitizeLine("  one\n\ntwo\tthree   four \n")).toBe("one two three four");
  });

  it("folds line separators and shows escapes inert on the one line", () => {
    expect(sanitizeLine("a\u2028b\r\n\x1b[2Jc")).toBe("a b ␛[2Jc");
  });
});
