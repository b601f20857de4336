import { describe, expect, it } from "vitest";
import { damagedLineCount, parseSession } from "../../src/engine/index.js";

const header = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
const user = (id: string, parent: string | null) =>
  JSON.stringify({ type: "message", id, parentId: parent, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: "hi", timestamp: 1 } });

describe("damaged line count", () => {
  it("does not count a missing final newline: every line loaded whole", () => {
    const loaded = parseSession(`${header}\n${user("u1", null)}`, "1.6");
    expect(loaded.diagnostics).toHaveLength(1);
    expect(loaded.diagnostics[0].note).toBe(true);
    expect(damagedLineCount(loaded.diagnostics)).toBe(0);
  });

  it("counts each damaged line once, however many problems it has", () => {
    const text = `${header}\n${user("u1", null)}\nnot json\n${user("u2", "gone")}${user("u3", "u1")}\n${user("u4", "missing")}\n`;
    const loaded = parseSession(text, "1.6");
    expect(loaded.diagnostics.map((d) => d.line)).toEqual([3, 4, 5]);
    expect(damagedLineCount(loaded.diagnostics)).toBe(3);
    expect(damagedLineCount([...loaded.diagnostics, { line: 5, problem: "again" }])).toBe(3);
  });
});
