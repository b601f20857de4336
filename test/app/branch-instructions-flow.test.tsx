// "Summarize with custom prompt" in the running app, on a temporary copy of a fixture: the
// instructions are typed (or pasted) over several lines, drawn inside the flow's rows, and reach
// the written branch_summary's [Focus] note with their lines kept.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { parseSession } from "../../src/engine/index.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk, type InkHarness } from "../support/ink-kit.js";

// Generous: these tests share the machine with many others; a slow frame is not a failure.
const WAIT_MS = 10_000;
const ENV = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const copies = useFixtureCopies("branch-instructions");

/** Open branched.jsonl, Enter on a5a (the other branch's tip), and choose "Summarize with custom prompt". */
async function openEditor(columns: number, rows: number): Promise<{ ui: InkHarness; file: string }> {
  const file = copies.copy("app/branched.jsonl");
  const ui = await renderInk(<App env={ENV} initial={{ kind: "tree", path: file, fromPicker: false }} />, { columns, rows });
  await ui.press("end", "enter");
  await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
  await ui.press("up", "enter");
  await ui.waitFor((f) => f.includes("Custom summarization instructions"), WAIT_MS);
  return { ui, file };
}

const lastSummary = (file: string): string | undefined => (parseSession(readFileSync(file, "utf8"), "1.6").entries.at(-1) as { summary?: string }).summary;
const drawnLines = (frame: string) => frame.replace(/\n+$/, "").split("\n");

describe("custom instructions over several lines", () => {
  it("Ctrl+J starts a new line, Enter previews, and y writes both lines into the [Focus] note", async () => {
    const { ui, file } = await openEditor(140, 34);
    await ui.type("keep the TTL fix");
    await ui.press("ctrl+j");
    await ui.type("and the tests");
    const editing = await ui.waitFor((f) => f.includes("and the tests"), WAIT_MS);
    expect(editing).toMatch(/^ {2}> keep the TTL fix *$/m);
    expect(editing).toMatch(/^ {4}and the tests/m);
    await ui.press("enter");
    const preview = await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    expect(preview).toContain("│ - keep the TTL fix");
    expect(preview).toContain("│   and the tests");
    await ui.press("y");
    await ui.waitFor((f) => f.includes("Wrote branch_summary"), WAIT_MS);
    expect(lastSummary(file)?.startsWith("[Focus]\n- keep the TTL fix\n  and the tests\n\n")).toBe(true);
  });

  it("text and Ctrl+J typed fast enough to arrive in one read make a new line, not a preview", async () => {
    const { ui } = await openEditor(140, 34);
    await ui.press("keep the TTL fix\n");
    await ui.type("and the tests");
    const editing = await ui.waitFor((f) => f.includes("and the tests"), WAIT_MS);
    expect(editing).toMatch(/^ {2}> keep the TTL fix *$/m);
    expect(editing).toMatch(/^ {4}and the tests/m);
    expect(editing).not.toContain("y: write");
  });

  it("a paste keeps its line breaks, and Alt+Enter inserts a newline too", async () => {
    const { ui, file } = await openEditor(140, 34);
    await ui.press("first pasted line\nsecond pasted line");
    await ui.press("\x1b\r");
    await ui.type("typed");
    await ui.waitFor((f) => f.includes("typed"), WAIT_MS);
    await ui.press("enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    await ui.press("y");
    await ui.waitFor((f) => f.includes("Wrote branch_summary"), WAIT_MS);
    expect(lastSummary(file)?.startsWith("[Focus]\n- first pasted line\n  second pasted line\n  typed\n\n")).toBe(true);
  });

  it("Esc goes back to pi's choice and writes nothing; the editor starts empty again", async () => {
    const { ui, file } = await openEditor(140, 34);
    const before = readFileSync(file);
    await ui.type("draft");
    await ui.waitFor((f) => f.includes("draft"), WAIT_MS);
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("› Summarize with custom prompt"), WAIT_MS);
    await ui.press("enter");
    const again = await ui.waitFor((f) => f.includes("Custom summarization instructions"), WAIT_MS);
    expect(again).not.toContain("draft");
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("in 60x12, long and many lines wrap and scroll inside the flow's rows, the cursor line in view", async () => {
    const { ui } = await openEditor(60, 12);
    await ui.type("a long instruction that is wider than the sixty columns of this terminal");
    for (const n of [2, 3, 4, 5, 6]) {
      await ui.press("ctrl+j");
      await ui.type(`line ${n}`);
    }
    const frame = await ui.waitFor((f) => f.includes("line 6"), WAIT_MS);
    const lines = drawnLines(frame);
    expect(lines.length).toBeLessThanOrEqual(11);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(60);
    expect(frame).toContain("  ▲ ");
    expect(frame).toContain("Enter preview · Esc back to the choice");
    // Back to the top: the first row is shown again and the rows below are marked instead.
    await ui.press("up", "up", "up", "up", "up", "up", "up", "up");
    const top = await ui.waitFor((f) => f.includes("> a long instruction"), WAIT_MS);
    expect(top).toContain("  ▼ ");
    for (const line of drawnLines(top)) expect([...line].length).toBeLessThanOrEqual(60);
  });

  it("draws typed control and bidi characters inert", async () => {
    const { ui } = await openEditor(140, 34);
    await ui.press("x\u202ey");
    await ui.waitFor((f) => f.includes("x\ufffdy"), WAIT_MS);
    for (const raw of ui.frames()) expect(raw).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});
