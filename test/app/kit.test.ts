// The shared kit: key names, the layered key registry, and column arithmetic.
import { describe, expect, it } from "vitest";
import type { Key } from "ink";
import { bindingLookup, scrollStep } from "../../components/kit/bindings.js";
import { KeyRegistry } from "../../components/kit/key-router.js";
import { isPrintableText, splitKeyChunk, toKeyPress } from "../../components/kit/keys.js";
import { displayWidth, sliceColumns, truncateToWidth, wrapText } from "../../components/kit/text-width.js";

const key = (flags: Partial<Key>): Key =>
  ({ upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false, ...flags }) as Key;

describe("toKeyPress", () => {
  it("names keys the way the bindings tables do", () => {
    expect(toKeyPress("", key({ leftArrow: true, ctrl: true })).name).toBe("ctrl+left");
    expect(toKeyPress("", key({ rightArrow: true, meta: true })).name).toBe("alt+right");
    expect(toKeyPress("o", key({ ctrl: true })).name).toBe("ctrl+o");
    expect(toKeyPress("", key({ escape: true, meta: true })).name).toBe("escape");
    expect(toKeyPress("", key({ delete: true })).name).toBe("backspace");
    expect(toKeyPress("L", key({ shift: true }))).toEqual({ name: "shift+l", text: "L" });
    expect(toKeyPress("?", key({}))).toEqual({ name: "?", text: "?" });
    expect(toKeyPress("pasted text", key({}))).toEqual({ name: "", text: "pasted text" });
  });

  it("names Alt+Backspace (ESC DEL, which Ink reports as meta + delete) apart from Backspace", () => {
    expect(toKeyPress("", key({ delete: true, meta: true })).name).toBe("alt+backspace");
    expect(toKeyPress("", key({ backspace: true, meta: true })).name).toBe("alt+backspace");
    expect(toKeyPress("", key({ backspace: true })).name).toBe("backspace");
    expect(toKeyPress("", key({ delete: true, ctrl: true })).name).toBe("ctrl+backspace");
  });

  it("refuses control characters as search text", () => {
    expect(isPrintableText("abc ü")).toBe(true);
    expect(isPrintableText("a\x1bb")).toBe(false);
    expect(isPrintableText("\x9b")).toBe(false);
    expect(isPrintableText("")).toBe(false);
  });
});

describe("key tables", () => {
  it("look up what a key does, and refuse a table that binds one key twice", () => {
    const lookup = bindingLookup([
      { keys: ["up", "k"], help: "up", run: -1 },
      { keys: ["down"], help: "down", run: 1 },
    ]);
    expect([lookup("k"), lookup("down"), lookup("x")]).toEqual([-1, 1, null]);
    expect(() =>
      bindingLookup([
        { keys: ["up"], help: "previous", run: 1 },
        { keys: ["pageup", "up"], help: "page up", run: 2 },
      ]),
    ).toThrow('key "up" is bound twice in one key table: "previous" and "page up"');
  });

  it("turn a scroll command into signed lines: one, a page, or the whole text", () => {
    expect(scrollStep({ by: "line", direction: -1 }, 9, 100)).toBe(-1);
    expect(scrollStep({ by: "page", direction: 1 }, 9, 100)).toBe(9);
    expect(scrollStep({ by: "edge", direction: -1 }, 9, 100)).toBe(-100);
  });
});

describe("splitKeyChunk", () => {
  it("splits keys that arrived in one read into the keys they are", () => {
    expect(splitKeyChunk("\x07offset\r")).toEqual([
      { name: "ctrl+g", text: "" },
      { name: "", text: "offset" },
      { name: "enter", text: "" },
    ]);
    expect(splitKeyChunk("ab\x15L")).toEqual([
      { name: "", text: "ab" },
      { name: "ctrl+u", text: "" },
      { name: "shift+l", text: "L" },
    ]);
    expect(splitKeyChunk("\x7f\x7f")).toEqual([
      { name: "backspace", text: "" },
      { name: "backspace", text: "" },
    ]);
  });

  it("keeps line breaks inside pasted text as text (kept as LF in `lines` for multi-line editors), the last one too", () => {
    expect(splitKeyChunk("two\nlines")).toEqual([{ name: "", text: "two lines", lines: "two\nlines" }]);
    expect(splitKeyChunk("two\r\nlines\r")).toEqual([
      { name: "", text: "two  lines", lines: "two\nlines" },
      { name: "\n", text: "\n" },
    ]);
  });

  it("reads a CR as Enter (CRLF once) and a lone LF as Ctrl+J, the key Ink names \"\\n\" when it comes alone", () => {
    expect(splitKeyChunk("first line\n")).toEqual([
      { name: "", text: "first line" },
      { name: "\n", text: "\n" },
    ]);
    expect(splitKeyChunk("done\r\n")).toEqual([
      { name: "", text: "done" },
      { name: "enter", text: "" },
    ]);
    // A paste of several lines ends with a line end of the paste, not with an Enter that submits.
    expect(splitKeyChunk("one\rtwo\r")).toEqual([
      { name: "", text: "one two", lines: "one\ntwo" },
      { name: "\n", text: "\n" },
    ]);
    expect(splitKeyChunk("\n\n")).toEqual([
      { name: "\n", text: "\n" },
      { name: "\n", text: "\n" },
    ]);
  });

  it("takes a line break before a control key as the Enter it is (find's text, Enter, then Ctrl+N)", () => {
    expect(splitKeyChunk("config\r\x0e")).toEqual([
      { name: "", text: "config" },
      { name: "enter", text: "" },
      { name: "ctrl+n", text: "" },
    ]);
    // Text after the key: the line break before the key still ends the text.
    expect(splitKeyChunk("ab\r\x0ecd")).toEqual([
      { name: "", text: "ab" },
      { name: "enter", text: "" },
      { name: "ctrl+n", text: "" },
      { name: "", text: "cd" },
    ]);
  });

  it("leaves single keys and plain text to Ink's own parsing", () => {
    expect(splitKeyChunk("\x07")).toBeUndefined();
    expect(splitKeyChunk("pasted words")).toBeUndefined();
    expect(splitKeyChunk("\x1b[A")).toBeUndefined();
  });
});

describe("KeyRegistry", () => {
  it("offers keys top layer first, newest first within a layer, until one consumes it", () => {
    const registry = new KeyRegistry();
    const seen: string[] = [];
    const handler = (name: string, consume: boolean) => ({ current: () => (seen.push(name), consume) });
    registry.register("screen", handler("screen", true));
    const offPane = registry.register("pane", handler("pane", false));
    const offOverlay = registry.register("overlay", handler("overlay", true));
    registry.register("pane", handler("pane-newer", false));
    expect(registry.dispatch({ name: "up", text: "" })).toBe(true);
    expect(seen).toEqual(["overlay"]);
    seen.length = 0;
    offOverlay();
    registry.dispatch({ name: "up", text: "" });
    expect(seen).toEqual(["pane-newer", "pane", "screen"]);
    seen.length = 0;
    offPane();
    registry.dispatch({ name: "up", text: "" });
    expect(seen).toEqual(["pane-newer", "screen"]);
  });

  it("reports an unconsumed key", () => {
    const registry = new KeyRegistry();
    registry.register("screen", { current: () => false });
    expect(registry.dispatch({ name: "x", text: "x" })).toBe(false);
  });
});

describe("text width", () => {
  it("counts wide characters as two columns and combining marks as none", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("日本")).toBe(4);
    expect(displayWidth("e\u0301")).toBe(1);
    expect(sliceColumns("日本語", 1, 4)).toBe("本");
    expect(truncateToWidth("hello world", 8)).toBe("hello w…");
  });

  it("measures emoji the way Ink does, so rows are not cut short with an ellipsis", () => {
    expect(displayWidth("✅ done")).toBe(7);
    expect(displayWidth("⚠️")).toBe(2); // text-default emoji + VS16
    expect(displayWidth("👨‍👩‍👧")).toBe(2); // one ZWJ family
    expect(displayWidth("🇩🇪")).toBe(2);
    expect(displayWidth("1️⃣")).toBe(2);
    expect(displayWidth("🚀")).toBe(2);
    expect(displayWidth("a\u200bb\u00adc")).toBe(3); // zero-width space and soft hyphen draw nothing
    expect(displayWidth("\u1100\u1161\u11a8")).toBe(2); // decomposed Hangul syllable
    expect(displayWidth("→ ✓ ★")).toBe(5); // narrow symbols stay one column
  });

  it("never cuts an emoji cluster in half", () => {
    expect(sliceColumns("ab👨‍👩‍👧cd", 1, 3)).toBe("b👨‍👩‍👧");
    expect(sliceColumns("⚠️ok", 0, 1)).toBe("");
    expect(truncateToWidth("✅✅✅", 5)).toBe("✅✅…");
  });

  it("wraps at spaces and hard-breaks long words", () => {
    expect(wrapText("aaa bbb ccc", 7)).toEqual(["aaa bbb", "ccc"]);
    expect(wrapText("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
    expect(wrapText("x\n\ny", 5)).toEqual(["x", "", "y"]);
    expect(wrapText("ab✅✅cd ef", 3)).toEqual(["ab", "✅", "✅c", "d", "ef"]);
    expect(wrapText("日本語テキスト", 1)).toEqual(["日", "本", "語", "テ", "キ", "ス", "ト"]);
  });

  it("wraps a multi-megabyte single word in linear time", () => {
    const lines = wrapText("x".repeat(3_000_000), 50);
    expect(lines).toHaveLength(60_000);
    expect(lines[59_999]).toBe("x".repeat(50));
    const emoji = wrapText("✅".repeat(200_000), 10);
    expect(emoji).toHaveLength(40_000);
  });
});
