// Branch summarization: collection (D8), budget walk (D9) and where pi attaches the summary (D10, 1x §11).
import { describe, expect, it } from "vitest";
import { collectEntriesForBranchSummary, navigationAttachment, planBranch, prepareBranchEntries } from "../../src/engine/branch/index.js";
import { indexById } from "../../src/engine/context/index.js";
import { assistant, chain, meta, toolResult, user } from "./compaction-builders.js";

// A→B→Bt→C(compaction)→D and A→E→F (pi-engine.md §13.1).
const entries = [
  ...chain(
    user("A", "a"),
    assistant("B", { calls: [{ name: "read", args: { path: "r.ts" } }] }),
    toolResult("Bt", "t"),
    meta("C", "compaction", { summary: "COMPACTED", firstKeptEntryId: "B", tokensBefore: 1 }),
    user("D", "D"),
  ),
  ...chain(assistant("E", { text: "e" }), user("F", "f")).map((e, i) => (i === 0 ? { ...e, parentId: "A" } : e)),
];
const byId = indexById(entries);

describe("D8: collectEntriesForBranchSummary", () => {
  it("collects back to the common ancestor, through compactions", () => {
    expect(collectEntriesForBranchSummary(byId, "D", "F")).toMatchObject({ commonAncestorId: "A" });
    expect(collectEntriesForBranchSummary(byId, "D", "F").entries.map((e) => e.id)).toEqual(["B", "Bt", "C", "D"]);
    expect(collectEntriesForBranchSummary(byId, "D", "B").entries.map((e) => e.id)).toEqual(["Bt", "C", "D"]);
    expect(collectEntriesForBranchSummary(byId, "A", "D").entries).toEqual([]);
    expect(collectEntriesForBranchSummary(byId, null, "D")).toEqual({ entries: [], commonAncestorId: null });
  });
});

describe("D9: prepareBranchEntries", () => {
  const collected = collectEntriesForBranchSummary(byId, "D", "F").entries;
  it("budget 0 keeps everything but tool results", () => {
    const p = prepareBranchEntries(collected, 0, "0.73");
    expect(p.messages.map((m) => m.message.role)).toEqual(["assistant", "compactionSummary", "user"]);
    expect(p.totalTokens).toBe(9);
    expect([...p.fileOps.read]).toEqual(["r.ts"]);
  });
  it("budget 3 still admits the summary under 90% and stops", () => {
    const p = prepareBranchEntries(collected, 3, "0.73");
    expect(p.messages.map((m) => m.sourceId)).toEqual(["C", "D"]);
    expect(p.totalTokens).toBe(4);
    expect(p.droppedIds).toEqual(["B"]);
    expect(p.fileOps.read.size).toBe(0);
  });
  it("1.6 applies context edits among the collected entries", () => {
    const withEdit = [...collected, ...chain(meta("X", "context_edit", { parentId: "D", targetId: "D", replacement: null }))];
    expect(prepareBranchEntries(withEdit, 0, "1.6").keptIds).toEqual(["B", "C"]);
    expect(prepareBranchEntries(withEdit, 0, "0.73").keptIds).toEqual(["B", "C", "D"]);
  });
});

describe("where pi attaches the summary", () => {
  it("a selected user message: its parent, with the text for the editor", () => {
    expect(navigationAttachment(byId.get("F")!, "D", "0.73")).toEqual({ newLeafId: "E", editorText: "f", fromId: "E" });
    expect(navigationAttachment(byId.get("F")!, "D", "1.6")).toEqual({ newLeafId: "E", editorText: "f", fromId: "D" });
  });
  it("D10: a root user message attaches at null, fromId root (0.73)", () => {
    expect(navigationAttachment(byId.get("A")!, "D", "0.73")).toEqual({ newLeafId: null, editorText: "a", fromId: "root" });
  });
  it("anything else: the entry itself", () => {
    expect(navigationAttachment(byId.get("E")!, "D", "1.6")).toMatchObject({ newLeafId: "E", editorText: undefined });
  });
  it("planBranch: same leaf is a no-op, unknown target an error", () => {
    expect(planBranch({ byId, oldLeafId: "D", targetId: "D" })).toEqual({ kind: "same-leaf", targetId: "D" });
    expect(planBranch({ byId, oldLeafId: "D", targetId: "nope" })).toMatchObject({ kind: "not-found", error: "Entry nope not found" });
    const plan = planBranch({ byId, oldLeafId: "D", targetId: "F", budget: 0 });
    expect(plan).toMatchObject({ kind: "plan", commonAncestorId: "A", entryIds: ["B", "Bt", "C", "D"], newLeafId: "E", wouldSummarize: true });
  });
});
