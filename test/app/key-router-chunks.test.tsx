// Keys that reach the app in one read (a fast typist, a slow link, tmux send-keys) must act as if
// pressed one after another: each sees what the previous one changed.
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { join } from "node:path";
import { FIXTURES } from "../support/shared.js";
import { cleanupInk, KEYS, renderInk } from "../support/ink-kit.js";

const WAIT_MS = 10_000;
const ENV = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const BRANCHED = join(FIXTURES, "app/branched.jsonl");

afterEach(() => cleanupInk());

describe("keys that arrive together", () => {
  it("End then Enter in one read opens the branch flow on the last row, not on the row End left", async () => {
    const ui = await renderInk(<App env={ENV} initial={{ kind: "tree", path: BRANCHED, fromPicker: false }} />, { columns: 120, rows: 30 });
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    await ui.press(KEYS.end + KEYS.enter);
    const f = await ui.waitFor((fr) => fr.includes("Summarize branch?"), WAIT_MS);
    expect(f).toContain("Target     assistant a5a");
  });

  it("three Downs and an Enter in one read navigate to the row three below the cursor", async () => {
    const ui = await renderInk(<App env={ENV} initial={{ kind: "tree", path: BRANCHED, fromPicker: false }} />, { columns: 120, rows: 30 });
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    await ui.press("home");
    await ui.press(KEYS.down + KEYS.down + KEYS.down + KEYS.enter);
    const f = await ui.waitFor((fr) => fr.includes("Branch navigation"), WAIT_MS);
    expect(f).toMatch(/Target {5}user u2b: /);
  });
});

describe("Escapes that arrive together", () => {
  // Ink reads "\x1b\x1b" as one Escape (or Alt+Escape); a user who pressed Esc twice while the app was busy means two.
  it("two Escapes in one read close the help and then the compaction preview", async () => {
    const ui = await renderInk(<App env={ENV} initial={{ kind: "tree", path: BRANCHED, fromPicker: false }} />, { columns: 120, rows: 30 });
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    await ui.press("ctrl+k");
    await ui.waitFor((f) => f.includes("Compaction preview at"), WAIT_MS);
    await ui.press("?");
    await ui.waitFor((f) => f.includes("any other key closes"), WAIT_MS);
    await ui.press(KEYS.escape + KEYS.escape);
    const f = await ui.waitFor((fr) => fr.includes("Session Tree"), WAIT_MS);
    expect(f).not.toContain("Compaction preview at");
  });

  it("three Escapes in one read close the help, the preview, and clear the tree's search", async () => {
    const ui = await renderInk(<App env={ENV} initial={{ kind: "tree", path: BRANCHED, fromPicker: false }} />, { columns: 120, rows: 30 });
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    await ui.type("auth");
    await ui.waitFor((f) => f.includes("Type to search: auth") && f.includes("› "), WAIT_MS);
    await ui.press("ctrl+k");
    await ui.waitFor((f) => f.includes("Compaction preview at"), WAIT_MS);
    await ui.press("?");
    await ui.waitFor((f) => f.includes("any other key closes"), WAIT_MS);
    await ui.press(KEYS.escape + KEYS.escape + KEYS.escape);
    const f = await ui.waitFor((fr) => fr.includes("Session Tree") && !fr.includes("Type to search: auth"), WAIT_MS);
    expect(f).toContain("Type to search:");
  });
});
