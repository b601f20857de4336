// One context figure on every screen: the tree's status line and the branch flow's "Context now"
// are the same number, and "Context after" is what pi counts once the planned entry is written.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextChange, contextChangeLines } from "../../components/branch/context-change.js";
import { flattenTree } from "../../components/tree/flat-tree.js";
import { computeSessionFacts } from "../../components/tree/session-facts.js";
import { buildTree, estimateContextAtPath, getBranch, parseSession, planBranchCommit, type PiProfile } from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";

const FILE = join(FIXTURES, "app", "branched.jsonl");
const text = readFileSync(FILE, "utf8");
const treeOf = (source: string, profile: PiProfile) => buildTree(parseSession(source, profile));
const clock = { nowMs: Date.parse("2026-11-02T00:00:00Z"), random: (n: number) => new Uint8Array(n).fill(9) };

describe.each(["1.6", "0.73"] as const)("context figures agree (pi %s)", (profile) => {
  const tree = treeOf(text, profile);

  it("the status line and the branch flow's 'Context now' show the same figure", () => {
    const status = computeSessionFacts(tree, flattenTree(tree), profile, new Date(0)).contextTokens;
    const change = contextChange(tree, getBranch(tree, "a5a"), profile, "move");
    expect(change.estimate.before.tokens).toBe(status);
    expect(contextChangeLines(change)[0]).toContain(`~${status.toLocaleString("en-US")} tokens`);
  });

  it("'Context after' a branch summary is pi's figure at the new leaf once the entry is written", () => {
    const plan = planBranchCommit(tree, { profile, targetId: "a5a", instructions: "one\ntwo" }, clock);
    if (plan.kind !== "commit") throw new Error(plan.reason);
    const change = contextChange(tree, [...plan.path, ...plan.pending.entries], profile, "summary");
    // Write the entry the way pi would (appended line), read the file back, and count at its leaf.
    const written = treeOf(text + plan.pending.entries.map((e) => `${JSON.stringify(e)}\n`).join(""), profile);
    expect(written.leafId).toBe(plan.pending.newLeafId);
    const pi = estimateContextAtPath(getBranch(written, written.leafId), profile);
    expect(change.estimate.after).toEqual(pi);
    const delta = pi.tokens - change.estimate.before.tokens;
    expect(contextChangeLines(change)[1]).toContain(`~${pi.tokens.toLocaleString("en-US")} tokens (${delta >= 0 ? "+" : ""}${delta.toLocaleString("en-US")}`);
  });

  it("labels how each total was reached, and keeps the per-message rows' own sums apart", () => {
    const change = contextChange(tree, getBranch(tree, "cmp1"), profile, "move");
    const [now, after] = contextChangeLines(change);
    expect(now).toContain("(last usage + estimate)");
    // Right after the compaction 1.6 trusts no usage; 0.73 still anchors on a4a's.
    expect(after).toContain(profile === "1.6" ? ", estimate)" : ", last usage + estimate)");
    expect(change.estimate.before.tokens).not.toBe(change.diff.tokensBefore);
    // The full diff (d) heads its rows with the same totals as these lines.
    expect(change.counted).toEqual({ before: change.estimate.before.tokens, after: change.estimate.after.tokens });
  });
});
