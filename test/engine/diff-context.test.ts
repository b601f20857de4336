import { describe, expect, it } from "vitest";
import { contextBreakdown, diffContexts } from "../../src/engine/diff/index.js";
import type { AgentMessage } from "../../src/engine/types.js";

const row = (role: string, id: string | null, tokens: number) => ({ role, id, tokens });

describe("diffContexts", () => {
  it("marks a compaction: old prefix removed, summary added, tail kept in order", () => {
    const before = [row("user", "u1", 10), row("assistant", "a1", 20), row("user", "u2", 5), row("assistant", "a2", 7)];
    const after = [row("compactionSummary", "c1", 3), row("user", "u2", 5), row("assistant", "a2", 7)];
    const d = diffContexts(before, after);
    expect(d.rows.map((r) => [r.status, r.before?.id ?? r.after?.id])).toEqual([
      ["removed", "u1"],
      ["removed", "a1"],
      ["added", "c1"],
      ["kept", "u2"],
      ["kept", "a2"],
    ]);
    expect(d.counts).toEqual({ kept: 2, removed: 2, added: 1 });
    expect(d.tokensBefore).toBe(42);
    expect(d.tokensAfter).toBe(15);
    expect(d.rows[3].before?.index).toBe(2);
    expect(d.rows[3].after?.index).toBe(1);
  });

  it("keeps two messages of one entry apart (system checkpoint and summary share the compaction id)", () => {
    const before = [row("system", "c1", 4), row("compactionSummary", "c1", 9), row("user", "u5", 1)];
    const after = [row("system", "c2", 4), row("compactionSummary", "c2", 2), row("user", "u5", 1)];
    const d = diffContexts(before, after);
    expect(d.counts).toEqual({ kept: 1, removed: 2, added: 2 });
  });

  it("shows a branch switch: common prefix kept, old branch removed, new branch added", () => {
    const before = [row("user", "u1", 1), row("assistant", "a1", 1), row("user", "x1", 1)];
    const after = [row("user", "u1", 1), row("assistant", "a1", 1), row("branchSummary", "b1", 1), row("user", "y1", 1)];
    const d = diffContexts(before, after);
    expect(d.rows.map((r) => r.status)).toEqual(["kept", "kept", "removed", "added", "added"]);
  });
});

describe("diffContexts by content", () => {
  const msg = (role: string, id: string | null, text: string, timestamp = 1) => ({ role, id, tokens: 5, message: { role, content: [{ type: "text", text }], timestamp } });

  it("keeps an identical system prompt that comes from another entry after the change", () => {
    const before = [msg("system", "s0", "You are pi."), msg("user", "u1", "hi"), msg("assistant", "a1", "hello"), msg("user", "u2", "next")];
    const after = [msg("system", "c9", "You are pi.", 99), msg("compactionSummary", "c9", "summary"), msg("user", "u2", "next")];
    const d = diffContexts(before, after);
    expect(d.rows.map((r) => [r.status, r.before?.id ?? null, r.after?.id ?? null])).toEqual([
      ["kept", "s0", "c9"],
      ["removed", "u1", null],
      ["removed", "a1", null],
      ["added", null, "c9"],
      ["kept", "u2", "u2"],
    ]);
    expect(d.counts).toEqual({ kept: 2, removed: 2, added: 1 });
  });

  it("matches synthesized messages (no entry) by content, and changed content stays removed + added", () => {
    const before = [msg("custom", null, "note A"), msg("user", "u1", "x")];
    const after = [msg("custom", null, "note A"), msg("custom", null, "note B"), msg("user", "u1", "x")];
    expect(diffContexts(before, after).rows.map((r) => r.status)).toEqual(["kept", "added", "kept"]);
    const changed = diffContexts([msg("system", "s0", "old prompt")], [msg("system", "s1", "new prompt")]);
    expect(changed.counts).toEqual({ kept: 0, removed: 1, added: 1 });
  });

  it("never pairs rows out of order: a message that moved is removed where it was and added where it is", () => {
    const before = [msg("user", "p", "A"), msg("user", "q", "B")];
    const after = [msg("user", "r", "B"), msg("user", "s", "A")];
    const d = diffContexts(before, after);
    expect(d.counts.kept).toBe(1);
    expect(d.rows).toHaveLength(3);
  });
});

describe("contextBreakdown", () => {
  const msgs: AgentMessage[] = [
    { role: "user", content: [{ type: "text", text: "abcd" }, { type: "image", data: "", mimeType: "image/png" }] },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "abcd" },
        { type: "text", text: "ab" },
        { type: "toolCall", id: "c", name: "bash", arguments: { command: "ls -la" } },
      ],
    },
    { role: "toolResult", content: [{ type: "text", text: "abcd" }, { type: "image", data: "", mimeType: "image/png" }] },
    { role: "compactionSummary", summary: "x".repeat(40) },
    { role: "system", content: "sys", sections: { a: "bb", b: null }, toolsAdded: [{ name: "t", description: "d", parameters: {} }] },
  ];

  it("splits characters by kind like pi's estimate (spec §9.1 examples)", () => {
    const b = contextBreakdown(msgs, "1.6");
    expect(b.user.chars).toBe(4);
    expect(b.images.chars).toBe(9600); // user image counts in 1.6, tool-result image always
    expect(b.thinking.chars).toBe(4);
    expect(b.assistantText.chars).toBe(2);
    expect(b.toolCalls.chars).toBe(4 + JSON.stringify({ command: "ls -la" }).length);
    expect(b.toolResults.chars).toBe(4);
    expect(b.summaries.tokens).toBe(10);
    expect(b.system.chars).toBe(53); // 1x §7.1 example: 3 + 2 + 48
  });

  it("follows 0.73: user images and system messages count nothing", () => {
    const b = contextBreakdown(msgs, "0.73");
    expect(b.images.chars).toBe(4800);
    expect(b.system.chars).toBe(0);
  });
});
