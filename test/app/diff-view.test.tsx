// The before/after context diff: pure parts (model, rows, bars, reducer) and the view through Ink,
// reached from the compaction preview with d (this compaction) and b (moving the leaf here).
import { afterEach, describe, expect, it } from "vitest";
import { createCompactionPreviewer, getBranch, type KindBreakdown } from "../../src/engine/index.js";
import { CompactionPreviewScreen } from "../../components/compaction/CompactionPreviewScreen.js";
import { buildDiffModel } from "../../components/diff/diff-model.js";
import { diffViewReducer, initDiffViewState, nextChange } from "../../components/diff/diff-reducer.js";
import { bar, kindBarLines } from "../../components/diff/kind-bars.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { loadTurns, piHome, TURNS, type PiHome } from "./compaction-helpers.js";
import { TestAppContext } from "../support/app-context.js";

let home: PiHome | undefined;
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
});

const lines = (frame: string) => frame.split("\n");
const rowFor = (frame: string, id: string) => lines(frame).find((l) => new RegExp(`^[=−+] .*\\b${id}\\b`).test(l)) ?? "";

describe("diff model", () => {
  const tree = loadTurns();
  const path = getBranch(tree, tree.leafId);
  const preview = createCompactionPreviewer({ path, allEntries: tree.loaded.entries, profile: "1.6" }).preview({
    keepRecentTokens: 2000,
    reserveTokens: 16384,
    contextWindow: 128000,
  });
  const model = buildDiffModel({ title: "t", beforeLabel: "b", afterLabel: "a" }, preview.before, preview.outcome!.after, "1.6");

  it("marks summarized messages removed, the summary added and the tail kept, with tokens on both sides", () => {
    const byId = new Map(model.diff.rows.map((r) => [r.before?.id ?? r.after?.id, r]));
    expect(byId.get("u1")?.status).toBe("removed");
    expect(byId.get("r51")?.status).toBe("removed");
    expect(byId.get("a52")?.status).toBe("kept");
    expect(byId.get("a6z")?.status).toBe("kept");
    const added = model.diff.rows.filter((r) => r.status === "added");
    expect(added.map((r) => r.after?.role)).toContain("compactionSummary");
    expect(model.diff.tokensBefore).toBe(preview.before.reduce((s, r) => s + r.tokens, 0));
    expect(model.diff.tokensAfter).toBe(preview.outcome!.tokensAfter);
  });

  it("breaks each side down by kind: the summary only after, the removed tool results shrink", () => {
    expect(model.kinds.before.summaries.tokens).toBe(0);
    expect(model.kinds.after.summaries.tokens).toBeGreaterThan(0);
    expect(model.kinds.after.toolResults.tokens).toBeLessThan(model.kinds.before.toolResults.tokens);
    expect(model.kinds.after.user.messages).toBe(1);
  });
});

describe("kind bars and the diff reducer", () => {
  it("scales bars to the largest figure, in eighths, never hiding a non-zero kind", () => {
    expect(bar(100, 100, 10)).toBe("██████████");
    expect(bar(50, 100, 10)).toBe("█████");
    expect(bar(1, 1000, 10)).toBe("▏");
    expect(bar(0, 1000, 10)).toBe("");
    const kinds = (tokens: number): KindBreakdown => {
      const k = { chars: tokens * 4, tokens, messages: 1 };
      return { system: k, user: k, assistantText: k, thinking: k, toolCalls: k, toolResults: k, images: k, summaries: k };
    };
    const text = kindBarLines(kinds(1000), kinds(250), 80).map((cells) => cells.map((c) => c.text).join(""));
    expect(text).toHaveLength(9);
    expect(text[2]).toMatch(/^user\s+█{23}\s+1k │ █{5}▊\s+250$/);
  });

  it("scrolls within bounds and jumps between blocks of changes", () => {
    let s = initDiffViewState();
    s = diffViewReducer(s, { type: "scroll", delta: 50, max: 7 });
    expect(s.scroll).toBe(7);
    s = diffViewReducer(s, { type: "scrollTo", edge: "top", max: 7 });
    expect(s.scroll).toBe(0);
    const statuses = ["removed", "removed", "added", "kept", "kept", "removed", "removed"];
    expect(nextChange(statuses, 0, 1)).toBe(2);
    expect(nextChange(statuses, 2, 1)).toBe(3);
    expect(nextChange(statuses, 3, 1)).toBe(5);
    expect(nextChange(statuses, 5, 1)).toBe(5);
    expect(nextChange(statuses, 5, -1)).toBe(3);
    expect(nextChange(statuses, 1, -1)).toBe(0);
    expect(diffViewReducer(s, { type: "toggleBars" }).bars).toBe(false);
  });
});

async function openPreview(targetId: string | null) {
  home = piHome({ compaction: { keepRecentTokens: 2000 } });
  const tree = loadTurns();
  const ui = await renderInk(
    <KeyRouter>
      <TestAppContext env={home.env} size={{ columns: 150, rows: 60 }}>
        <CompactionPreviewScreen tree={tree} targetId={targetId} file={TURNS} active onBack={() => {}} onHelp={() => {}} />
      </TestAppContext>
    </KeyRouter>,
    { columns: 150, rows: 60 },
  );
  await ui.waitFor((f) => f.includes("Compaction preview") && !f.includes("compiling the summary") && !f.includes("Computing the plan"));
  return ui;
}

describe("context diff view", () => {
  it("shows every message now and after the compaction side by side, marked, with the kind bars", async () => {
    const ui = await openPreview(null);
    await ui.press("d");
    const f = await ui.waitFor((fr) => fr.includes("Context now → after this compaction"));
    expect(lines(f).length).toBeLessThanOrEqual(59);
    // The header repeats the preview's own totals (pi's tokensBefore); the rows add up to their own estimates.
    expect(f).toMatch(/~5,260 tokens in 28 messages → ~2,935 in 10 \(rows add up to 3,653 → 2,935 tokens\) · 19 removed \(−\), 1 added \(\+\), 9 kept \(=\)/);
    expect(rowFor(f, "u1")).toMatch(/^− user u1 +73 Turn 1/);
    expect(rowFor(f, "a52")).toMatch(/^= asst a52 +11 \[read: \/home\/u\/shop\/src\/cart52\.ts\] +│ asst a52/);
    expect(lines(f).some((l) => /^\+ .*│ summ \(new\) +1k Deterministic summary/.test(l))).toBe(true);
    expect(f).toMatch(/tool results\s+█+\s+[\d.k]+ │ █+/);
    expect(f).toMatch(/summaries\s+0 │ █+/);
    // Settings keys still work under the diff: a larger keepRecentTokens keeps more, removes fewer.
    await ui.press("]");
    const g = await ui.waitFor((fr) => fr.includes("keepRecentTokens 2,100 (adjusted)"));
    expect(g).toMatch(/· \d+ removed/);
    await ui.press("escape");
    await ui.waitFor((fr) => fr.includes("▼ kept tail"));
  });

  it("diffs a branch switch: the context at the leaf against the context at the selected entry", async () => {
    const ui = await openPreview("x1z");
    await ui.press("b");
    const f = await ui.waitFor((fr) => fr.includes("Context at the leaf → after moving to the selected entry"));
    expect(f).toContain("pi moves the leaf from a6z to x1z");
    expect(rowFor(f, "u2")).toMatch(/^= user u2/);
    expect(rowFor(f, "u3")).toMatch(/^− user u3/);
    expect(rowFor(f, "x1")).toMatch(/^\+ +│ user x1 .*Abandoned idea/);
    await ui.press("tab");
    const g = await ui.waitFor((fr) => !fr.includes("by kind"));
    expect(g).toContain("Context at the leaf");
  });

  it("says so when the selected entry is the leaf (nothing to switch)", async () => {
    const ui = await openPreview(null);
    await ui.press("b");
    expect(await ui.waitFor((fr) => fr.includes("moving there changes nothing"))).toContain("Esc: back");
  });
});
