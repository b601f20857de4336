// One function decides a compaction plan (issue 12): planCompaction. The CLI's `compact` calls it, and
// the app's previewer is a cache in front of it, so the cut, bands, why and warnings the preview shows
// are the very objects planCompaction returned, and the CLI answers the same for the same settings.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CompactionPlan, CompactionPlanInput } from "../../src/engine/compaction/plan.js";
import { createCompactionPreviewer, getBranch } from "../../src/engine/index.js";
import { loadTurns, TURNS } from "../app/compaction-helpers.js";
import { runInProcess } from "../cli/run-in-process.js";

const decided = vi.hoisted(() => ({ calls: [] as { input: CompactionPlanInput; plan: CompactionPlan }[] }));

vi.mock("../../src/engine/compaction/plan.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/engine/compaction/plan.js")>();
  return {
    ...original,
    planCompaction: (input: CompactionPlanInput) => {
      const plan = original.planCompaction(input);
      decided.calls.push({ input, plan });
      return plan;
    },
  };
});

const home = mkdtempSync(join(tmpdir(), "pi-explorer-one-plan-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
beforeEach(() => {
  decided.calls.length = 0;
});

const SETTINGS = { keepRecentTokens: 2000, reserveTokens: 16384, contextWindow: 128000 };

describe("one compaction plan function", () => {
  it("the previewer's plan is planCompaction's, cached per setting", () => {
    const tree = loadTurns();
    const previewer = createCompactionPreviewer({ path: getBranch(tree, tree.leafId), allEntries: tree.loaded.entries, profile: "1.6" });
    const shown = previewer.plan(SETTINGS);
    expect(decided.calls).toHaveLength(1);
    const { input, plan } = decided.calls[0];
    expect(input).toMatchObject({ profile: "1.6", ...SETTINGS });
    // The same objects, not a copy worked out alongside.
    expect(shown.bands).toBe(plan.bands);
    expect(shown.warnings).toBe(plan.warnings);
    expect(shown.autoCompact).toBe(plan.autoCompact);
    expect(shown.why).toBe(plan.why);
    expect(shown.firstKeptEntryId).toBe(plan.preparation?.firstKeptEntryId);
    expect(shown.firstKeptEntryId).toBe("a52");
  });

  it("the CLI's compact goes through the same function and answers what the preview shows", async () => {
    const tree = loadTurns();
    const shown = createCompactionPreviewer({ path: getBranch(tree, tree.leafId), allEntries: tree.loaded.entries, profile: "1.6" }).plan(SETTINGS);
    decided.calls.length = 0;
    const run = await runInProcess(["compact", TURNS, "--keep-recent", "2000", "--reserve", "16384", "--context-window", "128000", "--json"], { env: {}, cwd: home, home });
    expect(run.status, run.stderr).toBe(0);
    expect(decided.calls).toHaveLength(1);
    expect(decided.calls[0].input).toMatchObject({ profile: "1.6", ...SETTINGS });
    const doc = JSON.parse(run.stdout) as { firstKeptEntryId: string; turnStartEntryId: string | null; warnings: unknown; explanation: string; wouldAutoCompact: unknown };
    expect(doc.firstKeptEntryId).toBe(shown.firstKeptEntryId);
    expect(doc.turnStartEntryId).toBe(shown.turnStartEntryId ?? null);
    expect(doc.explanation).toBe(shown.why);
    expect(doc.warnings).toEqual(shown.warnings);
    expect(doc.wouldAutoCompact).toEqual(shown.autoCompact);
  });
});
