// Keys that reach the recall screen bunched together or with modifiers: "jj" in one read acts as two
// result keys, and Ctrl/Alt chords never type their letter into the query.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
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
  it("Ctrl+O and Alt+X (no field keys) do not type their letter; typing goes on at the end", async () => {
    const ui = await openRecall();
    await ui.type("cook");
    await ui.waitFor((f) => f.includes("Recall: cook"));
    await ui.press("ctrl+o");
    await ui.press("\x1bx");
    await ui.type("ies");
    const frame = await ui.waitFor((f) => f.includes("1 match"));
    expect(frame).toContain("Recall: cookies");
    expect(frame).not.toMatch(/Recall: \S*[ux]/);
  });

});

describe("recall: the query box edits through the one text field", () => {
  it("Backspaces in one read with letters each delete (tmux send-keys BSpace BSpace BSpace)", async () => {
    const ui = await openRecall();
    await ui.type("cookxyz");
    await ui.waitFor((f) => f.includes("Recall: cookxyz"));
    await ui.press("\x7f\x7f\x7fies");
    const frame = await ui.waitFor((f) => f.includes("1 match"));
    expect(frame).toMatch(/Recall: cookies *$/m);
    await ui.press("\x7f\x7f\x7f");
    await ui.waitFor((f) => /Recall: cook *$/m.test(f));
  });

  it("Left moves the cursor: text typed then goes before it", async () => {
    const ui = await openRecall();
    await ui.type("cookes");
    await ui.press("left", "left");
    await ui.type("i");
    const frame = await ui.waitFor((f) => f.includes("1 match"));
    expect(frame).toMatch(/Recall: cookies *$/m);
  });
});

describe("recall: a jump that has to change the tree's view says so", () => {
  it("jumping to an assistant entry while the tree shows user messages only names the dropped filter", async () => {
    const tree = treeFromText(readFileSync(FILE, "utf8"));
    const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: FILE, fromPicker: false }} initialTree={tree} />, { columns: 120, rows: 40 });
    await ui.waitFor((f) => f.includes("Session Tree"));
    await ui.press("ctrl+u");
    await ui.waitFor((f) => f.includes("[user]"));
    await ui.press("/");
    await ui.waitFor((f) => f.includes("Recall:") && f.includes("latest"));
    await ui.type("inverted");
    await ui.waitFor((f) => f.includes("match") && !f.includes("searching"));
    await ui.press("enter");
    const frame = await ui.waitFor((f) => f.includes("Session Tree"));
    expect(frame).toContain("jump: filter [user] hid the entry: back to the default filter");
    expect(cursorLine(frame)).toMatch(/assistant|read/);
  });
});

describe("keys typed in one read with the key that opens a screen reach that screen", () => {
  it('"/" and the query in one read: recall opens (loaded lazily) with the query typed', async () => {
    const tree = treeFromText(readFileSync(FILE, "utf8"));
    const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: FILE, fromPicker: false }} initialTree={tree} />, { columns: 120, rows: 40 });
    await ui.waitFor((f) => f.includes("Session Tree"));
    await ui.press("/cookies");
    const frame = await ui.waitFor((f) => f.includes("1 match"));
    expect(frame).toMatch(/Recall: cookies *$/m);
  });

  it("Shift+L and the label's letters in one read go into the label editor", async () => {
    const tree = treeFromText(readFileSync(FILE, "utf8"));
    const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: FILE, fromPicker: false }} initialTree={tree} />, { columns: 120, rows: 40 });
    await ui.waitFor((f) => f.includes("Session Tree"));
    await ui.press("Lfast");
    const frame = await ui.waitFor((f) => f.includes("Label (empty to remove):"));
    await ui.waitFor((f) => /Label \(empty to remove\): fast *$/m.test(f));
    expect(frame).not.toContain("Type to search: Lfast");
  });
});
