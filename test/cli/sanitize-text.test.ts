// Session text must not be able to drive the user's terminal when the CLI prints it.
import { describe, expect, it } from "vitest";
import { sanitizeLine, sanitizeText } from "../../src/cli/sanitize-text.js";

describe("sanitizeText", () => {
  it("removes colour and cursor sequences (CSI)", () => {
    expect(sanitizeText("\x1b[31mred\x1b[0m \x1b[2J\x1b[Hcleared")).toBe("red cleared");
  });

  it("removes OSC sequences such as window titles and hyperlinks, with BEL or ST ends", () => {
    expect(sanitizeText("a\x1b]0;pwned title\x07b")).toBe("ab");
    expect(sanitizeText("\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\")).toBe("click");
    expect(sanitizeText("x\x1b]52;c;Y29weQ==\x07y")).toBe("xy");
  });

  it("removes DCS strings and 8-bit C1 introducers", () => {
    expect(sanitizeText("a\x1bPq#0;2;0;0;0\x1b\\b")).toBe("ab");
    expect(sanitizeText("a\x9b31mb")).toBe("ab");
    expect(sanitizeText("a\x9d0;title\x9cb")).toBe("ab");
  });

  it("drops C0/C1 control characters but keeps newlines and tabs", () => {
    expect(sanitizeText("a\x00b\x07c\rd\x7fe\x85f\n\tg")).toBe("abcdef\n\tg");
  });

  it("drops bidi overrides and isolates", () => {
    expect(sanitizeText("safe\u202Etxt.exe\u202C \u2066x\u2069")).toBe("safetxt.exe x");
  });

  it("leaves ordinary text, emoji and CJK alone", () => {
    const text = "Fix `parse()` → 42 ✓ 🎉 日本語 ünïcödé";
    expect(sanitizeText(text)).toBe(text);
  });

  it("a lone ESC at the end does not survive", () => {
    expect(sanitizeText("abc\x1b")).toBe("abc");
  });
});

describe("sanitizeLine", () => {
  it("folds newlines, tabs and runs of spaces to single spaces and trims", () => {
    expect(sanitizeLine("  one\n\ntwo\tthree   four \n")).toBe("one two three four");
  });
});
