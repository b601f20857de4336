// Keys that reach the recall screen bunched together or with modifiers: "jj" in one read acts as two
// result keys, and Ctrl/Alt chords never type their letter into the query.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { isChordInput } from "../../components/kit/GuardedTextInput.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";
import { treeFromText } from "./load-fixture.js";

afterEach(cleanupInk);

const FILE = join(FIXTURES, "recall", "session.jsonl");
const SHIFT_TAB = "\x1b[Z";
const env = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const cursorLine = (frame: string) => frame.split("\n").find((l) => l.startsWith("› ")) ?? "";

async function openRecall() {
  const tree = treeFromText(readFileSync(FILE, "utf8"));
  const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: FILE, fromPicker: false }} initialTree={tree} />, { columns: 120, rows: 40 });
  await ui.waitFor((f) => f.includes("Session Tree"));
  await ui.press("/");
  await ui.waitFor((f) => f.includes("Recall:") && f.includes("latest"));
  return ui;
}

/** Recall over all branches with results for "the", the keys on the results; returns the first cursor line too. */
async function openResults() {
  const ui = await openRecall();
  await ui.press(SHIFT_TAB);
  await ui.type("the");
  await ui.waitFor((f) => f.includes("page 1/") && !f.includes("searching"));
  await ui.press("tab");
  const first = cursorLine(await ui.waitFor((f) => f.includes("n/p page")));
  return { ui, first };
}

describe("recall: several result keys in one read", () => {
  it('"jj" as one press moves the selection by two and leaves the query alone', async () => {
    const { ui, first } = await openResults();
    await ui.press("j");
    const one = cursorLine(ui.frame());
    await ui.press("j");
    const two = cursorLine(ui.frame());
    expect(new Set([first, one, two]).size).toBe(3);
    await ui.press("k", "k");
    await ui.waitFor((f) => cursorLine(f) === first);
    await ui.press("jj");
    const frame = await ui.waitFor((f) => cursorLine(f) === two);
    expect(frame).toMatch(/Recall: the$/m);
    expect(frame).not.toContain("thejj");
    expect(frame).toContain("n/p page");
  });

  it("a run whose later character is no result key moves first, then types the rest", async () => {
    const { ui, first } = await openResults();
    await ui.press("j");
    const one = cursorLine(ui.frame());
    expect(one).not.toBe(first);
    await ui.press("k");
    await ui.waitFor((f) => cursorLine(f) === first);
    // j moves; x is no result key, so it and everything after it is typed.
    await ui.press("jxj");
    const frame = await ui.waitFor((f) => f.includes("Recall: thexj"));
    expect(frame).toContain("Tab keys (e expand)");
  });
});

describe("recall: Ctrl and Alt chords in the query", () => {
  it("Ctrl+U and Alt+X do not type their letter; typing goes on at the end", async () => {
    const ui = await openRecall();
    await ui.type("cook");
    await ui.waitFor((f) => f.includes("Recall: cook"));
    await ui.press("ctrl+u");
    await ui.press("\x1bx");
    await ui.type("ies");
    const frame = await ui.waitFor((f) => f.includes("1 match"));
    expect(frame).toContain("Recall: cookies");
    expect(frame).not.toMatch(/Recall: \S*[ux]/);
  });

  it("tells chords from the keys that edit or submit", () => {
    expect(isChordInput("\x15")).toBe(true); // Ctrl+U
    expect(isChordInput("\x01")).toBe(true); // Ctrl+A
    expect(isChordInput("\x1bx")).toBe(true); // Alt+X
    expect(isChordInput("\x1b[117;5u")).toBe(true); // Kitty Ctrl+U
    expect(isChordInput("\x1b[117;3u")).toBe(true); // Kitty Alt+U
    expect(isChordInput("\x1b[117;2u")).toBe(false); // Kitty Shift+U
    for (const key of ["u", "U", "\r", "\n", "\t", "\x08", "\x7f", "\x1b", "\x1b[A", "é", "hello"]) expect(isChordInput(key)).toBe(false);
  });
});
