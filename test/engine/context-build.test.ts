// buildContext per release (base §7, 1x §6) and convertToLlm's exact wire text (D17).
import { describe, expect, it } from "vitest";
import { buildContext, convertToLlm } from "../../src/engine/context/index.js";
import type { AgentMessage, SessionEntry } from "../../src/engine/types.js";
import { assistant, chain, meta, system, user } from "./compaction-builders.js";

const shape = (entries: SessionEntry[], profile: "0.73" | "1.6", leafId?: string | null) =>
  buildContext(entries, leafId, profile).messages.map((m) => `${m.message.role}:${m.sourceId}`);

describe("buildContext", () => {
  const withCompaction = chain(
    system("sys1", "prompt"),
    user("u1", "one"),
    assistant("a1", { text: "r1" }),
    system("sys2", "later prompt"),
    user("u2", "two"),
    assistant("a2", { text: "r2" }),
    meta("c1", "compaction", { summary: "S", firstKeptEntryId: "sys2", tokensBefore: 10, systemMessage: { role: "system", content: "replayed", timestamp: 5 } }),
    user("u3", "three"),
  );

  it("1.6: checkpoint then summary, system messages dropped from the kept range", () => {
    expect(shape(withCompaction, "1.6")).toEqual(["system:c1", "compactionSummary:c1", "user:u2", "assistant:a2", "user:u3"]);
  });
  it("0.73: summary, then every kept message including system ones", () => {
    expect(shape(withCompaction, "0.73")).toEqual(["compactionSummary:c1", "system:sys2", "user:u2", "assistant:a2", "user:u3"]);
  });

  it("1.6 context_edit: omission, latest edit wins, string replacement becomes one text block", () => {
    const entries = chain(
      user("u1", "hello"),
      assistant("a1", { text: "original" }),
      meta("e1", "context_edit", { targetId: "a1", replacement: null }),
      meta("e2", "context_edit", { targetId: "a1", replacement: { content: "edited" } }),
      user("u2", "bye"),
      meta("e3", "context_edit", { targetId: "u2", replacement: null }),
    );
    const ctx = buildContext(entries, undefined, "1.6");
    expect(ctx.messages.map((m) => m.sourceId)).toEqual(["u1", "a1"]);
    expect(ctx.messages[1].message.content).toEqual([{ type: "text", text: "edited" }]);
    expect(shape(entries, "0.73")).toEqual(["user:u1", "assistant:a1", "user:u2"]);
  });

  it("an edit on another branch has no effect", () => {
    const entries = chain(user("u1", "a"), assistant("a1", { text: "b" }));
    entries.push(...chain(meta("side", "context_edit", { parentId: "u1", targetId: "u1", replacement: null })));
    expect(shape(entries, "1.6", "a1")).toEqual(["user:u1", "assistant:a1"]);
  });

  it("1.6 repairs null content on a copy; 0.73 passes it through", () => {
    const entries = chain(user("u1", null));
    expect(buildContext(entries, undefined, "1.6").messages[0].message.content).toEqual([]);
    expect(buildContext(entries, undefined, "0.73").messages[0].message.content).toBeNull();
    expect((entries[0] as { message: AgentMessage }).message.content).toBeNull();
  });

  it("skips empty branch summaries and metadata; leaf null gives nothing", () => {
    const entries = chain(user("u1", "a"), meta("b1", "branch_summary", { fromId: "x", summary: "" }), meta("l1", "label", { targetId: "u1", label: "x" }), meta("b2", "branch_summary", { fromId: "x", summary: "B" }));
    expect(shape(entries, "1.6")).toEqual(["user:u1", "branchSummary:b2"]);
    expect(shape(entries, "1.6", null)).toEqual([]);
  });

  it("takes thinking level and model from the path", () => {
    const entries = chain(meta("t", "thinking_level_change", { thinkingLevel: "high" }), meta("m", "model_change", { provider: "p", modelId: "m1" }), user("u", "x"));
    const ctx = buildContext(entries, undefined, "1.6");
    expect(ctx.thinkingLevel).toBe("high");
    expect(ctx.model).toEqual({ provider: "p", modelId: "m1" });
  });

  it("walks 12,000-deep paths without recursion", () => {
    const drafts = Array.from({ length: 12000 }, (_, i) => user(`u${i}`, "x"));
    expect(buildContext(chain(...drafts), undefined, "1.6").messages).toHaveLength(12000);
  });
});

describe("D17: convertToLlm wrappers", () => {
  const text = (m: AgentMessage) => (m.content as { text: string }[])[0].text;
  it("branch text ends S</summary>, compaction text ends S\\n</summary>", () => {
    const [b, c] = convertToLlm([
      { role: "branchSummary", summary: "S", timestamp: 1 },
      { role: "compactionSummary", summary: "S", timestamp: 1 },
    ]);
    expect(text(b)).toBe("The following is a summary of a branch that this conversation came back from:\n\n<summary>\nS</summary>");
    expect(text(c)).toBe("The conversation history before this point was compacted into the following summary:\n\n<summary>\nS\n</summary>");
  });
  it("drops excluded bash; system only survives in 1.6", () => {
    const msgs: AgentMessage[] = [
      { role: "bashExecution", command: "ls", output: "", exitCode: 2, excludeFromContext: false },
      { role: "bashExecution", command: "ls", output: "x", excludeFromContext: true },
      { role: "system", content: "p" },
    ];
    const now = convertToLlm(msgs, "1.6");
    expect(now.map((m) => m.role)).toEqual(["user", "system"]);
    expect(text(now[0])).toBe("Ran `ls`\n(no output)\n\nCommand exited with code 2");
    expect(convertToLlm(msgs, "0.73").map((m) => m.role)).toEqual(["user"]);
  });
});
