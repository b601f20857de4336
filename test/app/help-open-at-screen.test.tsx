// The help overlay opens at the keys of the screen that asked for it: the group of that screen (or
// of its current mode) is the first thing under the "Keys" title, the groups above stay a scroll
// away, and the last page is never left half empty.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { HELP_GROUPS, type HelpGroupId } from "../../components/app/help-keys.js";
import { helpLines, startScroll } from "../../components/app/HelpOverlay.js";
import { cleanupInk, renderInk, type InkHarness } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";
import { loadTurns, piHome, TURNS, type PiHome } from "./compaction-helpers.js";
import { treeFromText } from "./load-fixture.js";

let home: PiHome | undefined;
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
});

const SIZE = { columns: 100, rows: 30 };
const title = (id: HelpGroupId): string => HELP_GROUPS.find((g) => g.id === id)!.title;
/** The overlay's lines under its "Keys" title. */
const helpBody = (frame: string): string[] => {
  const lines = frame.split("\n");
  return lines.slice(lines.findIndex((l) => l.startsWith("  Keys")) + 1);
};

async function openHelp(ui: InkHarness): Promise<string[]> {
  await ui.press("?");
  return helpBody(await ui.waitFor((f) => f.includes("  Keys   (")));
}

async function openTreeApp(): Promise<InkHarness> {
  home = piHome({ compaction: { keepRecentTokens: 2000 } });
  const ui = await renderInk(<App env={home.env} initial={{ kind: "tree", path: TURNS, fromPicker: false }} initialTree={loadTurns()} />, SIZE);
  await ui.waitFor((f) => f.includes("Session Tree"));
  return ui;
}

async function openPreview(): Promise<InkHarness> {
  const ui = await openTreeApp();
  await ui.press("ctrl+k");
  await ui.waitFor((f) => f.includes("Compaction preview") && !f.includes("compiling the summary") && !f.includes("Computing the plan"));
  return ui;
}

describe("help opened from a screen starts at that screen's keys", () => {
  it("Ctrl+K then ? shows the compaction preview's keys first, and ↑ scrolls back to the groups above", async () => {
    const ui = await openPreview();
    let body = await openHelp(ui);
    expect(body[0]).toBe(title("preview"));
    expect(body.join("\n")).toContain("w  ");
    expect(body.join("\n")).not.toContain(title("tree"));
    // The group just above (the confirm step) comes back one line at a time.
    await ui.press("up");
    body = helpBody(ui.frame());
    expect(body[1]).toBe(title("preview"));
    expect(body[0]?.trim()).toBe("");
    for (let i = 0; i < 300 && !ui.frame().includes(title("tree")); i++) await ui.press("pageup");
    expect(helpBody(ui.frame())[0]).toBe(title("tree"));
  });

  it("any other key still closes it and the preview is back", async () => {
    const ui = await openPreview();
    await openHelp(ui);
    await ui.press("x");
    const frame = await ui.waitFor((f) => !f.includes("  Keys   ("));
    expect(frame).toContain("Compaction preview");
    expect(frame).toContain("✂── cut");
  });

  it("? from the preview's context diff starts at the diff keys", async () => {
    const ui = await openPreview();
    await ui.press("d");
    await ui.waitFor((f) => f.includes("Context now → after"));
    const body = await openHelp(ui);
    expect(body[0]).toBe(title("diff"));
  });

  it("? in the tree still starts at the tree group", async () => {
    const ui = await openTreeApp();
    const body = await openHelp(ui);
    expect(body[0]).toBe(title("tree"));
    // Already at the top: ↑ moves nothing.
    await ui.press("up");
    expect(helpBody(ui.frame())[0]).toBe(title("tree"));
  });

  it("? from recall's result keys starts at the recall result group", async () => {
    const file = join(FIXTURES, "recall", "session.jsonl");
    const env = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
    const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: file, fromPicker: false }} initialTree={treeFromText(readFileSync(file, "utf8"))} />, SIZE);
    await ui.waitFor((f) => f.includes("Session Tree"));
    await ui.press("/");
    await ui.waitFor((f) => f.includes("Recall:") && f.includes("latest"));
    await ui.press("tab");
    await ui.waitFor((f) => f.includes("? help"));
    const body = await openHelp(ui);
    expect(body[0]).toBe(title("recallResults"));
  });
});

describe("startScroll", () => {
  const lines = helpLines(30, 100);
  it("puts the asked group's heading on the first line", () => {
    const at = startScroll(lines, "preview", 10);
    expect(lines[at]?.text).toBe(title("preview"));
  });
  it("starts at the top without a group", () => {
    expect(startScroll(lines, undefined, 10)).toBe(0);
  });
  it("clamps to the last full page for a group near the end", () => {
    const height = 27;
    const at = startScroll(lines, "help", height);
    expect(at).toBe(lines.length - height);
    expect(lines.slice(at, at + height).map((l) => l.text)).toContain(title("help"));
  });
});
