// Below 60 columns the detail pane has no room beside the tree. Shift+D (inspect) and Tab used to
// focus or show a pane that was never drawn: the entry could not be read, and the arrows scrolled
// nothing visible while the tree's cursor stood still. There the pane takes the tree's place while
// it is open, and Esc gives the tree back.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";

const WAIT_MS = 10_000;
const ENV = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const BRANCHED = join(FIXTURES, "app/branched.jsonl");
const NARROW = { columns: 40, rows: 12 };
afterEach(() => cleanupInk());

async function narrowTreeOnFirstEntry() {
  const ui = await renderInk(<App env={ENV} initial={{ kind: "tree", path: BRANCHED, fromPicker: false }} />, NARROW);
  await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
  await ui.press("home");
  await ui.waitFor((f) => f.includes("› • user: Help me refactor"), WAIT_MS);
  return ui;
}

describe("the detail pane on a narrow terminal", () => {
  it("Shift+D shows the selected entry in place of the tree; Esc gives the tree back", async () => {
    const ui = await narrowTreeOnFirstEntry();
    await ui.press("D");
    const inspect = await ui.waitFor((f) => f.includes("▶ detail"), WAIT_MS);
    expect(inspect).toContain("message · user · u1");
    expect(inspect).not.toContain("› • user:");
    for (const line of inspect.split("\n")) expect(line.length).toBeLessThanOrEqual(NARROW.columns);
    // The arrows scroll the pane down to the message's text; the tree's cursor stays where it was.
    await ui.press("down", "down", "down");
    const scrolled = await ui.waitFor((f) => f.includes("Help me refactor the auth"), WAIT_MS);
    expect(scrolled).toContain("▲");
    expect(scrolled).toContain("(1/14)");
    await ui.press("escape");
    const back = await ui.waitFor((f) => f.includes("› • user: Help me refactor"), WAIT_MS);
    expect(back).not.toContain("detail");
  });

  it("Tab opens it the same way, and Tab closes it", async () => {
    const ui = await narrowTreeOnFirstEntry();
    await ui.press("tab");
    await ui.waitFor((f) => f.includes("▶ detail") && f.includes("message · user · u1"), WAIT_MS);
    await ui.press("tab");
    await ui.waitFor((f) => f.includes("› • user: Help me refactor") && !f.includes("detail"), WAIT_MS);
  });

  it("the arrows move the tree's cursor again once the pane is closed", async () => {
    const ui = await narrowTreeOnFirstEntry();
    await ui.press("D");
    await ui.waitFor((f) => f.includes("▶ detail"), WAIT_MS);
    await ui.press("escape", "down");
    await ui.waitFor((f) => /› • \[read/.test(f), WAIT_MS);
  });
});
