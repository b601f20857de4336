import { describe, expect, it } from "vitest";
import { parseSession } from "../../src/engine/index.js";
import { previewDetails } from "../../components/picker/preview-data.js";
import { previewLines } from "../../components/picker/preview-lines.js";
import type { PreviewState } from "../../components/picker/use-session-preview.js";
import { displayWidth } from "../../components/kit/text-width.js";
import { session } from "./picker-helpers.js";

const file = [
  { type: "session", version: 3, id: "s1", timestamp: "2026-11-01T10:00:00.000Z", cwd: "/p" },
  { type: "model_change", id: "e1", parentId: null, timestamp: "2026-11-01T10:00:01.000Z", provider: "openai", modelId: "gpt-5" },
  { type: "message", id: "e2", parentId: "e1", timestamp: "2026-11-01T10:00:02.000Z", message: { role: "user", content: "first question", timestamp: 1 } },
  { type: "message", id: "e3", parentId: "e2", timestamp: "2026-11-01T10:00:03.000Z", message: { role: "assistant", content: [{ type: "text", text: "ok" }], provider: "anthropic", model: "claude-opus-4-1", timestamp: 2 } },
  { type: "message", id: "e4", parentId: "e3", timestamp: "2026-11-01T10:00:04.000Z", message: { role: "user", content: [{ type: "text", text: "the" }, { type: "text", text: "last one" }], timestamp: 3 } },
  { type: "message", id: "e5", parentId: "e4", timestamp: "2026-11-01T10:00:05.000Z", message: { role: "user", content: "   ", timestamp: 4 } },
]
  .map((e) => JSON.stringify(e))
  .join("\n");

describe("preview details", () => {
  it("finds the last user message with text, the model in use at the end, and damaged lines", () => {
    const details = previewDetails(parseSession(`${file}\n{not json\n`, "1.6"));
    expect(details.lastUserMessage).toBe("the last one");
    expect(details.model).toBe("anthropic/claude-opus-4-1");
    expect(details.damagedLines).toEqual([7]);
  });

  it("prefers a model change that comes after the last assistant message", () => {
    const later = JSON.stringify({ type: "model_change", id: "e6", parentId: "e5", timestamp: "2026-11-01T10:00:06.000Z", provider: "google", modelId: "gemini-2.5-pro" });
    expect(previewDetails(parseSession(`${file}\n${later}\n`, "1.6")).model).toBe("google/gemini-2.5-pro");
  });
});

describe("preview lines", () => {
  it("fit the pane and keep the most useful facts first", () => {
    const s = session("x", 5, { firstMessage: "word ".repeat(80), messageCount: 1, branchCount: 2, compactionCount: 1 });
    const state: PreviewState = { status: "ready", details: { model: "openai/gpt-5", lastUserMessage: "bye", damagedLines: [] } };
    const lines = previewLines(s, state, 60, 7);
    expect(lines).toHaveLength(7);
    for (const line of lines) expect(displayWidth(line.text)).toBeLessThanOrEqual(60);
    const text = lines.map((l) => l.text).join("\n");
    expect(text).toContain("1 message · 2 branches · 1 compaction · 2.0K");
    expect(text).toContain("openai/gpt-5");
    expect(text).toMatch(/Last\s+bye/);
    const narrow = previewLines(s, state, 36, 7);
    for (const line of narrow) expect(displayWidth(line.text)).toBeLessThanOrEqual(36);
    expect(narrow.map((l) => l.text).join("\n")).toContain("1 msg · 2 br · 1 cmp · 2.0K");
  });

  it("counts with grouped digits and English plurals, in the wide and the narrow stats", () => {
    const s = session("x", 5, { messageCount: 12_345, branchCount: 1, compactionCount: 1_002 });
    const state: PreviewState = { status: "loading" };
    const text = (width: number) => previewLines(s, state, width, 7).map((l) => l.text).join("\n");
    expect(text(80)).toContain("12,345 messages · 1 branch · 1,002 compactions · 2.0K");
    expect(text(50)).toContain("12,345 msg · 1 br · 1,002 cmp · 2.0K");
  });

  it("says when the file cannot be read, without hiding what the listing knows", () => {
    const s = session("x", 5);
    const text = previewLines(s, { status: "error", message: "EACCES: permission denied" }, 60, 20).map((l) => l.text).join("\n");
    expect(text).toContain("cannot read: EACCES");
    expect(text).toContain("first message of x");
  });
});
