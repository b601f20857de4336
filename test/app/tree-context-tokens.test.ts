// The status line's "context ~N tokens" is pi's own estimate for the profile (oracle answers).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { buildTree, parseSession, type PiProfile } from "../../src/engine/index.js";
import { flattenTree } from "../../components/tree/flat-tree.js";
import { computeSessionFacts } from "../../components/tree/session-facts.js";
import { describeWithShared, sharedPath } from "../support/shared.js";

describeWithShared("status line context tokens", () => {
  // ex3-recompact-error: a usage recorded before the latest compaction, which 1.6 no longer trusts.
  for (const [profile, suffix] of [["1.6", "16"], ["0.73", "073"]] as [PiProfile, string][]) {
    it(`matches pi ${profile} after a compaction whose kept range holds an old usage`, () => {
      const expected = JSON.parse(readFileSync(sharedPath("oracle/expected", `oracle__fixtures__ex3-recompact-error.${suffix}.json`), "utf8"));
      const tree = buildTree(parseSession(readFileSync(sharedPath(expected.file)), profile));
      const facts = computeSessionFacts(tree, flattenTree(tree), profile, new Date(0));
      const pi = profile === "1.6" ? expected.context.estimateProjectedContextTokens : expected.context.estimateContextTokens;
      expect(facts.contextTokens).toBe(pi.tokens);
    });
  }
});
