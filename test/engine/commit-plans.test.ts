import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildTree, parseSession, planBranchCommit, planCompactionCommit, withFocusNote, type PiProfile } from "../../src/engine/index.js";
import { readFileSync } from "node:fs";
import { FIXTURES } from "../support/shared.js";

const tree = (profile: PiProfile) => buildTree(parseSession(readFileSync(join(FIXTURES, "commit", "small-v3.jsonl")), profile));
const clock = { nowMs: Date.parse("2026-03-01T00:00:00Z"), random: (n: number) => new Uint8Array(n).fill(7) };
const settings = (keepRecentTokens: number) => ({ enabled: true, reserveTokens: 16384, keepRecentTokens });

describe("compaction commit plan", () => {
  it("keeps pi's per-release answer when everything fits: 1.6 refuses, 0.73 still writes a compaction", () => {
    expect(planCompactionCommit(tree("1.6"), { profile: "1.6", settings: settings(20000) }, clock)).toEqual({
      kind: "none",
      reason: "Nothing to compact (session too small)",
    });
    const old = planCompactionCommit(tree("0.73"), { profile: "0.73", settings: settings(20000) }, clock);
    expect(old.kind).toBe("commit");
  });

  it("appends at the given leaf, keeping pi's cut and file lists", () => {
    const plan = planCompactionCommit(tree("1.6"), { profile: "1.6", settings: settings(10), leafId: "a0000004" }, clock);
    if (plan.kind !== "commit") throw new Error(plan.reason);
    expect(plan.entry.parentId).toBe("a0000004");
    expect(plan.entry.firstKeptEntryId).toBe(plan.preparation.firstKeptEntryId);
    expect(plan.entry.tokensBefore).toBe(plan.preparation.tokensBefore);
    expect(plan.entry.details).toEqual({ readFiles: ["src/app.ts"], modifiedFiles: [] });
    expect(plan.entry.summary.endsWith("<read-files>\nsrc/app.ts\n</read-files>")).toBe(true);
    expect(plan.path.at(-1)!.id).toBe("a0000004");
  });
});

describe("branch commit plan", () => {
  it("writes nothing when the target is the leaf or unknown", () => {
    expect(planBranchCommit(tree("1.6"), { profile: "1.6", targetId: "l0000002" }, clock)).toMatchObject({ kind: "none", reason: expect.stringMatching(/already the leaf/) });
    expect(planBranchCommit(tree("1.6"), { profile: "1.6", targetId: "nope" }, clock)).toEqual({ kind: "none", reason: "Entry nope not found" });
  });

  it("attaches at a selected assistant entry and summarizes the abandoned branch (1.6 fromId = old leaf)", () => {
    const plan = planBranchCommit(tree("1.6"), { profile: "1.6", targetId: "a0000004" }, clock);
    if (plan.kind !== "commit") throw new Error(plan.reason);
    expect(plan.entry).toMatchObject({ parentId: "a0000004", fromId: "l0000002" });
    expect(plan.plan.entryIds).toEqual(["u0000003", "a0000005", "l0000002"]);
    expect(plan.path.map((e) => e.id).at(-1)).toBe("a0000004");
  });
});

describe("focus note", () => {
  it("puts --instructions on top with their lines kept (indented under the item), and leaves the summary alone without them", () => {
    expect(withFocusNote("S", "look at\r\nthe tests ")).toBe("[Focus]\n- look at\n  the tests\n\nS");
    expect(withFocusNote("S", " one\n\n[Goal]\n")).toBe("[Focus]\n- one\n  \n  [Goal]\n\nS");
    expect(withFocusNote("S", undefined)).toBe("S");
    expect(withFocusNote("S", "  ")).toBe("S");
  });
});
