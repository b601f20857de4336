import { describe, expect, it } from "vitest";
import { formatSize, sessionTitle } from "../../components/picker/display.js";
import { pickerKeyAction } from "../../components/picker/key-actions.js";
import { pickerLayout } from "../../components/picker/layout.js";
import { formatRow } from "../../components/picker/row-format.js";
import { threadSessions, treePrefix } from "../../components/picker/threaded.js";
import { displayWidth } from "../../components/kit/text-width.js";
import { NOW, pathOf, session } from "./picker-helpers.js";

describe("row text", () => {
  it("uses the name, else the first message, with control characters as spaces", () => {
    expect(sessionTitle(session("a", 1, { name: "auth\trefactor" }))).toBe("auth refactor");
    expect(sessionTitle(session("a", 1, { firstMessage: "\n  line one\nline two\x1b " }))).toBe("line one line two");
  });

  it("formats sizes compactly", () => {
    expect([formatSize(512), formatSize(4300), formatSize(13 * 1024 * 1024), formatSize(1.2 * 1024 ** 3)]).toEqual(["512B", "4.2K", "13M", "1.2G"]);
  });

  it("fills a row to exactly the width, truncating long titles with …", () => {
    const long = session("long", 90, { firstMessage: "x".repeat(300), messageCount: 1234, branchCount: 3, compactionCount: 2, sizeBytes: 5_000_000 });
    for (const width of [40, 64, 100, 180]) {
      const parts = formatRow(long, "", true, { showPath: false, showCwd: false, now: NOW, width });
      const line = parts.cursor + parts.prefix + parts.title + parts.location + parts.stats;
      expect(displayWidth(line)).toBe(width);
      expect(parts.title.endsWith("…")).toBe(true);
      expect(parts.cursor).toBe("› ");
      expect(parts.stats).toContain("1234");
      expect(parts.stats.trim().endsWith("1h")).toBe(true);
    }
    const wide = formatRow(long, "", false, { showPath: false, showCwd: false, now: NOW, width: 100 });
    expect(wide.stats.split(/\s+/).filter(Boolean)).toEqual(["1234", "3", "2", "4.8M", "1h"]);
  });

  it("shows the project in the all-projects scope and never lets escape sequences through", () => {
    const s = session("evil", 1, { firstMessage: "hi \x1b]52;c;AAAA\x07 there", cwd: "/home/u/work/alpha" });
    const parts = formatRow(s, "", false, { showPath: false, showCwd: true, home: "/home/u", now: NOW, width: 100 });
    expect(parts.location).toContain("~/work/alpha");
    expect(parts.title).not.toContain("\x1b");
    expect(parts.title).not.toContain("\x07");
  });
});

describe("threaded rows", () => {
  it("draws pi's glyphs for nested forks", () => {
    const rows = threadSessions(
      [
        session("root", 10),
        session("c1", 5, { parentSessionPath: pathOf("root") }),
        session("c2", 8, { parentSessionPath: pathOf("root") }),
        session("g1", 6, { parentSessionPath: pathOf("c2") }),
      ],
      "1.6",
    );
    expect(rows.map((r) => r.session.id)).toEqual(["root", "c1", "c2", "g1"]);
    expect(rows.map((_, i) => treePrefix(rows, i))).toEqual(["", "   ├─ ", "   └─ ", "      └─ "]);
  });

  it("handles a 12,000-deep fork chain and a parent loop without recursion or loss", () => {
    const chain = Array.from({ length: 12_000 }, (_, i) => session(`n${i}`, i, i > 0 ? { parentSessionPath: pathOf(`n${i - 1}`) } : {}));
    const rows = threadSessions(chain, "1.6");
    expect(rows).toHaveLength(12_000);
    expect(rows[11_999].depth).toBe(11_999);
    expect(treePrefix(rows, 11_999).length).toBe(3 * 12_000);
    const loop = threadSessions([session("x", 1, { parentSessionPath: pathOf("y") }), session("y", 2, { parentSessionPath: pathOf("x") })], "1.6");
    expect(loop.map((r) => r.session.id).sort()).toEqual(["x", "y"]);
  });
});

describe("layout", () => {
  it("never uses more than rows - 1 lines and always shows at least one row", () => {
    for (const [cols, rows] of [[80, 24], [200, 60], [120, 12], [40, 6], [40, 5], [40, 4], [20, 3], [20, 2], [100, 40]]) {
      const l = pickerLayout(cols, rows);
      const chrome = Number(l.showTitle) + (l.showHints ? 2 : 0) + Number(l.showSearch) + Number(l.showStatus);
      expect(l.chromeLines).toBe(chrome);
      const below = l.preview === "below" ? l.previewHeight : 0;
      expect(l.listHeight).toBeGreaterThanOrEqual(1);
      expect(chrome + l.listHeight + below).toBeLessThanOrEqual(rows - 1);
      if (l.preview === "right") expect(l.listWidth + 1 + l.previewWidth).toBe(cols);
    }
    expect(pickerLayout(200, 50).preview).toBe("right");
    expect(pickerLayout(80, 40).preview).toBe("below");
    expect(pickerLayout(80, 12).preview).toBe("none");
  });
});

describe("keys", () => {
  it("maps pi's default /resume keys and types everything printable", () => {
    expect(pickerKeyAction({ name: "tab", text: "" })).toEqual({ type: "toggleScope" });
    expect(pickerKeyAction({ name: "ctrl+s", text: "" })).toEqual({ type: "cycleSort" });
    expect(pickerKeyAction({ name: "ctrl+n", text: "" })).toEqual({ type: "toggleNamed" });
    expect(pickerKeyAction({ name: "ctrl+p", text: "" })).toEqual({ type: "togglePath" });
    expect(pickerKeyAction({ name: "enter", text: "" })).toEqual({ type: "open" });
    expect(pickerKeyAction({ name: "q", text: "q" })).toEqual({ type: "type", text: "q" });
    expect(pickerKeyAction({ name: "", text: "pasted words" })).toEqual({ type: "type", text: "pasted words" });
    expect(pickerKeyAction({ name: "ctrl+o", text: "" })).toBeNull();
  });
});
