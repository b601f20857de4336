// The branch flow in a small terminal: every stage fits in rows - 1, the title stays on top, the
// plan gives way (with a "▼N more" hint, scrollable) and pi's three choices stay visible.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { fitPlan } from "../../components/branch/plan-fit.js";
import { cleanupInk, renderInk, type InkHarness } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";

afterEach(cleanupInk);

const WAIT_MS = 10_000;
const ENV = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
// Read only: these tests never write (no y is pressed).
const FILE = join(FIXTURES, "app", "branched.jsonl");

/** The frame's lines up to the last one drawn (Ink pads nothing below). */
const drawnLines = (frame: string) => frame.replace(/\n+$/, "").split("\n");

function expectFits(frame: string, columns: number, rows: number) {
  const lines = drawnLines(frame);
  expect(lines.length).toBeLessThanOrEqual(rows - 1);
  expect(lines[0]).toContain("Branch navigation");
  for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
}

/** Open the flow on the custom message cm1, three rows above pi's leaf (not on the leaf's own path's tip). */
async function openFlow(columns: number, rows: number): Promise<InkHarness> {
  const ui = await renderInk(<App env={ENV} initial={{ kind: "tree", path: FILE, fromPicker: false }} />, { columns, rows });
  await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
  await ui.press("up", "up", "up", "enter");
  await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
  return ui;
}

describe("branch flow at 60x12", () => {
  it("keeps the title and all three choices on screen, and hides plan lines behind a ▼N more hint", async () => {
    const ui = await openFlow(60, 12);
    const frame = ui.frame();
    expectFits(frame, 60, 12);
    expect(frame).toContain("Target     custom_message cm1");
    expect(frame).toContain("No summary");
    expect(frame).toMatch(/^ {4}Summarize$/m);
    expect(frame).toContain("Summarize with custom prompt");
    expect(frame).toContain("↑/↓ choose · Enter select");
    expect(frame).toMatch(/▼\d+ more \(PgUp\/PgDn\)/);
    expect(frame).not.toContain("Dropped");
  });

  it("PgDn scrolls the hidden plan lines into view, PgUp back, the choices staying put", async () => {
    const ui = await openFlow(60, 12);
    await ui.press("pagedown", "pagedown");
    let frame = await ui.waitFor((f) => f.includes("Dropped    none (budget 111,616 tokens)"), WAIT_MS);
    expectFits(frame, 60, 12);
    expect(frame).toMatch(/▲\d+/);
    expect(frame).toContain("Summarize with custom prompt");
    await ui.press("pageup", "pageup");
    frame = await ui.waitFor((f) => f.includes("Target     custom_message cm1"), WAIT_MS);
    expect(frame).not.toMatch(/▲\d+/);
  });

  it("the instructions, no-summary and preview stages fit too", async () => {
    const ui = await openFlow(60, 12);
    await ui.press("enter");
    expectFits(await ui.waitFor((f) => f.includes("No summary: pi moves the leaf"), WAIT_MS), 60, 12);
    await ui.press("escape", "up");
    await ui.press("enter");
    const instructions = await ui.waitFor((f) => f.includes("Custom summarization instructions"), WAIT_MS);
    expectFits(instructions, 60, 12);
    expect(instructions).toContain("Enter preview · Esc back to the choice");
    await ui.press("enter");
    const preview = await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    expectFits(preview, 60, 12);
    expect(preview).toContain("Summary: ~");
    // The preview's own scroll marks come before the cut of its footer.
    expect(preview).toMatch(/y: write ▼\d+/);
  });
});

describe("branch flow at 80x24", () => {
  it("shows the whole plan with every stage inside rows - 1", async () => {
    const ui = await openFlow(80, 24);
    const frame = ui.frame();
    expectFits(frame, 80, 24);
    expect(frame).toContain("Dropped    none (budget 111,616 tokens)");
    expect(frame).not.toMatch(/▼\d+ more/);
    await ui.press("down", "enter");
    expectFits(await ui.waitFor((f) => f.includes("y: write"), WAIT_MS), 80, 24);
    await ui.press("escape", "down", "enter");
    expectFits(await ui.waitFor((f) => f.includes("Custom summarization instructions"), WAIT_MS), 80, 24);
  });
});

describe("fitPlan", () => {
  const plan = ["a", "b", "c", "d", "e", "f"];
  it("keeps everything and a spacer when there is room", () => {
    expect(fitPlan(plan, 20, 5)).toMatchObject({ lines: plan, spacer: true, bodyHeight: 12 });
  });
  it("drops the spacer before any plan line", () => {
    expect(fitPlan(plan, 12, 5)).toMatchObject({ lines: plan, spacer: false, bodyHeight: 5 });
  });
  it("windows the plan behind a hint, leaving the stage its minimum", () => {
    const fit = fitPlan(plan, 10, 5, 0, "PgUp/PgDn");
    expect(fit.lines).toEqual(["a", "b", "c", "▼3 more (PgUp/PgDn)"]);
    expect(fit.bodyHeight).toBe(5);
    expect(1 + fit.lines.length + fit.bodyHeight).toBe(10);
    expect(fitPlan(plan, 10, 5, 99).lines).toEqual(["d", "e", "f", "▲3"]);
  });
  it("gives every row to the stage when even the hint does not fit", () => {
    expect(fitPlan(plan, 5, 5)).toMatchObject({ lines: [], bodyHeight: 4 });
  });
});
