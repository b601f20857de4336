// pathBands' earlier band: the path's entries whose id no placed unit has. It walks path and units
// together by identity and looks up only what that walk leaves; the answer must be the lookup of every id.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pathBands } from "../../src/engine/compaction/bands.js";
import { analyzeCompaction } from "../../src/engine/compaction/prepare.js";
import { getBranch } from "../../src/engine/tree/tree.js";
import type { PiProfile, SessionEntry } from "../../src/engine/types.js";
import { loadTree } from "../support/oracle-load.js";
import { FIXTURES, hasShared, sharedPath } from "../support/shared.js";

function everyIdLookedUp(path: readonly SessionEntry[], bands: NonNullable<ReturnType<typeof pathBands>>): string[] {
  const placed = new Set([...bands.summarizedIds, ...bands.turnPrefixIds, ...bands.keptIds]);
  return path.map((e) => e.id).filter((id) => !placed.has(id));
}

const sessions = [
  join(FIXTURES, "demo", "demo-session.jsonl"),
  join(FIXTURES, "first-look", "session.jsonl"),
  join(FIXTURES, "first-look", "damaged-tool-result.jsonl"),
  ...(hasShared ? readdirSync(sharedPath("corpus", "pi-written")).map((f) => sharedPath("corpus", "pi-written", f)) : []),
];

describe("pathBands", () => {
  it.each(sessions)("earlier ids of every leaf's path equal a lookup of every id: %s", (file) => {
    for (const profile of ["1.6", "0.73"] as PiProfile[]) {
      const tree = loadTree(file, profile);
      let compared = 0;
      for (const entry of tree.loaded.entries) {
        if (tree.childrenOf(entry.id).length > 0) continue;
        const path = getBranch(tree, entry.id);
        for (const keep of [0, 200, 5_000]) {
          const bands = pathBands(path, analyzeCompaction(path, { enabled: true, reserveTokens: 16384, keepRecentTokens: keep }, profile));
          if (!bands) continue;
          expect(bands.earlierIds, `${profile} leaf ${entry.id} keep ${keep}`).toEqual(everyIdLookedUp(path, bands));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(0);
    }
  });

  it("a path after a compaction has an earlier band", () => {
    const tree = loadTree(join(FIXTURES, "demo", "demo-session.jsonl"));
    const path = getBranch(tree);
    const bands = pathBands(path, analyzeCompaction(path, { enabled: true, reserveTokens: 16384, keepRecentTokens: 200 }, "1.6"));
    expect(bands?.earlierIds.length).toBeGreaterThan(0);
  });
});
