// --json answers on the bundled demo session equal pi's own answers (oracle outputs stored in
// test/cli/expected/, made with ../shared/oracle/pi16-oracle.mjs and pi073-oracle.mjs).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedPi, type IsolatedPi } from "./isolated-env.js";
import { DEMO, ensureBuilt, runCli } from "./run-built-cli.js";

const expected16 = JSON.parse(readFileSync(join(import.meta.dirname, "expected", "demo-session.16.json"), "utf8"));
const expected073 = JSON.parse(readFileSync(join(import.meta.dirname, "expected", "demo-session.073.json"), "utf8"));

let pi: IsolatedPi;
beforeAll(() => {
  ensureBuilt();
  pi = isolatedPi();
});
afterAll(() => pi.cleanup());

// Parsed CLI output is free-form JSON, read field by field below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function json(args: string[]): Record<string, any> {
  const run = runCli([...args, "--json"], { env: pi.env, cwd: pi.project });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

describe("context --json", () => {
  it("equals pi 1.6's leaf, active path and context", () => {
    const got = json(["context", DEMO]);
    expect(got.leafId).toBe(expected16.leafId);
    expect(got.activePathIds).toEqual(expected16.activePathIds);
    expect(got.context).toEqual(expected16.context);
    expect(got.diagnostics).toEqual([]);
  });

  it("--pi 0.73 equals pi 0.73's context", () => {
    const got = json(["context", DEMO, "--pi", "0.73"]);
    expect(got.context).toEqual(expected073.context);
  });

  it("--leaf builds the context of another path", () => {
    const leaf = "5e59b508";
    const got = json(["context", DEMO, "--leaf", leaf]);
    expect(got.leafId).toBe(leaf);
    expect(got.activePathIds.at(-1)).toBe(leaf);
    expect(got.activePathIds).not.toEqual(expected16.activePathIds);
    expect(got.context.messages.at(-1).id).toBe(leaf);
  });

  it("an unknown --leaf is a usage error naming the id", () => {
    const run = runCli(["context", DEMO, "--leaf", "nosuchid", "--json"], { env: pi.env, cwd: pi.project });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("nosuchid");
  });
});

describe("tree --json", () => {
  it("has the oracle's session fields", () => {
    const got = json(["tree", DEMO]);
    for (const key of ["header", "entryCount", "entryTypes", "tree", "leafId", "activePathIds", "sessionName"]) {
      expect(got[key], key).toEqual(expected16[key]);
    }
    expect(got.diagnostics).toEqual([]);
  });
});

describe("compact --json", () => {
  for (const keep of ["1000", "2000", "3000"]) {
    it(`--keep-recent ${keep} equals pi's prepareCompaction, plus the context after`, () => {
      const got = json(["compact", DEMO, "--keep-recent", keep]);
      expect(got).toMatchObject(expected16.compaction[keep]);
      expect(got.dryRun).toBe(true);
      expect(got.settings.keepRecentTokens).toEqual({ value: Number(keep), source: "flag" });
      expect(got.settings.reserveTokens).toEqual({ value: 16384, source: "default" });
      // The kept messages follow the summary in the context after, in order, with their tokens.
      const after = got.contextAfter.messages as { role: string; id: string; tokens: number }[];
      expect(after.some((m) => m.role === "compactionSummary")).toBe(true);
      const keptIds = after.filter((m) => m.role !== "compactionSummary" && m.role !== "system").map((m) => m.id);
      expect(keptIds[0]).toBe(got.firstKeptEntryId);
      for (const m of after) expect(Object.keys(m).sort()).toEqual(["id", "role", "tokens"]);
      expect(got.contextAfter.tokens).toBe(after.reduce((s, m) => s + m.tokens, 0));
    });
  }

  it("--pi 0.73 equals pi 0.73's prepareCompaction", () => {
    const got = json(["compact", DEMO, "--keep-recent", "2000", "--pi", "0.73"]);
    expect(got).toMatchObject(expected073.compaction["2000"]);
    expect(got.profile).toBe("0.73");
  });

  it("with pi's default keep, nothing to compact is said the oracle's way", () => {
    const got = json(["compact", DEMO]);
    expect(got).toMatchObject(expected16.compaction["20000"]);
    expect(got.contextAfter).toBeNull();
    expect(got.settings.keepRecentTokens).toEqual({ value: 20000, source: "default" });
  });

  it("project settings are used and reported with their source", async () => {
    const { mkdirSync, writeFileSync, rmSync } = await import("node:fs");
    mkdirSync(join(pi.project, ".pi"), { recursive: true });
    writeFileSync(join(pi.project, ".pi", "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 8000 } }));
    try {
      const got = json(["compact", DEMO]);
      expect(got.settings.keepRecentTokens).toEqual({ value: 8000, source: "project" });
      expect(got).toMatchObject(expected16.compaction["8000"]);
      const flagged = json(["compact", DEMO, "--keep-recent", "2000"]);
      expect(flagged.settings.keepRecentTokens).toEqual({ value: 2000, source: "flag" });
    } finally {
      rmSync(join(pi.project, ".pi"), { recursive: true, force: true });
    }
  });

  it("--context-window says whether pi would compact on its own", () => {
    const small = json(["compact", DEMO, "--keep-recent", "2000", "--context-window", "20000"]);
    const large = json(["compact", DEMO, "--keep-recent", "2000", "--context-window", "1000000"]);
    expect(small.wouldAutoCompact.wouldCompact).toBe(true);
    expect(large.wouldAutoCompact.wouldCompact).toBe(false);
    expect(json(["compact", DEMO]).wouldAutoCompact).toBeNull();
  });
});

describe("branch --json", () => {
  it("equals pi's branch-summary collection and preparation for the same target", () => {
    const target = expected16.branchSummary.targetId as string;
    const got = json(["branch", DEMO, "--target", target]);
    const { targetChoice: _choice, ...rest } = expected16.branchSummary;
    expect(got).toMatchObject(rest);
    expect(got.targetChoice).toBe("cli");
    expect(got.budget).toEqual({ value: 111616, source: "default" });
  });

  it("says where the summary would attach", () => {
    // 727a0cff is a user message on another branch: the new leaf is its parent, the summary hangs there.
    const got = json(["branch", DEMO, "--target", "727a0cff"]);
    expect(got.attach.wouldSummarize).toBe(true);
    expect(got.attach.summaryParentId).toBe(got.attach.newLeafId);
    expect(got.attach.newLeafId).toBe("dd35d1ed");
    expect(got.attach.summaryFromId).toBe(expected16.leafId);
    expect(typeof got.attach.editorText).toBe("string");
  });

  it("--budget limits the prepared messages", () => {
    const target = expected16.branchSummary.targetId as string;
    const got = json(["branch", DEMO, "--target", target, "--budget", "500"]);
    expect(got.budget).toEqual({ value: 500, source: "flag" });
    expect(got.prepared.budget).toBe(500);
    expect(got.prepared.totalTokens).toBeLessThan(got.preparedUnlimited.totalTokens);
    expect(got.prepared.messages.length).toBeLessThan(got.preparedUnlimited.messages.length);
  });
});
