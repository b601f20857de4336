// Every screen on a session whose tool results are 100-200 KB of emoji, variation selectors, ZWJ
// sequences and CJK (test/support/heavy-session.mjs) does bounded work: it sanitizes and measures
// what it draws (a row's worth, a pane's visible lines), never a whole message. Counted, not timed:
// kit/text-work.ts adds up the code units the views sanitize and measure.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTree, parseSession, type SessionTree } from "../../src/engine/index.js";
import { App } from "../../components/app/App.js";
import { textWork, resetTextWork } from "../../components/kit/text-work.js";
import { cleanupInk, renderInk, type InkHarness } from "../support/ink-kit.js";
import { heavySessionText } from "../support/heavy-session.mjs";
import { piHome, type PiHome } from "./compaction-helpers.js";

/** One heavy tool result is 100-200 KB; a screen that draws a few dozen rows needs a few KB of it. */
const BUDGET = 60_000;
const work = () => textWork.measured + textWork.sanitized;

let dir: string;
let file: string;
let tree: SessionTree;
let heavyBytes: number;
let home: PiHome | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pi-explorer-heavy-"));
  file = join(dir, "heavy.jsonl");
  const text = heavySessionText({ turns: 8, heavyEvery: 2 });
  writeFileSync(file, text);
  heavyBytes = text.length;
  tree = buildTree(parseSession(text, "1.6"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
});

async function openTree(columns = 120, rows = 35): Promise<InkHarness> {
  home = piHome(undefined);
  const ui = await renderInk(<App env={home.env} initial={{ kind: "tree", path: file, fromPicker: false }} initialTree={tree} />, { columns, rows });
  await ui.waitFor((f) => f.includes("Session Tree"));
  return ui;
}

/** The first heavy tool result, counted from the leaf upwards (what `up` presses reach). */
const heavyRowsUp = () => {
  const path = tree.loaded.entries;
  return path.length - 1 - path.findIndex((e) => JSON.stringify(e).length > 100_000);
};

describe("screens on a session with 100-200 KB emoji tool results", () => {
  it("the fixture is what the issue describes", () => {
    expect(heavyBytes).toBeGreaterThan(400_000);
    const heavy = tree.loaded.entries.filter((e) => JSON.stringify(e).length > 100_000);
    expect(heavy.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(heavy[0]);
    for (const piece of ["🗄️", "👩‍💻", "東京", "🇯🇵", "1️⃣"]) expect(text).toContain(JSON.stringify(piece).slice(1, -1));
  });

  it("tree and detail pane: moving onto every entry, heavy ones included, measures only the rows and the pane's lines", async () => {
    const ui = await openTree();
    const presses = tree.loaded.entries.length;
    let most = 0;
    for (let i = 0; i < presses; i++) {
      resetTextWork();
      await ui.press("up");
      most = Math.max(most, work());
    }
    expect(ui.frame()).toContain("detail");
    // A few KB per key (a window of rows and a pane of lines), not a tool result per key.
    expect(most).toBeLessThan(BUDGET / 2);
    // The focused pane scrolls by pages without wrapping the whole result.
    for (let i = 0; i < heavyRowsUp() - presses; i++) await ui.press("down");
    resetTextWork();
    await ui.press("D");
    for (let i = 0; i < 5; i++) await ui.press("pagedown");
    expect(work()).toBeLessThan(BUDGET);
  });

  it("detail pane: a key onto a heavy tool result sanitizes and measures about two windows of the pane", async () => {
    // At 120x35 the pane draws 33 lines of 58 columns; the emoji text holds up to 2.5 code units a
    // column, so a window is at most ~4.8K units. The pane wraps the window and one more (for the
    // "▼" count and the next PgDn) and sanitizes one 1K piece ahead; it used to wrap 100 lines past
    // the window and sanitize 4K pieces (~14K units per key).
    const ui = await openTree();
    const counts: number[] = [];
    for (let i = 0; i < tree.loaded.entries.length; i++) {
      resetTextWork();
      await ui.press("up");
      counts.push(work());
    }
    const heavyKeys = counts.filter((n) => n > 2_000);
    expect(heavyKeys.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...heavyKeys)).toBeLessThan(8_000);
  });

  it("compaction preview, its summary and its diffs: bounded work, Esc back at once", async () => {
    const ui = await openTree();
    resetTextWork();
    await ui.press("ctrl+k");
    await ui.waitFor((f) => f.includes("Compaction preview") && f.includes("Why") && !f.includes("Computing the plan") && !f.includes("compiling the summary"), 20_000);
    expect(work()).toBeLessThan(BUDGET);
    resetTextWork();
    await ui.press("s");
    await ui.waitFor((f) => f.includes("summary pi-explorer would write") || f.includes("pi would not compact"), 20_000);
    await ui.press("pagedown");
    expect(work()).toBeLessThan(BUDGET);
    await ui.press("s");
    resetTextWork();
    await ui.press("d");
    await ui.waitFor((f) => f.includes("NOW (what") || f.includes("no after-context"), 20_000);
    for (let i = 0; i < 10; i++) await ui.press("down");
    expect(work()).toBeLessThan(BUDGET);
    await ui.press("escape");
    resetTextWork();
    await ui.press("b");
    await ui.waitFor((f) => f.includes("AT LEAF") || f.includes("moving there changes nothing"), 20_000);
    expect(work()).toBeLessThan(BUDGET);
    await ui.press("escape");
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Session Tree"));
  });

  it("branch flow on an entry before the heavy results: plan, no-summary context and the summary preview stay bounded", async () => {
    const ui = await openTree();
    for (let i = 0; i < tree.loaded.entries.length - 8; i++) await ui.press("up");
    resetTextWork();
    await ui.press("enter");
    await ui.waitFor((f) => f.includes("Branch navigation"), 20_000);
    expect(work()).toBeLessThan(BUDGET);
    resetTextWork();
    await ui.press("down");
    await ui.press("enter");
    await ui.waitFor((f) => f.includes("Summary: ~") || f.includes("y: write") || f.includes("Esc back"), 20_000);
    expect(work()).toBeLessThan(BUDGET);
    await ui.press("escape");
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Session Tree"));
  });

  it("recall: results and an expanded heavy entry are drawn from what shows", async () => {
    const ui = await openTree();
    await ui.press("/");
    await ui.waitFor((f) => f.includes("Recall"), 20_000);
    resetTextWork();
    // Only the heavy tool results say "symbols".
    await ui.type("symbols");
    await ui.waitFor((f) => f.includes("ASCII between"), 20_000);
    expect(work()).toBeLessThan(BUDGET);
    // The first hit is a heavy tool result: expand it.
    await ui.press("tab");
    resetTextWork();
    await ui.press("e");
    const expanded = await ui.waitFor((f) => f.includes("full text of"));
    expect(expanded).toMatch(/full text of .*, \d+\+ lines/);
    await ui.press("pagedown");
    expect(work()).toBeLessThan(BUDGET);
  });
});
