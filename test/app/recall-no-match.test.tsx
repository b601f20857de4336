// The recall screen's "no matches" on the active path says how many the whole session holds.
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

describe("recall screen: no matches on the active path", () => {
  it("names the matches in scope all and the key that shows them", async () => {
    const tree = treeFromText(readFileSync(FILE, "utf8"));
    const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: FILE, fromPicker: false }} initialTree={tree} />, { columns: 160, rows: 24 });
    await ui.waitFor((f) => f.includes("Session Tree"));
    await ui.press("/");
    await ui.waitFor((f) => f.includes("latest"));
    // Nowhere in the session: the plain answer.
    await ui.type("/xylophonic/");
    const none = await ui.waitFor((f) => f.includes("No matches"));
    expect(none).toContain('No matches for "/xylophonic/".');
    expect(none).not.toContain("in scope all");
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("latest"));
    await ui.type("storing");
    const frame = await ui.waitFor((f) => f.includes("No matches"));
    expect(frame).toContain('No matches for "storing". (1 match off the active path, in scope all: Shift+Tab)');
    await ui.press(SHIFT_TAB);
    const all = await ui.waitFor((f) => f.includes("1 match ·"));
    expect(all).toContain("scope: all");
  });
});
