// planCompaction: the preview built on pi's preparation (bands, warnings, why, context after, trigger).
import { describe, expect, it } from "vitest";
import { checkAutoCompaction, planCompaction } from "../../src/engine/compaction/index.js";
import { assistant, chain, example1, meta, system, text, toolResult, usage, user } from "./compaction-builders.js";

describe("planCompaction", () => {
  it("splits the active path into summarized, turn-prefix and kept bands", () => {
    const plan = planCompaction({ path: example1(), keepRecentTokens: 500, reserveTokens: 16384 });
    expect(plan.preparation?.firstKeptEntryId).toBe("e5");
    expect(plan.preparation?.turnStartEntryId).toBe("e4");
    expect(plan.bands).toEqual({ earlierIds: [], summarizedIds: ["e1", "e2", "e3"], turnPrefixIds: ["e4"], keptIds: ["e5", "e6", "e7", "e8", "e9"] });
    expect(plan.why).toMatch(/splits the turn starting at e4/);
    expect(plan.why).toMatch(/two summaries/);
  });

  it("builds the context after the compaction: summary first, then the kept messages", () => {
    const plan = planCompaction({ path: example1(), keepRecentTokens: 600, reserveTokens: 16384, summaryChars: 400, compactionId: "cNew", timestamp: "2026-02-01T00:00:00.000Z" });
    expect(plan.contextAfter?.messages.map((m) => `${m.role}:${m.id}`)).toEqual([
      "compactionSummary:cNew", "user:e4", "assistant:e5", "toolResult:e6", "toolResult:e7", "assistant:e8", "toolResult:e9",
    ]);
    // 400 placeholder characters = 100 tokens, plus six kept messages of 100.
    expect(plan.contextAfter?.tokens).toBe(700);
  });

  it("1.6: the context after starts with the system checkpoint the compaction stores", () => {
    const t = text(400);
    const path = chain(system("sys", "You are pi."), user("u1", t), assistant("a1", { text: t }), user("u2", t), assistant("a2", { text: t }));
    const after = planCompaction({ path, keepRecentTokens: 150, reserveTokens: 16384, timestamp: "2026-02-01T00:00:00.000Z" }).contextAfter;
    expect(after?.messages.map((m) => m.role)).toEqual(["system", "compactionSummary", "user", "assistant"]);
    const old = planCompaction({ path, keepRecentTokens: 150, reserveTokens: 16384, profile: "0.73", timestamp: "2026-02-01T00:00:00.000Z" }).contextAfter;
    expect(old?.messages.map((m) => m.role)).toEqual(["compactionSummary", "user", "assistant"]);
  });

  it("warns when tool results alone exceed keepRecentTokens", () => {
    const path = chain(user("u1", text(40)), assistant("a2", { text: text(40) }), toolResult("t3", text(4000)));
    const kinds = (profile: "0.73" | "1.6") => planCompaction({ path, keepRecentTokens: 500, reserveTokens: 16384, profile }).warnings.map((w) => w.kind);
    expect(kinds("1.6")).toContain("tool-results-exceed-keep");
    expect(kinds("0.73")).toEqual(expect.arrayContaining(["tool-results-exceed-keep", "empty-preparation"]));
  });

  it("warns when metadata entries moved the cut", () => {
    const t = text(400);
    const path = chain(user("u1", t), assistant("a2", { text: t }), meta("m3", "model_change", { provider: "p", modelId: "m" }), user("u5", t), assistant("a6", { text: t }));
    const plan = planCompaction({ path, keepRecentTokens: 200, reserveTokens: 16384 });
    const warning = plan.warnings.find((w) => w.kind === "metadata-absorbed");
    expect(warning?.message).toMatch(/from u5 to m3/);
  });

  it("says why there is nothing to compact", () => {
    const plan = planCompaction({ path: chain(user("u1", "hi"), assistant("a1", { text: "yo" })), keepRecentTokens: 20000, reserveTokens: 16384 });
    expect(plan.preparation).toBeUndefined();
    expect(plan.noCompactionReason).toBe("Nothing to compact (session too small)");
    expect(plan.warnings.map((w) => w.kind)).toEqual(["nothing-to-compact"]);
    expect(plan.contextAfter).toBeUndefined();
  });

  it("plans on a 12,000-entry path (every walk is iterative)", () => {
    const drafts = Array.from({ length: 12000 }, (_, i) => (i % 2 === 0 ? user(`u${i}`, text(40)) : assistant(`a${i}`, { text: text(40) })));
    const plan = planCompaction({ path: chain(...drafts), keepRecentTokens: 2000, reserveTokens: 16384, summaryChars: 0 });
    expect(plan.preparation?.firstKeptEntryId).toBe("u11800");
    expect(plan.contextAfter?.messages).toHaveLength(201);
  });

  it("accepts all entries plus a leaf and plans on that leaf's path", () => {
    const t = text(400);
    const entries = chain(user("u1", t), assistant("a1", { text: t }), user("u2", t), assistant("a2", { text: t }));
    entries.push(...chain(meta("x", "label", { parentId: "a1", targetId: "a1", label: "side" })));
    const plan = planCompaction({ path: entries, leafId: "a2", keepRecentTokens: 150, reserveTokens: 16384 });
    expect(plan.bands?.keptIds).toEqual(["u2", "a2"]);
  });
});

describe("checkAutoCompaction (pi's threshold rule)", () => {
  it("uses the last assistant's own usage, with no trailing estimate", () => {
    const path = chain(user("u1", text(4000)), assistant("a1", { text: "x", usage: usage(1000) }), user("u2", text(40000)));
    const check = checkAutoCompaction({ path, contextWindow: 2000, reserveTokens: 1000 });
    expect(check.tokens).toBe(1000);
    expect(check.wouldCompact).toBe(false);
    expect(checkAutoCompaction({ path, contextWindow: 1999, reserveTokens: 1000 }).wouldCompact).toBe(true);
  });
  it("skips an assistant older than the latest compaction (stale guard)", () => {
    const base = chain(user("u1", "a"), assistant("a1", { text: "x", usage: usage(90000) }));
    const path = [...base, ...chain(meta("c1", "compaction", { parentId: "a1", summary: "S", firstKeptEntryId: "a1", tokensBefore: 1 }))];
    const check = checkAutoCompaction({ path, contextWindow: 1000, reserveTokens: 100 });
    expect(check.wouldCompact).toBe(false);
    expect(check.reason).toMatch(/stale/);
  });
  it("1.6 estimates for a zero-usage assistant; 0.73 trusts the zero", () => {
    const path = chain(user("u1", text(4000)), assistant("a1", { text: "x" }));
    expect(checkAutoCompaction({ path, contextWindow: 1500, reserveTokens: 100 }).tokens).toBe(1001);
    expect(checkAutoCompaction({ path, contextWindow: 1500, reserveTokens: 100, profile: "0.73" }).tokens).toBe(0);
  });
});
