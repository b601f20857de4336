// The app's pieces around a pi summary and the handoff: the run's states, the working line, the
// offer, and when Shift+O opens pi at once.
import { describe, expect, it } from "vitest";
import { opensAt } from "../../components/handoff/start-handoff.js";
import { handoffCommandLine } from "../../components/handoff/handoff-request.js";
import { initPiSummary, piSummaryReducer, workingLine } from "../../components/summarizer/pi-summary-state.js";
import { piLabel, summarizerOfferLine } from "../../components/summarizer/summarizer-offer.js";
import { treeFromLines } from "../support/oracle-load.js";

const ready = { version: "1.6.0", model: { provider: "anthropic", id: "claude-x", name: "X", contextWindow: 200000, reasoning: true }, thinkingLevel: "high", fallback: null, models: [] };

describe("a pi summary run", () => {
  it("goes starting → working → done, and a cancel marks the running states only", () => {
    let state = initPiSummary(1000);
    state = piSummaryReducer(state, { type: "ready", ready });
    expect(workingLine(state as never, 1500, undefined)).toMatch(/^ {2}\S 0\.5 s {2}starting your pi 1\.6\.0, checking its preparation against the preview \(anthropic\/claude-x\)$/);
    state = piSummaryReducer(state, { type: "working", ready });
    expect(workingLine(state as never, 3250, undefined)).toMatch(/^ {2}\S 2\.3 s {2}anthropic\/claude-x is writing the summary \(pi 1\.6\.0, thinking high\)$/);
    state = piSummaryReducer(state, { type: "cancel" });
    expect(workingLine(state as never, 3300, undefined)).toContain("cancelling…");
    const entry = { type: "compaction", id: "c1", parentId: "a", timestamp: "t" } as never;
    const done = piSummaryReducer(state, { type: "done", entry, ready, nowMs: 5000 });
    expect(done).toMatchObject({ stage: "done", elapsedMs: 4000 });
    expect(piSummaryReducer(done, { type: "cancel" })).toBe(done);
    expect(piSummaryReducer(done, { type: "failed", message: "late" })).toBe(done);
  });

  it("offers pi by model and release, or says why it cannot", () => {
    const found = { ok: true as const, pi: { version: "1.6.0" } as never };
    expect(summarizerOfferLine(found, "anthropic/claude-x")).toBe("  Summarizer: pi-explorer: deterministic, no LLM.  p: pi: anthropic/claude-x (your pi 1.6.0)");
    expect(piLabel({ ok: false, problem: "no pi found on PATH" }, "a/b")).toBe("pi: unavailable (no pi found on PATH)");
    expect(piLabel(undefined, "a/b")).toBe("pi: looking for your pi…");
  });
});

describe("Shift+O", () => {
  const tree = treeFromLines([
    { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00Z", cwd: "/p" },
    { type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:01Z", message: { role: "user", content: "hi", timestamp: 1 } },
    { type: "message", id: "a1", parentId: "u1", timestamp: "2026-01-01T00:00:02Z", message: { role: "assistant", content: [{ type: "text", text: "yo" }], timestamp: 2 } },
    { type: "label", id: "l1", parentId: "a1", timestamp: "2026-01-01T00:00:03Z", targetId: "u1", label: "x" },
  ]);

  it("opens at once on the leaf and on an entry only labels follow; elsewhere the move is written first", () => {
    expect(tree.leafId).toBe("l1");
    expect(opensAt(tree, "l1")).toBe(true);
    expect(opensAt(tree, "a1")).toBe(true);
    expect(opensAt(tree, "u1")).toBe(false);
  });

  it("shows the command to run without a pi, quoted for a shell", () => {
    expect(handoffCommandLine("/s/my session.jsonl")).toBe("pi --session '/s/my session.jsonl'");
  });
});
