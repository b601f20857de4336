// estimateTokens and the usage-based estimates (base §9.1–9.2 D14/D15, 1x §7).
import { describe, expect, it } from "vitest";
import { buildContext } from "../../src/engine/context/index.js";
import { estimateContextTokens, estimateProjectedContextTokens, estimateTokens, shouldCompact } from "../../src/engine/tokens/index.js";
import type { AgentMessage } from "../../src/engine/types.js";
import { assistant, chain, meta, system, usage, user } from "./compaction-builders.js";

const image = { type: "image", data: "", mimeType: "image/png" };

describe("D14: estimateTokens", () => {
  it("counts thinking, text and tool calls of an assistant", () => {
    const m: AgentMessage = { role: "assistant", content: [{ type: "thinking", thinking: "abcd" }, { type: "text", text: "ab" }, { type: "toolCall", id: "1", name: "bash", arguments: { command: "ls -la" } }] };
    expect(estimateTokens(m, "0.73")).toBe(8);
    expect(estimateTokens(m, "1.6")).toBe(8);
  });
  it("counts a tool-result image as 4800 characters", () => {
    const m = { role: "toolResult", content: [{ type: "text", text: "abcd" }, image] } as AgentMessage;
    expect(estimateTokens(m, "0.73")).toBe(1201);
  });
  it("user images: free in 0.73, 4800 characters in 1.6", () => {
    const m = { role: "user", content: [{ type: "text", text: "abcd" }, image] } as AgentMessage;
    expect(estimateTokens(m, "0.73")).toBe(1);
    expect(estimateTokens(m, "1.6")).toBe(1201);
  });
  it("counts an excluded bash execution; system costs nothing in 0.73", () => {
    expect(estimateTokens({ role: "bashExecution", command: "ls", output: "abcdefg", excludeFromContext: true })).toBe(3);
    const sys: AgentMessage = { role: "system", content: "abcd", sections: { a: "abcd", b: null }, toolsAdded: [{ name: "x" }] };
    expect(estimateTokens(sys, "0.73")).toBe(0);
    expect(estimateTokens(sys, "1.6")).toBe(Math.ceil((4 + 4 + JSON.stringify([{ name: "x" }]).length) / 4));
  });
});

describe("D15: estimateContextTokens", () => {
  const u = usage(0, { input: 10, output: 5, cacheRead: 3, cacheWrite: 2, totalTokens: 0 });
  const msgs: AgentMessage[] = [
    { role: "user", content: "hi" },
    { role: "assistant", content: [], usage: u, stopReason: "stop" },
    { role: "user", content: "12345678" },
  ];
  it("anchors on the last usage and estimates what follows", () => {
    for (const p of ["0.73", "1.6"] as const) {
      expect(estimateContextTokens(msgs, p)).toEqual({ tokens: 22, usageTokens: 20, trailingTokens: 2, lastUsageIndex: 1 });
    }
  });
  it("a zero usage anchors in 0.73 only", () => {
    const zero = [msgs[0], { ...msgs[1], usage: usage(0) }, msgs[2]];
    expect(estimateContextTokens(zero, "0.73").lastUsageIndex).toBe(1);
    expect(estimateContextTokens(zero, "1.6")).toEqual({ tokens: 3, usageTokens: 0, trailingTokens: 3, lastUsageIndex: null });
  });
  it("skips error and aborted assistants", () => {
    const err = [msgs[0], { ...msgs[1], stopReason: "error" }, msgs[2]];
    expect(estimateContextTokens(err, "0.73").lastUsageIndex).toBeNull();
  });
});

describe("1.6 estimateProjectedContextTokens", () => {
  it("ignores usage older than a later context_edit and replays the system state once", () => {
    const entries = chain(system("s", "abcdefgh"), user("u1", "abcd"), assistant("a1", { text: "ab", usage: usage(5000) }), meta("e", "context_edit", { targetId: "u1", replacement: { content: "abcdefgh" } }));
    const ctx = buildContext(entries, undefined, "1.6");
    const plain = estimateContextTokens(ctx.messages.map((m) => m.message), "1.6");
    expect(plain.tokens).toBe(5000);
    expect(estimateProjectedContextTokens(ctx.projection ?? [], entries)).toEqual({ tokens: 2 + 2 + 1, usageTokens: 0, trailingTokens: 5, lastUsageIndex: null });
  });
  it("trusts usage newer than every edit", () => {
    const entries = chain(user("u1", "abcd"), assistant("a1", { text: "ab", usage: usage(5000) }), user("u2", "abcd"));
    const ctx = buildContext(entries, undefined, "1.6");
    expect(estimateProjectedContextTokens(ctx.projection ?? [], entries).tokens).toBe(5001);
  });
});

describe("shouldCompact", () => {
  it("is strictly greater than window minus reserve, and off when disabled", () => {
    expect(shouldCompact(100, 200, { enabled: true, reserveTokens: 100 })).toBe(false);
    expect(shouldCompact(101, 200, { enabled: true, reserveTokens: 100 })).toBe(true);
    expect(shouldCompact(101, 200, { enabled: false, reserveTokens: 100 })).toBe(false);
  });
});
