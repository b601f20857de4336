// Migration on load (spec §3): v1 files get pi's deterministic ids and one parent chain,
// firstKeptEntryIndex becomes firstKeptEntryId, hookMessage becomes custom; v3 files are untouched.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildTree, getBranch, parseSession, v1EntryId } from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";

describe("v1 -> v3 migration", () => {
  const loaded = parseSession(readFileSync(join(FIXTURES, "damaged", "v1-legacy.jsonl")), "1.6");

  it("numbers entries 00000001.. in file order, skipping the header and dropped lines", () => {
    expect(loaded.fileVersion).toBe(1);
    expect(loaded.header?.version).toBe(3);
    expect(loaded.entries.map((e) => e.id)).toEqual(["00000001", "00000002", "00000003", "00000004", "00000005"]);
    expect(loaded.entries.map((e) => e.parentId)).toEqual([null, "00000001", "00000002", "00000003", "00000004"]);
    expect(loaded.entryLines).toEqual([2, 3, 5, 6, 7]);
    expect(loaded.diagnostics).toEqual([{ line: 4, problem: expect.stringContaining("not valid JSON") }]);
  });

  it("turns firstKeptEntryIndex (an index into parsed lines, header included) into an id", () => {
    const compaction = loaded.entries[3];
    expect(compaction.type).toBe("compaction");
    expect(compaction.firstKeptEntryId).toBe("00000002");
    expect("firstKeptEntryIndex" in compaction).toBe(false);
  });

  it("renames the hookMessage role to custom", () => {
    expect(loaded.entries[2].message).toMatchObject({ role: "custom", content: "hook" });
  });

  it("the whole file is one chain ending at the last entry", () => {
    const tree = buildTree(loaded);
    expect(tree.leafId).toBe("00000005");
    expect(getBranch(tree)).toHaveLength(5);
  });

  it("v1EntryId is 8 lowercase hex digits", () => {
    expect([1, 10, 1018].map(v1EntryId)).toEqual(["00000001", "0000000a", "000003fa"]);
  });

  it("leaves v3 ids alone and renames hookMessage only in v2", () => {
    const entry = (role: string): string =>
      JSON.stringify({ type: "message", id: "abc", parentId: null, timestamp: "t", message: { role, content: "x" } });
    const v2 = parseSession(`{"type":"session","version":2,"id":"s"}\n${entry("hookMessage")}\n`, "1.6");
    expect(v2.entries[0]).toMatchObject({ id: "abc", message: { role: "custom" } });
    expect(v2.fileVersion).toBe(2);
    const v3 = parseSession(`{"type":"session","version":3,"id":"s"}\n${entry("hookMessage")}\n`, "1.6");
    expect(v3.entries[0]).toMatchObject({ id: "abc", message: { role: "hookMessage" } });
  });

  it("a forward firstKeptEntryIndex gets the not-yet-migrated id (undefined), as in pi", () => {
    const text = [
      '{"type":"session","id":"s"}',
      '{"type":"compaction","summary":"S","firstKeptEntryIndex":2,"tokensBefore":1}',
      '{"type":"message","message":{"role":"user","content":"u"}}',
    ].join("\n");
    const loaded = parseSession(text, "0.73");
    expect(loaded.entries[0].firstKeptEntryId).toBeUndefined();
    expect("firstKeptEntryIndex" in loaded.entries[0]).toBe(false);
  });
});
