// A compaction's summarized span is found by walking back from it only as far as the previous
// compaction's kept entry. It must equal the span read off the whole root path (pi's
// prepareCompaction), for any tree, and loops in parent links must not hang it.
import { describe, expect, it } from "vitest";
import { entryLinks, summarizedSpan } from "../../src/engine/recall/paths.js";
import type { CompactionEntry, SessionEntry } from "../../src/engine/types.js";

const at = "2026-01-01T00:00:00.000Z";
const message = (id: string, parentId: string | null): SessionEntry =>
  ({ type: "message", id, parentId, timestamp: at, message: { role: "user", content: id, timestamp: 0 } }) as SessionEntry;
const compaction = (id: string, parentId: string | null, firstKeptEntryId: string): SessionEntry =>
  ({ type: "compaction", id, parentId, timestamp: at, summary: "s", firstKeptEntryId, tokensBefore: 0 }) as SessionEntry;

const ids = (entries: SessionEntry[], positions: number[]): string[] => positions.map((p) => entries[p].id);

function spans(entries: SessionEntry[]): { walked: string[][]; whole: string[][]; acyclic: boolean } {
  const links = entryLinks(entries);
  const wholePath = { ...links, acyclic: false };
  const compactions = entries.filter((e): e is CompactionEntry => e.type === "compaction");
  return {
    walked: compactions.map((c) => ids(entries, summarizedSpan(entries, links, c))),
    whole: compactions.map((c) => ids(entries, summarizedSpan(entries, wholePath, c))),
    acyclic: links.acyclic,
  };
}

describe("compaction spans", () => {
  it("re-summarizes from the previous compaction's kept entry, up to its own", () => {
    const entries = [
      message("a", null),
      message("b", "a"),
      message("c", "b"),
      compaction("k1", "c", "b"),
      message("d", "k1"),
      message("e", "d"),
      compaction("k2", "e", "e"),
    ];
    const { walked, whole, acyclic } = spans(entries);
    expect(acyclic).toBe(true);
    expect(walked).toEqual([["a"], ["b", "c", "d"]]);
    expect(whole).toEqual(walked);
  });

  it("matches the whole-path reading on random trees with duplicate ids and stray kept ids", () => {
    let seed = 7;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const entries: SessionEntry[] = [];
      const count = 5 + next(60);
      for (let i = 0; i < count; i++) {
        // Ids sometimes repeat (the last one wins, as in pi's map); parents are earlier entries.
        const id = next(10) === 0 && i > 0 ? entries[next(i)].id : `e${i}`;
        const parent = i === 0 || next(12) === 0 ? null : entries[i - 1 - next(Math.min(i, 4))].id;
        const kept = next(6) === 0 ? "missing" : `e${next(count)}`;
        entries.push(next(4) === 0 ? compaction(id, parent, kept) : message(id, parent));
      }
      const { walked, whole, acyclic } = spans(entries);
      if (acyclic) expect(walked).toEqual(whole);
    }
  });

  it("falls back to the bounded whole-path walk when parent links loop", () => {
    const entries = [message("a", "c"), message("b", "a"), message("c", "b"), compaction("k", "c", "b")];
    const { walked, whole, acyclic } = spans(entries);
    expect(acyclic).toBe(false);
    expect(walked).toEqual(whole);
  });
});
