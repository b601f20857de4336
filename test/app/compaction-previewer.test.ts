// The preview's cached engine (src/engine/compaction/previewer.ts) must say exactly what the uncached
// engine says: the same cut, bands, warnings and explanation as planCompaction for every setting,
// the same summary the compaction commit would write, and the same context after it. Checked on the
// fixture and on every session of ../shared/corpus, for both profiles.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  branchSwitchContexts,
  buildTree,
  contextAfterCommit,
  contextView,
  createCompactionPreviewer,
  estimateContextAtPath,
  estimateTokens,
  NEW_COMPACTION_ID,
  getBranch,
  parseSession,
  planCompaction,
  planCompactionCommit,
  type PiProfile,
  type SessionTree,
} from "../../src/engine/index.js";
import { describeWithShared, sharedPath } from "../support/shared.js";
import { loadTurns } from "./compaction-helpers.js";

const PROFILES: PiProfile[] = ["1.6", "0.73"];
const KEEPS = [300, 2000, 8000, 20000];
const clock = { nowMs: Date.parse("2026-11-03T00:00:00.000Z"), random: (n: number) => new Uint8Array(n).fill(7) };

function checkAgainstEngine(tree: SessionTree, profile: PiProfile): void {
  const path = getBranch(tree, tree.leafId);
  const previewer = createCompactionPreviewer({ path, allEntries: tree.loaded.entries, profile, cwd: tree.loaded.header?.cwd });
  // Out of order and repeated: the memo must never hand back another setting's answer.
  for (const keep of [...KEEPS, ...KEEPS.slice().reverse()]) {
    const settings = { keepRecentTokens: keep, reserveTokens: 16384, contextWindow: 128000 };
    const p = previewer.preview(settings);
    const plan = planCompaction({ path, profile, ...settings });
    expect(p.firstKeptEntryId).toBe(plan.preparation?.firstKeptEntryId);
    expect(p.turnStartEntryId ?? null).toBe(plan.preparation?.turnStartEntryId ?? null);
    expect(p.bands).toEqual(plan.bands);
    expect(p.warnings).toEqual(plan.warnings);
    expect(p.why).toBe(plan.why);
    expect(p.autoCompact).toEqual(plan.autoCompact);
    expect(p.noCompactionReason).toBe(plan.noCompactionReason);
    if (plan.preparation) expect(p.tokensBefore).toBe(plan.preparation.tokensBefore);
    // One "context now" figure: pi's count at the leaf, with a cut or without one (issue 11: it
    // used to fall back to a plain per-message sum and so moved with keepRecentTokens).
    expect(p.tokensBefore).toBe(estimateContextAtPath(path, profile).tokens);
    expect(p.contextNow.tokens).toBe(p.tokensBefore);

    const commit = planCompactionCommit(tree, { profile, settings: { enabled: true, ...settings } }, clock);
    if (commit.kind === "none") {
      expect(p.outcome).toBeUndefined();
      continue;
    }
    expect(p.outcome?.summary.text).toBe(commit.entry.summary);
    const after = contextAfterCommit(commit.path, commit.pending, profile).messages;
    // The same messages from the same entries; the new compaction has an id only once written.
    const written = (id: string | null) => (id === commit.entry.id ? NEW_COMPACTION_ID : id);
    expect(p.outcome?.after.map((r) => [r.role, r.id, r.tokens])).toEqual(after.map((m) => [m.message.role, written(m.sourceId), estimateTokens(m.message, profile)]));
  }
}

describe("previewer against the engine", () => {
  for (const profile of PROFILES) it(`fixture session, pi ${profile}`, () => checkAgainstEngine(loadTurns(), profile));

  it("defers nothing it was not asked for: plan first, outcome once per cut", () => {
    const tree = loadTurns();
    const previewer = createCompactionPreviewer({ path: getBranch(tree, tree.leafId), allEntries: tree.loaded.entries, profile: "1.6" });
    const a = previewer.plan({ keepRecentTokens: 2000, reserveTokens: 16384, contextWindow: 128000 });
    expect(previewer.cachedOutcome(a)).toBeNull();
    const outcome = previewer.outcome(a);
    // 2100 cuts at the same place as 2000: its outcome is already there.
    const b = previewer.plan({ keepRecentTokens: 2100, reserveTokens: 16384, contextWindow: 128000 });
    expect(b.cutKey).toBe(a.cutKey);
    expect(previewer.cachedOutcome(b)).toBe(outcome);
    const none = previewer.plan({ keepRecentTokens: 50000, reserveTokens: 16384, contextWindow: 128000 });
    expect(previewer.cachedOutcome(none)).toBeUndefined();
  });
});

describe("branch switch contexts", () => {
  it("compares the context at the leaf with the context where pi's leaf would move", () => {
    const tree = loadTurns();
    const sw = branchSwitchContexts(tree, "x1z", "1.6")!;
    expect(sw.newLeafId).toBe("x1z");
    expect(sw.before.map((r) => r.id)).toEqual(contextView(tree, tree.leafId, "1.6").messages.map((m) => m.id));
    expect(sw.after.map((r) => r.id)).toEqual(contextView(tree, "x1z", "1.6").messages.map((m) => m.id));
    // Selecting a user message puts it back into the editor: the leaf moves to its parent.
    const user = branchSwitchContexts(tree, "u3", "1.6")!;
    expect(user.newLeafId).toBe("a2z");
    expect(user.editorText).toContain("Turn 3");
    expect(user.after.at(-1)?.id).toBe("a2z");
    expect(branchSwitchContexts(tree, "nope", "1.6")).toBeUndefined();
  });
});

describeWithShared("previewer against the engine on ../shared/corpus", () => {
  const dir = sharedPath("corpus");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".jsonl"));
  for (const file of files) {
    for (const profile of PROFILES) {
      it(`${file}, pi ${profile}`, () => {
        const loaded = parseSession(readFileSync(join(dir, file), "utf8"), profile);
        if (loaded.invalid) return;
        checkAgainstEngine(buildTree(loaded), profile);
      });
    }
  }
});
