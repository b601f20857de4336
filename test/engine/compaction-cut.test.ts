// Cut-point quirks of pi-engine.md §14 / §16.2 (D1–D7) and their 1.6 changes (1x §15).
import { describe, expect, it } from "vitest";
import { findCutPoint, prepareCompaction } from "../../src/engine/compaction/index.js";
import type { PiProfile, SessionEntry } from "../../src/engine/types.js";
import { assistant, chain, example1, ids, meta, text, toolResult, usage, user } from "./compaction-builders.js";

const settings = (keepRecentTokens: number) => ({ enabled: true, reserveTokens: 16384, keepRecentTokens });
const cutId = (path: SessionEntry[], keep: number, profile: PiProfile) => {
  const c = findCutPoint(path, 0, path.length, keep, profile);
  return { kept: path[c.firstKeptEntryIndex].id, turnStart: c.turnStartIndex >= 0 ? path[c.turnStartIndex].id : null, split: c.isSplitTurn };
};

describe("D1: example 1 cut table", () => {
  const path = example1();
  for (const profile of ["0.73", "1.6"] as const) {
    it(`${profile}: 600/550 cut at e4, 500 at e5 split, 400 at e8 split`, () => {
      expect(cutId(path, 600, profile)).toEqual({ kept: "e4", turnStart: null, split: false });
      expect(cutId(path, 550, profile)).toEqual({ kept: "e4", turnStart: null, split: false });
      expect(cutId(path, 500, profile)).toEqual({ kept: "e5", turnStart: "e4", split: true });
      expect(cutId(path, 400, profile)).toEqual({ kept: "e8", turnStart: "e4", split: true });
      expect(cutId(path, 5000, profile).kept).toBe("e1");
    });
  }
  it("k=100: 0.73 falls back to the first cut point, 1.6 to the last", () => {
    expect(cutId(path, 100, "0.73")).toEqual({ kept: "e1", turnStart: null, split: false });
    expect(cutId(path, 100, "1.6")).toEqual({ kept: "e8", turnStart: "e4", split: true });
  });
  it("k=600 preparation: summarize e1–e3, tokensBefore from e8's usage plus e9", () => {
    for (const profile of ["0.73", "1.6"] as const) {
      const prep = prepareCompaction(path, settings(600), profile);
      expect(prep?.firstKeptEntryId).toBe("e4");
      expect(ids(prep?.messagesToSummarize ?? [])).toEqual(["e1", "e2", "e3"]);
      expect(prep?.turnPrefixMessages).toEqual([]);
      expect(prep?.tokensBefore).toBe(1200);
    }
  });
});

describe("D2: example 2 split turn", () => {
  const path = chain(
    user("s1", text(200)),
    assistant("s2", { calls: [{ name: "read", args: { path: "src/a.ts" } }] }),
    toolResult("s3", text(2000)),
    assistant("s4", { calls: [{ name: "read", args: { path: "src/b.ts" } }] }),
    toolResult("s5", text(2000)),
    toolResult("s6", text(2000)),
    assistant("s7", { calls: [{ name: "edit", args: { path: "src/a.ts", oldText: "a", newText: "b" } }] }),
    toolResult("s8", text(400)),
  );
  it("cuts at s7 with the prefix s1–s6 and only the prefix's file ops", () => {
    for (const profile of ["0.73", "1.6"] as const) {
      const prep = prepareCompaction(path, settings(600), profile);
      expect(prep?.firstKeptEntryId).toBe("s7");
      expect(prep?.isSplitTurn).toBe(true);
      expect(prep?.messagesToSummarize).toEqual([]);
      expect(ids(prep?.turnPrefixMessages ?? [])).toEqual(["s1", "s2", "s3", "s4", "s5", "s6"]);
      expect([...(prep?.fileOps.read ?? [])].sort()).toEqual(["src/a.ts", "src/b.ts"]);
      expect(prep?.fileOps.edited.size).toBe(0);
    }
  });
  it("tokensBefore: 0.73 trusts s7's zero usage, 1.6 estimates everything", () => {
    expect(prepareCompaction(path, settings(600), "0.73")?.tokensBefore).toBe(100);
    // 50 + 6 + 500 + 6 + 500 + 500 + 13 + 100: no usage anchor, every message estimated.
    expect(prepareCompaction(path, settings(600), "1.6")?.tokensBefore).toBe(1675);
  });
});

describe("D3: repeated compaction", () => {
  const t = text(400);
  const path = [
    ...example1(),
    ...chain(
      meta("c10", "compaction", { parentId: "e9", summary: "SUMMARY-1", firstKeptEntryId: "e4", tokensBefore: 1200, details: { readFiles: ["old/r.ts"], modifiedFiles: ["old/m.ts"] } }),
      user("e11", t),
      assistant("e12", { text: t, calls: [{ name: "write", args: { path: "new/w.ts" } }] }),
      toolResult("e13", t),
      assistant("e14", { text: t, usage: usage(900) }),
      user("e15", t),
    ),
  ];
  it("re-summarizes from the previous firstKeptEntryId and carries the old file lists", () => {
    for (const profile of ["0.73", "1.6"] as const) {
      const prep = prepareCompaction(path, settings(600), profile);
      expect(prep?.firstKeptEntryId).toBe("e11");
      expect(ids(prep?.messagesToSummarize ?? [])).toEqual(["e4", "e5", "e6", "e7", "e8", "e9"]);
      expect(prep?.previousSummary).toBe("SUMMARY-1");
      expect([...(prep?.fileOps.read ?? [])]).toEqual(["old/r.ts"]);
      expect([...(prep?.fileOps.edited ?? [])]).toEqual(["old/m.ts"]);
    }
  });
});

describe("D5: example 4 quirks", () => {
  it("metadata before the cut is absorbed and makes the cut a split turn", () => {
    const t = text(400);
    const path = chain(user("u1", t), assistant("a2", { text: t }), meta("m3", "model_change", { provider: "p", modelId: "m" }), meta("t4", "thinking_level_change", { thinkingLevel: "high" }), user("u5", t), assistant("a6", { text: t }));
    for (const profile of ["0.73", "1.6"] as const) {
      const prep = prepareCompaction(path, settings(200), profile);
      expect(prep?.firstKeptEntryId).toBe("m3");
      expect(prep?.isSplitTurn).toBe(true);
      expect(ids(prep?.turnPrefixMessages ?? [])).toEqual(["u1", "a2"]);
      expect(prep?.messagesToSummarize).toEqual([]);
    }
  });
  it("tool results alone over budget: 0.73 keeps everything, 1.6 keeps from the assistant", () => {
    const path = chain(user("u1", text(40)), assistant("a2", { text: text(40) }), toolResult("t3", text(4000)));
    expect(cutId(path, 500, "0.73").kept).toBe("u1");
    expect(cutId(path, 500, "1.6")).toEqual({ kept: "a2", turnStart: "u1", split: true });
  });
  it("a branch summary adds no tokens in 0.73 but weighs and stops the back-scan in 1.6", () => {
    const t = text(400);
    const path = chain(user("u1", t), assistant("a2", { text: t }), meta("b3", "branch_summary", { fromId: "x", summary: text(4000) }), user("u4", t), assistant("a5", { text: t }));
    const old = prepareCompaction(path, settings(200), "0.73");
    expect(old?.firstKeptEntryId).toBe("b3");
    expect(old?.isSplitTurn).toBe(true);
    expect(ids(old?.messagesToSummarize ?? [])).toEqual(["u1", "a2"]);
    const now = prepareCompaction(path, settings(200), "1.6");
    expect(now?.firstKeptEntryId).toBe("u4");
    expect(now?.isSplitTurn).toBe(false);
    expect(ids(now?.messagesToSummarize ?? [])).toEqual(["u1", "a2", "b3"]);
  });
});

describe("D6/D7: when pi does not compact", () => {
  it("D6: a small session gives 0.73 an empty preparation at the first entry, 1.6 nothing", () => {
    const path = chain(meta("m1", "model_change", { provider: "p", modelId: "m" }), meta("t2", "thinking_level_change", { thinkingLevel: "low" }), user("u3", "hi"), assistant("a4", { text: "yo" }));
    const old = prepareCompaction(path, settings(20000), "0.73");
    expect(old?.firstKeptEntryId).toBe("m1");
    expect(old?.messagesToSummarize).toEqual([]);
    expect(prepareCompaction(path, settings(20000), "1.6")).toBeUndefined();
  });
  it("D7: a path ending in a compaction", () => {
    const path = [...example1(), ...chain(meta("c", "compaction", { parentId: "e9", summary: "S", firstKeptEntryId: "e4", tokensBefore: 1 }))];
    for (const profile of ["0.73", "1.6"] as const) expect(prepareCompaction(path, settings(600), profile)).toBeUndefined();
  });
});

describe("1.6 recovery omission", () => {
  it("cuts at the omitted failed attempt and splits the turn", () => {
    const path = chain(
      user("u1", text(400)),
      assistant("a1", { text: text(400) }),
      user("u2", text(40000)),
      assistant("a2", { text: text(40), stopReason: "error" }),
      meta("ce1", "context_edit", { targetId: "a2", replacement: null }),
    );
    const now = prepareCompaction(path, settings(2000), "1.6");
    expect(now?.firstKeptEntryId).toBe("a2");
    expect(ids(now?.turnPrefixMessages ?? [])).toEqual(["u2"]);
    expect(ids(now?.messagesToSummarize ?? [])).toEqual(["u1", "a1"]);
    expect(prepareCompaction(path, settings(2000), "0.73")?.firstKeptEntryId).toBe("u2");
  });
});
