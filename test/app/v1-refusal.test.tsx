// The app's append flows on a v1/v2 session file (pi would migrate it by rewriting every id, so the
// engine never appends to it): each says so where its confirm step would be, before asking, offers
// no `y`, and leaves the file as it was. Shift+F (a fork into a new v3 file) still works.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { appendRefusal } from "../../components/commit/append-refusal.js";
import { parseSession } from "../../src/engine/index.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk, type InkHarness } from "../support/ink-kit.js";

// Generous: these tests share the machine with many others; a slow frame is not a failure.
const WAIT_MS = 10_000;

const copies = useFixtureCopies("v1-refusal");

/** The refusal's opening words, as the frame shows them (the paragraph wraps after them at any width used here). */
const REFUSED = "This is a v2 session file;";

function openV2(size: { columns: number; rows: number }, settings?: object): Promise<{ ui: InkHarness; file: string; before: Buffer }> {
  const file = copies.copy("commit/small-v2.jsonl");
  const home = copies.dir();
  if (settings) writeSettings(home, settings);
  const before = readFileSync(file);
  return renderInk(<App env={{ cwd: home, home, env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />, size).then((ui) => ({ ui, file, before }));
}

function writeSettings(home: string, settings: object): void {
  const dir = join(home, ".pi", "agent");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "settings.json"), JSON.stringify(settings));
}

/** The refusal is shown, nothing offers to write, and the file is byte-for-byte unchanged. */
function expectRefused(frame: string, file: string, before: Buffer): void {
  expect(frame).toContain(REFUSED);
  expect(frame.replace(/\s+/g, " ")).toContain("pi-explorer appends only to v3 files");
  expect(frame).toContain("Shift+F");
  expect(frame).not.toContain("y: write");
  expect(frame).not.toContain("Will append");
  expect(readFileSync(file).equals(before)).toBe(true);
}

describe("appendRefusal: the one verdict", () => {
  it("refuses v1 and v2 files, names the version and the fork key; allows v3", () => {
    expect(appendRefusal(1)).toMatch(/^This is a v1 session file;.*Shift\+F.*new v3 file/);
    expect(appendRefusal(2)).toMatch(/^This is a v2 session file;/);
    expect(appendRefusal(3)).toBeNull();
  });
});

describe("v1/v2 file: every append flow refuses before asking", () => {
  it("label editor: Shift+L opens on the refusal, before anything is typed; typing and y write nothing; Esc returns to the tree", async () => {
    const { ui, file, before } = await openV2({ columns: 140, rows: 30 });
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    await ui.press("L");
    const frame = await ui.waitFor((f) => f.includes(REFUSED), WAIT_MS);
    expectRefused(frame, file, before);
    expect(frame).not.toContain("Label (empty to remove):");
    await ui.type("kept");
    await ui.press("enter", "y");
    expect(ui.frame()).toContain(REFUSED);
    expect(ui.frame()).not.toContain("+ label");
    expect(ui.frame()).not.toContain("Not written");
    expect(readFileSync(file).equals(before)).toBe(true);
    await ui.press("escape");
    const back = await ui.waitFor((f) => !f.includes(REFUSED), WAIT_MS);
    expect(back).toContain("Session Tree");
    expect(back).not.toContain("Label (empty to remove)");
    // The letters typed on the refusal went nowhere: no type-to-search query in the tree.
    expect(back).not.toContain("kept");
  });

  it("compaction: Shift+C shows the refusal (even when pi would compact) and Esc returns to the tree", async () => {
    const { ui, file, before } = await openV2({ columns: 140, rows: 34 }, { compaction: { keepRecentTokens: 10 } });
    await ui.press("C");
    const frame = await ui.waitFor((f) => f.includes(REFUSED), WAIT_MS);
    expectRefused(frame, file, before);
    expect(frame).toContain("Compaction (what pi's /compact would append now)");
    await ui.press("y");
    expect(readFileSync(file).equals(before)).toBe(true);
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("branch summary: Summarize shows the refusal instead of the preview; Esc goes back to the choice", async () => {
    const { ui, file, before } = await openV2({ columns: 140, rows: 34 });
    await ui.press("home", "enter");
    const plan = await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    expect(plan).toContain("a v2 file is never appended to");
    await ui.press("down", "enter");
    const frame = await ui.waitFor((f) => f.includes(REFUSED), WAIT_MS);
    expectRefused(frame, file, before);
    await ui.press("y");
    expect(readFileSync(file).equals(before)).toBe(true);
    await ui.press("escape");
    const back = await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    expect(back).not.toContain(REFUSED);
  });

  it("at 60x20 each refusal wraps whole and the fork key stays visible", async () => {
    const { ui, file, before } = await openV2({ columns: 60, rows: 20 });
    await ui.press("L");
    const label = await ui.waitFor((f) => f.includes(REFUSED), WAIT_MS);
    expect(label).toContain("Shift+F");
    expect(label).toContain("Esc: back");
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);

    await ui.press("C");
    const compaction = await ui.waitFor((f) => f.includes(REFUSED), WAIT_MS);
    expect(compaction).toContain("Shift+F");
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);

    await ui.press("home", "enter");
    await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    await ui.press("down", "enter");
    const branch = await ui.waitFor((f) => f.includes(REFUSED), WAIT_MS);
    expect(branch).toContain("Shift+F");
    for (const frame of [label, compaction, branch]) {
      for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(60);
    }
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("Shift+F still forks a v2 file into a new v3 file and leaves the source as it was", async () => {
    const { ui, file, before } = await openV2({ columns: 140, rows: 30 });
    await ui.press("end", "F");
    await ui.waitFor((f) => f.includes("y: create the new file"), WAIT_MS);
    await ui.press("y");
    await ui.waitFor((f) => f.includes("Forked into"), WAIT_MS);
    expect(readFileSync(file).equals(before)).toBe(true);
    const forks = readdirSync(copies.dir()).filter((name) => name.endsWith(".jsonl") && join(copies.dir(), name) !== file);
    expect(forks).toHaveLength(1);
    const fork = parseSession(readFileSync(join(copies.dir(), forks[0]), "utf8"), "1.6");
    expect(fork.header?.version).toBe(3);
  });
});
