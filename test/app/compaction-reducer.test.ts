// The preview's pure parts: settings steps, the reducer, and the bands list built from a real plan.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildTree, createCompactionPreviewer, getBranch, parseSession, type PiProfile } from "../../src/engine/index.js";
import { describeWithShared, sharedPath } from "../support/shared.js";
import { bandLines, followCutTop } from "../../components/compaction/band-lines.js";
import { adjustedValue, initPreviewState, previewReducer, settingStep } from "../../components/compaction/preview-reducer.js";
import { settingsInForce } from "../../components/compaction/preview-settings.js";
import { chunkPresses } from "../../components/compaction/use-preview-input.js";
import { loadTurns } from "./compaction-helpers.js";

describe("settings steps", () => {
  it("steps by about a tenth of the value, snapped to round numbers", () => {
    expect(settingStep(20000)).toBe(1000);
    expect(settingStep(16384)).toBe(1000);
    expect(settingStep(128000)).toBe(10000);
    expect(settingStep(500)).toBe(10);
    expect(adjustedValue(20000, 1, false, "keepRecentTokens")).toBe(21000);
    expect(adjustedValue(16384, -1, false, "reserveTokens")).toBe(16000);
    expect(adjustedValue(16384, 1, false, "reserveTokens")).toBe(17000);
    expect(adjustedValue(20000, 1, true, "keepRecentTokens")).toBe(30000);
  });

  it("never goes below zero tokens, nor a window below 1000", () => {
    expect(adjustedValue(0, -1, false, "keepRecentTokens")).toBe(0);
    expect(adjustedValue(1000, -1, false, "contextWindow")).toBe(1000);
  });
});

describe("preview reducer", () => {
  it("records adjustments as overrides on top of pi's settings, and resets them", () => {
    let s = initPreviewState("1.6");
    s = previewReducer(s, { type: "adjust", setting: "keepRecentTokens", base: 500, direction: 1 });
    expect(s.overrides).toEqual({ keepRecentTokens: 510 });
    // A second press steps from the override, not from pi's value again.
    s = previewReducer(s, { type: "adjust", setting: "keepRecentTokens", base: 500, direction: 1 });
    expect(s.overrides).toEqual({ keepRecentTokens: 520 });
    s = previewReducer(s, { type: "adjust", setting: "keepRecentTokens", base: 500, direction: -1 });
    const loaded = {
      keepRecentTokens: { value: 500, source: "global" },
      reserveTokens: { value: 16384, source: "default" },
      contextWindow: { value: 128000, source: "assumed" },
    };
    const inForce = settingsInForce(loaded, s.overrides);
    expect(inForce.keepRecentTokens).toEqual({ value: 510, source: "adjusted" });
    expect(inForce.reserveTokens).toEqual({ value: 16384, source: "default" });
    s = previewReducer(s, { type: "resetSettings" });
    expect(settingsInForce(loaded, s.overrides).keepRecentTokens).toEqual({ value: 500, source: "global" });
  });

  it("switches the profile and panes; a settings key goes back to following the cut", () => {
    let s = initPreviewState("1.6");
    s = previewReducer(s, { type: "toggleProfile" });
    expect(s.profile).toBe("0.73");
    s = previewReducer(s, { type: "showPane", pane: "summary" });
    expect(s.pane).toBe("summary");
    s = previewReducer(s, { type: "showPane", pane: "summary" });
    expect(s.pane).toBe("bands");
    s = previewReducer(s, { type: "scrollBands", from: 4, delta: 10, max: 8 });
    expect(s.bandsScroll).toBe(8);
    s = previewReducer(s, { type: "scrollBands", from: 8, delta: -20, max: 8 });
    expect(s.bandsScroll).toBe(0);
    s = previewReducer(s, { type: "adjust", setting: "reserveTokens", base: 16384, direction: -1 });
    expect(s.bandsScroll).toBeNull();
  });
});

describe("key chunks", () => {
  it("reads a chunk of printable keys as that many presses, and leaves single keys alone", () => {
    expect(chunkPresses({ name: "", text: "]]]" }).map((k) => k.name)).toEqual(["]", "]", "]"]);
    expect(chunkPresses({ name: "]", text: "]" })).toEqual([{ name: "]", text: "]" }]);
    expect(chunkPresses({ name: "escape", text: "" })).toEqual([{ name: "escape", text: "" }]);
  });
});

describe("bands list", () => {
  const tree = loadTurns();
  const path = getBranch(tree, tree.leafId);
  const previewer = createCompactionPreviewer({ path, allEntries: tree.loaded.entries, profile: "1.6" });

  it("puts the cut before the first kept entry, with the split turn's prefix as its own band", () => {
    const p = previewer.preview({ keepRecentTokens: 2000, reserveTokens: 16384, contextWindow: 128000 });
    expect(p.firstKeptEntryId).toBe("a52");
    expect(p.turnStartEntryId).toBe("u5");
    const list = bandLines(path, p.bands, previewer.entryTokens(), { firstKeptId: "a52", turnStartId: "u5" });
    const kinds = list.lines.map((l) => (l.kind === "entry" ? `${l.band}:${path[l.entryIndex].id}` : l.kind === "header" ? `[${l.band}]` : l.kind));
    // Every path entry appears once, in path order.
    expect(kinds.filter((k) => k.includes(":"))).toHaveLength(path.length);
    const cut = kinds.indexOf("cut");
    expect(list.cutLine).toBe(cut);
    expect(kinds[cut - 4]).toBe("[turnPrefix]");
    expect(kinds.slice(cut - 3, cut)).toEqual(["turnPrefix:u5", "turnPrefix:a51", "turnPrefix:r51"]);
    expect(kinds.slice(cut + 1, cut + 3)).toEqual(["[kept]", "kept:a52"]);
    expect(kinds[0]).toBe("[summarized]");
    const header = list.lines[0];
    expect(header.kind === "header" && header.count).toBe(kinds.indexOf("[turnPrefix]") - 1);
  });

  it("keeps the cut a third of the way down the window when following it, or the list's end in view", () => {
    const mid = previewer.preview({ keepRecentTokens: 3000, reserveTokens: 16384, contextWindow: 128000 });
    const midList = bandLines(path, mid.bands, previewer.entryTokens(), { firstKeptId: mid.firstKeptEntryId!, turnStartId: mid.turnStartEntryId });
    expect(midList.cutLine - followCutTop(midList, 9)).toBe(3);
    const late = previewer.preview({ keepRecentTokens: 500, reserveTokens: 16384, contextWindow: 128000 });
    const lateList = bandLines(path, late.bands, previewer.entryTokens(), { firstKeptId: late.firstKeptEntryId!, turnStartId: late.turnStartEntryId });
    const top = followCutTop(lateList, 9);
    expect(top).toBe(lateList.lines.length - 9);
    expect(lateList.cutLine).toBeGreaterThanOrEqual(top);
  });

  it("has no cut and one plain band when pi would not compact", () => {
    const p = previewer.preview({ keepRecentTokens: 50000, reserveTokens: 16384, contextWindow: 128000 });
    expect(p.noCompactionReason).toBeDefined();
    const list = bandLines(path, p.bands, previewer.entryTokens(), undefined);
    expect(list.cutLine).toBe(-1);
  });
});

describeWithShared("bands list of a path that was compacted before", () => {
  const tree = buildTree(parseSession(readFileSync(sharedPath("corpus", "pi-written", "v16-compacting-s204.jsonl"), "utf8"), "1.6"));
  const path = getBranch(tree, tree.leafId);
  const linesFor = (profile: PiProfile) => {
    const previewer = createCompactionPreviewer({ path, allEntries: tree.loaded.entries, profile });
    const p = previewer.preview({ keepRecentTokens: 100, reserveTokens: 16384, contextWindow: 128000 });
    const list = bandLines(path, p.bands, previewer.entryTokens(), { firstKeptId: p.firstKeptEntryId!, turnStartId: p.turnStartEntryId });
    return { list, keptIds: p.bands!.keptIds };
  };

  it("1.6: folds what the earlier compaction summarized, and marks that compaction inside the kept tail once", () => {
    const { list, keptIds } = linesFor("1.6");
    expect(list.lines[0]).toMatchObject({ kind: "earlier" });
    expect(list.lines.filter((l) => l.kind === "previousCompaction")).toHaveLength(1);
    const headers = list.lines.filter((l) => l.kind === "header" && l.band === "kept");
    expect(headers).toEqual([expect.objectContaining({ count: keptIds.length })]);
    expect(list.lines.filter((l) => l.kind === "entry" && l.band === "kept")).toHaveLength(keptIds.length);
  });

  it("0.73: the earlier compaction entry is an ordinary kept entry", () => {
    const { list } = linesFor("0.73");
    expect(list.lines.some((l) => l.kind === "previousCompaction")).toBe(false);
    expect(list.lines.filter((l) => l.kind === "header" && l.band === "kept")).toHaveLength(1);
  });
});
