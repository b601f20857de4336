// Hostile session text must never reach the terminal as control sequences.
import { afterEach, describe, expect, it } from "vitest";
import { isInert, sanitizeBlock, sanitizeInline } from "../../components/kit/sanitize.js";
import { App } from "../../components/app/App.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { fixturePath, treeFromText } from "./load-fixture.js";

const HOSTILE = [
  "\x1b[2J\x1b[H", // clear screen, cursor home
  "\x1b]52;c;aGVsbG8=\x07", // OSC 52: write the clipboard
  "\x1b]0;pwned\x1b\\", // title change, ST-terminated
  "\x1b[10A\x1b[5;5H", // cursor moves
  "\x9b31m", // 8-bit CSI
  "\x1bP1$qm\x1b\\", // DCS
  "\x1b_apc\x1b\\\x1b^pm\x1b\\\x1bXsos\x1b\\", // APC, PM, SOS
  "\x1bc", // full reset (single ESC sequence)
  "\u202eevil\u202c \u2066iso\u2069 \u200fmark\u200e \u061c", // bidi override, isolates, marks
  "bell\x07 bs\x08 nul\x00 del\x7f",
].join(" ");

describe("sanitize", () => {
  it("leaves no control or bidi character in inline or block text", () => {
    for (const out of [sanitizeInline(HOSTILE), sanitizeBlock(HOSTILE)]) {
      expect(isInert(out)).toBe(true);
      expect(out).not.toContain("\x1b");
      expect(out).not.toContain("\x9b");
      expect(out).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it("shows escape sequences as visible inert text", () => {
    expect(sanitizeInline("a\x1b[2Jb")).toBe("a␛[2Jb");
    expect(sanitizeInline("\x1b]52;c;aGk=\x07")).toBe("␛]52;c;aGk=␇");
    expect(sanitizeInline("x\u202ey")).toBe("x\ufffdy");
    expect(sanitizeInline("c1\x9bz")).toBe("c1\ufffdz");
  });

  it("turns newlines and tabs into spaces inline, keeps lines in blocks", () => {
    expect(sanitizeInline("a\nb\tc\r\nd")).toBe("a b c d");
    expect(sanitizeBlock("a\r\nb\tc", 2)).toBe("a\nb  c");
    expect(sanitizeBlock("lone\rcr")).toBe("lone␍cr");
  });

  it("keeps ordinary text, including wide and accented characters, unchanged", () => {
    const text = "héllo wörld — 日本語 🙂 [read: ~/x.ts:1-80]";
    expect(sanitizeInline(text)).toBe(text);
  });
});

describe("hostile text in the running app", () => {
  afterEach(cleanupInk);

  it("draws a hostile entry (row, label, detail pane, title) without emitting any of its sequences", async () => {
    const header = { type: "session", version: 3, id: "s-hostile", timestamp: "2026-11-01T10:00:00.000Z", cwd: "/p" };
    const user = { type: "message", id: "u1", parentId: null, timestamp: "2026-11-01T10:00:01.000Z", message: { role: "user", content: `hi ${HOSTILE} end`, timestamp: 1 } };
    const label = { type: "label", id: "l1", parentId: "u1", timestamp: "2026-11-01T10:00:02.000Z", targetId: "u1", label: "\x1b]0;title\x07lbl" };
    const info = { type: "session_info", id: "n1", parentId: "l1", timestamp: "2026-11-01T10:00:03.000Z", name: "name\x1b[31m\u202e" };
    const tree = treeFromText([header, user, label, info].map((o) => JSON.stringify(o)).join("\n") + "\n");
    const ui = await renderInk(
      <App env={{ cwd: "/", home: "/home/u", env: {}, profile: "1.6" }} initial={{ kind: "tree", path: fixturePath("x.jsonl"), fromPicker: false }} initialTree={tree} />,
      { columns: 160, rows: 30 },
    );
    await ui.press("up", "D"); // Shift+D focuses the detail pane (Enter is pi's navigation)
    const frame = await ui.waitFor((f) => f.includes("▶ detail"));
    expect(frame).toContain("␛[2J");
    expect(frame).toContain("␛]52;c;aGVsbG8=␇");
    // Every raw frame Ink wrote: only Ink's own SGR colour codes may appear, nothing from the session.
    for (const raw of ui.frames()) {
      const withoutSgr = raw.replace(/\x1b\[[0-9;]*m/g, "");
      expect(withoutSgr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
      expect(withoutSgr).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
      expect(raw).not.toContain("\x1b]");
      expect(raw).not.toContain("\x1b[2J");
    }
  });
});
