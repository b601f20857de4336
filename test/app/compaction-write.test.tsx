// `w` in the compaction preview: write the plan on screen (the previewed entry, the tuned settings,
// the profile) through the guarded append, then back to the tree on the new entry; a file changed
// since it was read is refused and left alone; a plan with nothing to compact says why.
import { appendFileSync, copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { buildTree, readSessionFile, type SessionEntry } from "../../src/engine/index.js";
import { cleanupInk, renderInk, type InkHarness } from "../support/ink-kit.js";
import { piHome, TURNS, type PiHome } from "./compaction-helpers.js";

// Generous: these tests share the machine with many others; a slow frame is not a failure.
const WAIT_MS = 10_000;

let home: PiHome | undefined;
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
});

const cutOf = (frame: string): string | undefined => /✂── cut.*first kept entry (\S+)/.exec(frame)?.[1];
const settled = (f: string) => f.includes("Compaction preview") && !f.includes("compiling the summary") && !f.includes("Computing the plan") && !f.includes("(updating…)");

/** The app on a temp copy of the fixture, with the preview opened by Ctrl+K at the leaf. */
async function openPreviewInApp(settings: Record<string, unknown> | undefined): Promise<{ ui: InkHarness; file: string; before: Buffer }> {
  home = piHome(settings);
  const file = join(home.env.home, "turns.jsonl");
  copyFileSync(TURNS, file);
  const { loaded, snapshot } = readSessionFile(file, "1.6");
  const ui = await renderInk(
    <App env={home.env} initial={{ kind: "tree", path: file, fromPicker: false }} initialTree={buildTree(loaded)} initialSnapshot={snapshot} />,
    { columns: 140, rows: 40 },
  );
  await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
  await ui.press("ctrl+k");
  await ui.waitFor(settled, WAIT_MS);
  return { ui, file, before: readFileSync(file) };
}

describe("compaction preview: w writes the compaction shown", () => {
  it("appends pi's compaction at the tuned keepRecentTokens and returns to the tree on it", async () => {
    const { ui, file, before } = await openPreviewInApp({ compaction: { keepRecentTokens: 2450 } });
    const leafBefore = buildTree(readSessionFile(file, "1.6").loaded).leafId;
    const cutFromSettings = cutOf(ui.frame());
    await ui.press("]");
    const moved = await ui.waitFor((f) => settled(f) && f.includes("keepRecentTokens 2,500 (adjusted)"), WAIT_MS);
    const cut = cutOf(moved);
    expect(cut).toBe("a41");
    expect(cut).not.toBe(cutFromSettings);
    expect(moved).toContain("w write");

    await ui.press("w");
    const confirm = await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    expect(confirm).toContain("Write this compaction (profile 1.6)");
    expect(confirm).toContain("keepRecentTokens 2500");
    expect(confirm).toContain(`firstKeptEntryId="${cut}"`);
    await ui.press("y");
    const tree = await ui.waitFor((f) => f.includes("Session Tree") && !f.includes("y: write"), WAIT_MS);

    const bytes = readFileSync(file);
    expect(bytes.subarray(0, before.length).equals(before)).toBe(true);
    const { loaded } = readSessionFile(file, "1.6");
    const last = loaded.entries.at(-1) as SessionEntry & { firstKeptEntryId?: string };
    expect(loaded.entries).toHaveLength(buildTree(readSessionFile(TURNS, "1.6").loaded).loaded.entries.length + 1);
    expect(last).toMatchObject({ type: "compaction", parentId: leafBefore, firstKeptEntryId: cut });
    expect(bytes.subarray(before.length).toString("utf8").trim().split("\n")).toHaveLength(1);
    // The tree shows the re-read file with the cursor on the new compaction entry.
    const cursorRow = tree.split("\n").find((l) => l.includes("›")) ?? "";
    expect(cursorRow).toContain("[compaction: 5k tokens]");
    expect(tree).toContain(`compaction · ${last.id}`);
  });

  it("refuses when the file changed after it was read, writes nothing and goes back to the preview", async () => {
    const { ui, file } = await openPreviewInApp({ compaction: { keepRecentTokens: 2000 } });
    const line = JSON.stringify({ type: "label", id: "zz1", parentId: "a52", timestamp: "2026-01-01T00:00:00.000Z", targetId: "u1", label: "elsewhere" });
    appendFileSync(file, `${line}\n`);
    const changed = readFileSync(file);
    await ui.press("w");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    await ui.press("y");
    const refused = await ui.waitFor((f) => f.includes("Not written:"), WAIT_MS);
    expect(refused).toContain("The file was left as it was");
    expect(readFileSync(file).equals(changed)).toBe(true);
    await ui.press("escape");
    await ui.waitFor(settled, WAIT_MS);
  });

  it("says why there is nothing to write when pi would not compact, and Esc returns to the preview", async () => {
    const { ui, file, before } = await openPreviewInApp(undefined);
    await ui.press("w");
    const frame = await ui.waitFor((f) => f.includes("Nothing to write"), WAIT_MS);
    expect(frame).toContain("Write this compaction");
    await ui.press("escape");
    await ui.waitFor((f) => settled(f) && f.includes("w write"), WAIT_MS);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe("compaction preview: w on an entry that is not pi's leaf", () => {
  it("refuses, saying the leaf would move and how many entries would stay behind, and how to do it pi's way; writes nothing", async () => {
    home = piHome({ compaction: { keepRecentTokens: 2000 } });
    const file = join(home.env.home, "turns.jsonl");
    copyFileSync(TURNS, file);
    const before = readFileSync(file);
    const tree = buildTree(readSessionFile(file, "1.6").loaded);
    const ui = await renderInk(<App env={home.env} initial={{ kind: "tree", path: file, fromPicker: false }} />, { columns: 140, rows: 40 });
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    // Three rows above the leaf.
    await ui.press("up", "up", "up", "ctrl+k");
    const preview = await ui.waitFor(settled, WAIT_MS);
    const target = /Compaction preview at (\S+) \(not pi's leaf\)/.exec(preview)?.[1];
    expect(target).toBeDefined();
    expect(target).not.toBe(tree.leafId);
    await ui.press("w");
    const frame = await ui.waitFor((f) => f.includes("is not pi's leaf"), WAIT_MS);
    const text = frame.replace(/\s+/g, " ");
    expect(text).toContain(`${target} is not pi's leaf (${tree.leafId}), and pi's /compact always works at the leaf.`);
    expect(text).toMatch(new RegExp(`would move pi's leaf from ${tree.leafId} to the new entry, and \\d+ entr(y|ies) on the path to ${tree.leafId} would stay on another branch`));
    expect(text).toContain("then Shift+C");
    expect(frame).toContain("Nothing is written. Esc: back");
    expect(frame).not.toContain("y: write");
    await ui.press("y");
    expect(readFileSync(file).equals(before)).toBe(true);
    await ui.press("escape");
    await ui.waitFor((f) => settled(f) && f.includes("w write"), WAIT_MS);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe("notAtLeafMessage", () => {
  it("counts the entries left behind from the branch point, and is null at the leaf", async () => {
    const { notAtLeafMessage } = await import("../../components/compaction/not-at-leaf.js");
    const tree = buildTree(readSessionFile(TURNS, "1.6").loaded);
    expect(notAtLeafMessage(tree, tree.leafId)).toBeNull();
    const path = [...(function* () {
      for (let id = tree.leafId; id !== null; id = tree.byId.get(id)?.parentId ?? null) yield id;
    })()];
    expect(notAtLeafMessage(tree, path[3])).toContain("and 3 entries on the path to");
    expect(notAtLeafMessage(tree, path[1])).toContain("and 1 entry on the path to");
  });
});
