// The engine's answers equal pi's own (the oracle's expected/ files), field by field, for every
// expected file: context, every compaction[K] and the branch summary, in both releases.
import { readdirSync, readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { branchView, compactionSection, contextView, sessionView } from "../../src/engine/view/index.js";
import type { PiProfile } from "../../src/engine/types.js";
import { describeWithShared, hasShared, sharedPath } from "../support/shared.js";
import { loadTree } from "../support/oracle-load.js";

interface Expected {
  file: string;
  openError?: string;
  compaction: Record<string, unknown>;
  branchSummary: { targetChoice?: string; targetId?: string; prepared?: { budget: number } };
  [key: string]: unknown;
}

const expectedDir = sharedPath("oracle", "expected");
const names = hasShared ? readdirSync(expectedDir).filter((n) => /\.(16|073)\.json$/.test(n)).sort() : [];
/** JSON round trip: the oracle's files drop undefined fields, and so must the comparison. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describeWithShared("engine answers equal pi's (oracle/expected)", () => {
  it("finds the expected files (42 listed in the oracle README, more when the corpus grows)", () => {
    expect(names.length).toBeGreaterThanOrEqual(42);
  });
  for (const name of names) {
    const profile: PiProfile = name.endsWith(".16.json") ? "1.6" : "0.73";
    const exp = JSON.parse(readFileSync(sharedPath("oracle", "expected", name), "utf8")) as Expected;
    // A file pi refuses to open has no sections to compare (none in expected/ today).
    const skip = exp.openError !== undefined;
    const load = () => loadTree(sharedPath(exp.file), profile);
    it.skipIf(skip)(`${name}: session, leaf and active path`, () => {
      const session = sessionView(load());
      for (const key of ["header", "entryCount", "entryTypes", "tree", "leafId", "activePathIds", "sessionName"] as const) {
        expect(plain(session[key]), key).toEqual(exp[key]);
      }
    });
    it.skipIf(skip)(`${name}: context`, () => {
      const tree = load();
      expect(plain(contextView(tree, tree.leafId, profile))).toEqual(exp.context);
    });
    it.skipIf(skip)(`${name}: compaction at every keepRecentTokens`, () => {
      const keeps = Object.keys(exp.compaction).filter((k) => k !== "default").map(Number);
      const compaction = plain(compactionSection(load(), keeps, profile)) as Record<string, unknown>;
      expect(Object.keys(compaction).sort()).toEqual(Object.keys(exp.compaction).sort());
      for (const key of Object.keys(exp.compaction)) expect(compaction[key], `compaction[${key}]`).toEqual(exp.compaction[key]);
    });
    it.skipIf(skip)(`${name}: branch summary`, () => {
      const bs = exp.branchSummary;
      const target = bs.targetChoice === "cli" ? bs.targetId : undefined;
      const budget = bs.prepared?.budget ?? 111616;
      expect(plain(branchView(load(), { targetId: target, budget }, profile))).toEqual(bs);
    });
  }
});
