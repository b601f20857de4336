import { describe, expect, it } from "vitest";
import {
  buildBranchSummaryEntry,
  buildCompactionEntry,
  buildFork,
  buildLabelEntry,
  entryLine,
  labelFromInput,
  newEntryId,
  uuidV7,
  type AgentMessage,
  type RandomSource,
  type SessionEntry,
} from "../../src/engine/index.js";

/** Deterministic bytes: each call returns the next `count` values of a counter. */
function counterRandom(start = 0): RandomSource {
  let n = start;
  return (count) => Uint8Array.from({ length: count }, () => n++ % 256);
}
/** Returns the given byte arrays in turn (for collision tests). */
const scriptedRandom = (...chunks: number[][]): RandomSource => {
  let i = 0;
  return (count) => {
    const chunk = chunks[Math.min(i++, chunks.length - 1)]!;
    return Uint8Array.from({ length: count }, (_, k) => chunk[k] ?? 0);
  };
};

const NOW = Date.parse("2026-03-04T05:06:07.089Z");
const details = { readFiles: ["a.ts"], modifiedFiles: ["b.ts"] };

describe("entry ids and session ids", () => {
  it("takes 8 hex digits of a UUIDv4 and retries while the id is taken", () => {
    const random = scriptedRandom([0xaa, 0xbb, 0xcc, 0xdd], [0x01, 0x02, 0x03, 0x04]);
    expect(newEntryId(new Set(["aabbccdd"]), random)).toBe("01020304");
  });
  it("falls back to a whole UUID after 100 collisions", () => {
    const id = newEntryId({ has: () => true }, counterRandom());
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it("makes UUIDv7 session ids whose first 48 bits are the time", () => {
    const id = uuidV7(NOW, counterRandom(7));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(NOW);
  });
});

describe("compaction entry", () => {
  const base = { leafId: "leaf0001", summary: "S", firstKeptEntryId: "keep0001", tokensBefore: 1234, details, takenIds: new Set<string>(), nowMs: NOW };
  it("0.73 writes pi's key order with fromHook false and no usage", () => {
    const entry = buildCompactionEntry({ ...base, profile: "0.73", random: scriptedRandom([0x12, 0x34, 0x56, 0x78]) });
    expect(entryLine(entry)).toBe(
      '{"type":"compaction","id":"12345678","parentId":"leaf0001","timestamp":"2026-03-04T05:06:07.089Z","summary":"S",' +
        '"firstKeptEntryId":"keep0001","tokensBefore":1234,"details":{"readFiles":["a.ts"],"modifiedFiles":["b.ts"]},"fromHook":false}\n',
    );
  });
  it("1.6 adds the replayed system message stamped with the compaction's time", () => {
    const projectionMessages: AgentMessage[] = [
      { role: "system", content: "P", sections: { a: "x", b: "y" }, toolsAdded: [{ name: "read" }], timestamp: 5 },
      { role: "user", content: "hi", timestamp: 6 },
      { role: "system", content: "Q", sections: { b: null }, toolsRemoved: [{ name: "read" }], toolsAdded: [{ name: "bash" }], timestamp: 7 },
    ];
    const entry = buildCompactionEntry({ ...base, profile: "1.6", projectionMessages, random: scriptedRandom([1, 2, 3, 4]) });
    expect(Object.keys(entry)).toEqual(["type", "id", "parentId", "timestamp", "summary", "firstKeptEntryId", "tokensBefore", "details", "fromHook", "systemMessage"]);
    expect(entry.systemMessage).toEqual({ role: "system", content: "P\n\nQ", sections: { a: "x" }, toolsAdded: [{ name: "bash" }], timestamp: NOW });
  });
  it("1.6 omits systemMessage when the context has no system state, and retain-none names itself", () => {
    const entry = buildCompactionEntry({ ...base, firstKeptEntryId: null, profile: "1.6", projectionMessages: [], random: counterRandom() });
    expect(entry.firstKeptEntryId).toBe(entry.id);
    expect("systemMessage" in entry).toBe(false);
    expect(() => buildCompactionEntry({ ...base, firstKeptEntryId: null, profile: "0.73", random: counterRandom() })).toThrow(/keeps nothing/);
  });
});

describe("branch summary entry", () => {
  const base = { attachId: "a0000001", oldLeafId: "b0000002", summary: "B", details, takenIds: new Set<string>(), nowMs: NOW };
  it("0.73 records the attach point as fromId, 1.6 the abandoned leaf", () => {
    const old = buildBranchSummaryEntry({ ...base, profile: "0.73", random: counterRandom() });
    const now = buildBranchSummaryEntry({ ...base, profile: "1.6", random: counterRandom() });
    expect(old).toMatchObject({ parentId: "a0000001", fromId: "a0000001", fromHook: false });
    expect(now).toMatchObject({ parentId: "a0000001", fromId: "b0000002", fromHook: false });
    expect(Object.keys(now)).toEqual(["type", "id", "parentId", "timestamp", "fromId", "summary", "details", "fromHook"]);
  });
  it("writes root when there is no attach point (0.73) or no old leaf (1.6)", () => {
    expect(buildBranchSummaryEntry({ ...base, attachId: null, profile: "0.73", random: counterRandom() }).fromId).toBe("root");
    expect(buildBranchSummaryEntry({ ...base, oldLeafId: null, profile: "1.6", random: counterRandom() }).fromId).toBe("root");
  });
});

describe("label entry", () => {
  const base = { leafId: "leaf0001", takenIds: new Set(["t0000001", "leaf0001"]), nowMs: NOW, random: scriptedRandom([0xab, 0xcd, 0xef, 0x01]) };
  it("sets a label with pi's key order", () => {
    expect(entryLine(buildLabelEntry({ ...base, targetId: "t0000001", label: "keep" }))).toBe(
      '{"type":"label","id":"abcdef01","parentId":"leaf0001","timestamp":"2026-03-04T05:06:07.089Z","targetId":"t0000001","label":"keep"}\n',
    );
  });
  it("clears a label by leaving the label key out, and refuses unknown targets with pi's message", () => {
    expect("label" in buildLabelEntry({ ...base, targetId: "t0000001", label: undefined })).toBe(false);
    expect(() => buildLabelEntry({ ...base, targetId: "nope", label: "x" })).toThrow("Entry nope not found");
  });
  it("reads label input like pi's tree editor: trimmed, empty clears", () => {
    expect(labelFromInput("  hi  ")).toBe("hi");
    expect(labelFromInput("   ")).toBeUndefined();
  });
});

describe("fork (createBranchedSession)", () => {
  const msg = (id: string, parentId: string | null, text: string): SessionEntry => ({
    type: "message",
    id,
    parentId,
    timestamp: "2026-01-01T00:00:01.000Z",
    message: { role: "user", content: text, timestamp: 1 },
  });
  const label: SessionEntry = { type: "label", id: "L1", parentId: "x1", timestamp: "2026-01-01T00:00:02.000Z", targetId: "x1", label: "L" };
  const path: SessionEntry[] = [msg("x1", null, "1"), label, msg("x2", "L1", "2")];
  const labels = new Map([["x1", { label: "L", timestamp: "2026-01-01T00:00:02.000Z" }]]);
  const input = { path, labels, parentSession: "/s/old.jsonl", cwd: "/home/dev/project", nowMs: NOW };

  it("1.6 re-chains the path around the dropped label (pi's probe: message(null), message(x1), label(x2))", () => {
    const fork = buildFork({ ...input, profile: "1.6", random: counterRandom() });
    expect(fork.entries.map((e) => `${e.type}(${e.parentId})`)).toEqual(["message(null)", "message(x1)", "label(x2)"]);
    expect(fork.entries[2]).toMatchObject({ targetId: "x1", label: "L", timestamp: "2026-01-01T00:00:02.000Z" });
    expect(fork.leafId).toBe(fork.entries[2]!.id);
  });
  it("0.73 copies parentIds verbatim, leaving x2 pointing at the removed label", () => {
    const fork = buildFork({ ...input, profile: "0.73", random: counterRandom() });
    expect(fork.entries.map((e) => `${e.type}(${e.parentId})`)).toEqual(["message(null)", "message(L1)", "label(x2)"]);
  });
  it("writes a v3 header in pi's key order and names the file after its time and id", () => {
    const fork = buildFork({ ...input, profile: "1.6", random: counterRandom() });
    expect(Object.keys(fork.header)).toEqual(["type", "version", "id", "timestamp", "cwd", "parentSession"]);
    expect(fork.header).toMatchObject({ version: 3, timestamp: "2026-03-04T05:06:07.089Z", cwd: "/home/dev/project", parentSession: "/s/old.jsonl" });
    expect(fork.fileName).toBe(`2026-03-04T05-06-07-089Z_${fork.header.id}.jsonl`);
  });
  it("keeps the key order of copied entries (only parentId's value changes)", () => {
    const fork = buildFork({ ...input, profile: "1.6", random: counterRandom() });
    expect(entryLine(fork.entries[1]!)).toBe(
      '{"type":"message","id":"x2","parentId":"x1","timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"2","timestamp":1}}\n',
    );
  });
  it("redirects a compaction's firstKeptEntryId from a dropped label to the next kept entry (1.6)", () => {
    const comp: SessionEntry = { type: "compaction", id: "c1", parentId: "x2", timestamp: "t", summary: "s", firstKeptEntryId: "L1", tokensBefore: 1 };
    const fork = buildFork({ ...input, path: [...path, comp], profile: "1.6", random: counterRandom() });
    expect(fork.entries.find((e) => e.id === "c1")).toMatchObject({ firstKeptEntryId: "x2", parentId: "x2" });
  });
});
