// The one context estimate (estimateContextAtPath): pi's own figure at a leaf, 1.6's projected
// estimate or 0.73's usage-anchored one, checked by hand on a fixture and against the oracle's
// answers for every expected file.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildContextFromPath,
  estimateContextAtPath,
  estimateTokens,
  getBranch,
  type PiProfile,
  type SessionEntry,
} from "../../src/engine/index.js";
import { loadTree } from "../support/oracle-load.js";
import { describeWithShared, FIXTURES, hasShared, sharedPath } from "../support/shared.js";

// branched.jsonl: u1 a1 r1 a2 → u2a a3a r3a a4a r4a cmp1 (firstKept a4a) a5a, every assistant usage 1280.
const tree = loadTree(join(FIXTURES, "app", "branched.jsonl"));
const pathTo = (id: string): SessionEntry[] => getBranch(tree, id);
const messageTokens = (path: readonly SessionEntry[], profile: PiProfile, from = 0): number =>
  buildContextFromPath(path, profile)
    .messages.slice(from)
    .reduce((sum, m) => sum + estimateTokens(m.message, profile), 0);

describe("estimateContextAtPath on a fixture", () => {
  it("anchors on the last assistant usage and adds the messages after it", () => {
    const path = pathTo("r4a"); // last usage on a4a, then the tool result r4a
    for (const profile of ["1.6", "0.73"] as const) {
      const estimate = estimateContextAtPath(path, profile);
      const r4a = buildContextFromPath(path, profile).messages.at(-1)!;
      expect(estimate).toEqual({ tokens: 1280 + estimateTokens(r4a.message, profile), usageTokens: 1280, trailingTokens: estimateTokens(r4a.message, profile), lastUsageIndex: 7 });
    }
  });

  it("right after a compaction, 1.6 distrusts the older usage and estimates everything; 0.73 still anchors on it", () => {
    const path = pathTo("cmp1");
    const v16 = estimateContextAtPath(path, "1.6");
    expect(v16.lastUsageIndex).toBeNull();
    expect(v16.tokens).toBe(messageTokens(path, "1.6"));
    const v073 = estimateContextAtPath(path, "0.73");
    // 0.73's context: [compaction summary, a4a (usage), r4a].
    expect(v073).toMatchObject({ usageTokens: 1280, lastUsageIndex: 1, tokens: 1280 + messageTokens(path, "0.73", 2) });
    expect(v16.tokens).not.toBe(v073.tokens);
  });

  it("trusts a usage recorded after the compaction again", () => {
    expect(estimateContextAtPath(pathTo("a5a"), "1.6")).toMatchObject({ tokens: 1280, lastUsageIndex: 3 });
  });

  it("gives 0 for an empty path", () => {
    expect(estimateContextAtPath([], "1.6").tokens).toBe(0);
    expect(estimateContextAtPath([], "0.73").tokens).toBe(0);
  });
});

interface Expected {
  file: string;
  leafId: string | null;
  context: { estimateContextTokens: unknown; estimateProjectedContextTokens?: unknown };
}

const names = hasShared ? readdirSync(sharedPath("oracle", "expected")).filter((n) => /\.(16|073)\.json$/.test(n)).sort() : [];

describeWithShared("estimateContextAtPath gives pi's figure at the leaf (oracle/expected)", () => {
  it("covers the corpus and the oracle's fixtures", () => {
    expect(names.filter((n) => n.startsWith("corpus__")).length).toBeGreaterThanOrEqual(10);
  });
  for (const name of names) {
    const profile: PiProfile = name.endsWith(".16.json") ? "1.6" : "0.73";
    it(`${name}: ${profile === "1.6" ? "estimateProjectedContextTokens" : "estimateContextTokens"}`, () => {
      const expected = JSON.parse(readFileSync(sharedPath("oracle", "expected", name), "utf8")) as Expected;
      const loaded = loadTree(sharedPath(expected.file), profile);
      expect(loaded.leafId).toBe(expected.leafId);
      const pi = profile === "1.6" ? expected.context.estimateProjectedContextTokens : expected.context.estimateContextTokens;
      expect(JSON.parse(JSON.stringify(estimateContextAtPath(getBranch(loaded, loaded.leafId), profile)))).toEqual(pi);
    });
  }
});
