// The leaf-to-root walk (context/path.ts) takes the quick way on a path without a cycle and stops
// at the first repeated entry on one with a cycle, as pi's walk would if it did not loop forever:
// both give exactly what a walk remembering every entry gives, on random parent graphs.
import { describe, expect, it } from "vitest";
import { buildSessionPath, indexById, walkToRoot } from "../../src/engine/context/path.js";
import type { SessionEntry } from "../../src/engine/types.js";

/** The walk as it was: every entry remembered, stopping at the first seen again. */
function reference(leaf: SessionEntry | undefined, byId: ReadonlyMap<string, SessionEntry>): string[] {
  const path: string[] = [];
  const seen = new Set<SessionEntry>();
  let current = leaf;
  while (current && !seen.has(current)) {
    seen.add(current);
    path.push(current.id);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return path.reverse();
}

function rng(seed: number): () => number {
  let x = seed;
  return () => ((x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32);
}

const entry = (id: string, parentId: string | null): SessionEntry => ({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "user", content: id, timestamp: 0 } }) as SessionEntry;

describe("walkToRoot and buildSessionPath", () => {
  it("give the walk that remembers every entry, with and without cycles, duplicate ids and missing parents", () => {
    const next = rng(7);
    let cycles = 0;
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(next() * 40);
      const entries: SessionEntry[] = [];
      for (let i = 0; i < n; i++) {
        const r = next();
        // Mostly an earlier entry's child; sometimes a later one's (a cycle may form), a missing parent, a root, or an id used again.
        const parent = r < 0.7 && i > 0 ? `e${Math.floor(next() * i)}` : r < 0.8 ? `e${Math.floor(next() * n)}` : r < 0.9 ? "gone" : null;
        const id = next() < 0.05 && i > 0 ? `e${Math.floor(next() * i)}` : `e${i}`;
        entries.push(entry(id, parent));
      }
      const byId = indexById(entries);
      for (const from of [...byId.keys(), "unknown"]) {
        const expected = reference(byId.get(from), byId);
        if (expected.length > 0 && byId.get(expected[0])?.parentId && byId.has(byId.get(expected[0])!.parentId!)) cycles++;
        expect(walkToRoot(byId, from).map((e) => e.id)).toEqual(expected);
      }
      const leaf = entries[entries.length - 1];
      expect(buildSessionPath(entries).map((e) => e.id)).toEqual(reference(leaf, byId));
    }
    // The rounds did meet cycles (a path whose first entry still has a parent).
    expect(cycles).toBeGreaterThan(20);
  });

  it("walks a path as long as there are entries, and one that closes on itself", () => {
    const chain = Array.from({ length: 5000 }, (_, i) => entry(`e${i}`, i === 0 ? null : `e${i - 1}`));
    const byId = indexById(chain);
    expect(walkToRoot(byId, "e4999").map((e) => e.id)).toEqual(chain.map((e) => e.id));
    const loop = [...chain.slice(1), entry("e0", "e4999")];
    const loopById = indexById(loop);
    expect(walkToRoot(loopById, "e4999").map((e) => e.id)).toEqual(reference(loopById.get("e4999"), loopById));
    expect(walkToRoot(loopById, "e4999")).toHaveLength(5000);
  });
});
