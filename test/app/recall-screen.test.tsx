// The recall screen in the whole app, in a fake terminal: `/` from the tree, typing, labels for
// abandoned / compacted / forgotten hits, scope cycling, an invalid regex, expand, and Enter back to
// the tree with the cursor on the hit.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";
import { fixturePath, loadFixtureTree, treeFromText } from "./load-fixture.js";

afterEach(cleanupInk);

const FILE = join(FIXTURES, "recall", "session.jsonl");
const SHIFT_TAB = "\x1b[Z";
const env = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const lines = (frame: string) => frame.split("\n");
const cursorLine = (frame: string) => lines(frame).find((l) => l.startsWith("› ")) ?? "";

async function openRecall(columns = 120, rows = 24) {
  const tree = treeFromText(readFileSync(FILE, "utf8"));
  const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: FILE, fromPicker: false }} initialTree={tree} />, { columns, rows });
  await ui.waitFor((f) => f.includes("Session Tree"));
  await ui.press("/");
  await ui.waitFor((f) => f.includes("Recall:") && f.includes("latest"));
  return ui;
}

describe("recall screen", () => {
  it("opens from the tree with /, lists the latest entries, and stays within rows - 1", async () => {
    const ui = await openRecall(100, 16);
    const frame = ui.frame();
    expect(lines(frame).length).toBeLessThanOrEqual(15);
    for (const line of lines(frame)) expect([...line].length).toBeLessThanOrEqual(100);
    expect(frame).toContain("scope: lineage");
    expect(frame).toContain("latest 20 of 20 entries");
    // The "/" that opened recall was not typed into the query.
    expect(frame).toContain('Recall: words, "a phrase"');
    // The index was built after a first frame that said so.
    const opened = ui.frames().findIndex((f) => f.includes("Recall:"));
    expect(ui.frames()[opened]).toContain("indexing…");
    // Opened again on the same session, the index is reused: no "indexing…" frame.
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Session Tree"));
    const before = ui.frames().length;
    await ui.press("/");
    await ui.waitFor((f) => f.includes("latest 20 of 20 entries"));
    expect(ui.frames().slice(before).some((f) => f.includes("indexing…"))).toBe(false);
  });

  it("shows hits as the user types, labelled by where they sit", async () => {
    const ui = await openRecall();
    await ui.type("cookies");
    let frame = await ui.waitFor((f) => f.includes("1 match"));
    expect(frame).toContain("What did we decide about cookies?");
    expect(frame).not.toContain("[abandoned branch]");
    await ui.press(SHIFT_TAB);
    frame = await ui.waitFor((f) => f.includes("2 matches"));
    expect(frame).toContain("scope: all");
    expect(cursorLine(frame)).toBe("› b1 #8 user [abandoned branch]");
    expect(frame).toContain("Try storing the session in cookies instead");
    await ui.press("backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace");
    await ui.type("regression");
    frame = await ui.waitFor((f) => f.includes("Add a regression test") && !f.includes("searching"));
    expect(frame).toContain("#12 user [compacted] [forgotten]");
    expect(frame).not.toContain("cookies");
  });

  it("says clearly when a regular expression is invalid", async () => {
    const ui = await openRecall();
    await ui.type("/a(/");
    const frame = await ui.waitFor((f) => f.includes("Invalid regular expression"));
    expect(frame).toContain("Invalid regular expression /a(/");
    expect(frame).not.toContain("› #");
  });

  it("e expands the selected hit in full; e closes it again", async () => {
    const ui = await openRecall();
    await ui.type("FAIL");
    await ui.waitFor((f) => f.includes("1 match ·"));
    await ui.press("tab", "e");
    const frame = await ui.waitFor((f) => f.includes("full text of"));
    expect(frame).toContain("FAIL src/auth.test.ts");
    expect(frame).toContain("full text of #4");
    await ui.press("e");
    await ui.waitFor((f) => !f.includes("full text of") && f.includes("1 match ·"));
  });

  it("Enter goes back to the tree with the cursor on the hit, even in an abandoned branch", async () => {
    const ui = await openRecall();
    await ui.type("cookies");
    await ui.waitFor((f) => f.includes("1 match"));
    await ui.press(SHIFT_TAB);
    await ui.waitFor((f) => cursorLine(f).includes("#8 user [abandoned branch]"));
    await ui.press("enter");
    const frame = await ui.waitFor((f) => f.includes("Session Tree"));
    expect(cursorLine(frame)).toContain("user: Try storing the session in cookies instead");
    // Back in the tree, keys are the tree's again: q closes it (and the app).
  });

  it("Esc clears a typed query and its hits first, then goes back to the tree without moving its cursor", async () => {
    const ui = await openRecall();
    await ui.type("cookies");
    let frame = await ui.waitFor((f) => f.includes("1 match"));
    expect(frame).toContain("Esc clear");
    await ui.press("escape");
    frame = await ui.waitFor((f) => f.includes("latest 20 of 20 entries"));
    expect(frame).not.toContain("Session Tree");
    expect(frame).not.toContain("1 match");
    // The query line shows its placeholder again: the typed text is gone.
    expect(frame).toContain('Recall: words, "a phrase"');
    expect(frame).toContain("Esc back");
    await ui.press("escape");
    frame = await ui.waitFor((f) => f.includes("Session Tree"));
    expect(cursorLine(frame)).toContain("user: What did we decide about cookies?");
  });

  it("Esc in the result keys clears the query too, and returns to typing", async () => {
    const ui = await openRecall();
    await ui.type("cookies");
    await ui.waitFor((f) => f.includes("1 match"));
    await ui.press("tab");
    await ui.waitFor((f) => f.includes("n/p page"));
    await ui.press("escape");
    const frame = await ui.waitFor((f) => f.includes("latest 20 of 20 entries"));
    expect(frame).not.toContain("Session Tree");
    // Back to typing: the query-focus hint, not the result keys.
    expect(frame).toContain("Tab keys (e expand)");
  });

  it("result keys: n/p turn pages, ? shows recall's keys in the help, other letters type again", async () => {
    const ui = await openRecall(120, 40);
    await ui.press(SHIFT_TAB);
    await ui.type("the");
    const first = await ui.waitFor((f) => f.includes("page 1/"));
    await ui.press("tab", "n");
    const second = await ui.waitFor((f) => f.includes("page 2/"));
    expect(cursorLine(second)).not.toBe(cursorLine(first));
    await ui.press("p");
    await ui.waitFor((f) => f.includes("page 1/"));
    await ui.press("?");
    await ui.waitFor((f) => f.includes("Keys"));
    // The overlay scrolls; recall's groups come after the tree's.
    for (let i = 0; i < 10 && !ui.frame().includes("expand: the whole entry"); i++) await ui.press("pagedown");
    expect(ui.frame()).toMatch(/ e\s+expand: the whole entry, unclipped/);
    await ui.press("x");
    await ui.waitFor((f) => f.includes("Recall: the") && f.includes("page 1/"));
    // "s" is a result command (next scope); "z" is not, so it goes back to typing.
    await ui.press("s");
    await ui.waitFor((f) => f.includes("scope: forgotten"));
    await ui.press("z");
    await ui.waitFor((f) => f.includes("Recall: thez"));
    await ui.type("y");
    await ui.waitFor((f) => f.includes("Recall: thezy"));
  });

  it("draws hostile session text inert, in hits and in the expanded entry", async () => {
    const file = fixturePath("branched.jsonl");
    const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: file, fromPicker: false }} initialTree={loadFixtureTree("branched.jsonl")} />, {
      columns: 120,
      rows: 24,
    });
    await ui.waitFor((f) => f.includes("Session Tree"));
    await ui.press("/");
    await ui.waitFor((f) => f.includes("latest"));
    await ui.type("pwned");
    let frame = await ui.waitFor((f) => f.includes("1 match ·"));
    expect(frame).toContain("␛]0;pwned");
    await ui.press("tab", "e");
    frame = await ui.waitFor((f) => f.includes("full text of"));
    expect(frame).toContain("␛[2J");
    for (const raw of ui.frames()) {
      expect(raw).not.toContain("\x1b[2J");
      expect(raw).not.toContain("\x1b]52;");
      expect(raw).not.toContain("\x1b]0;");
      expect(raw).not.toContain("\u202e");
    }
  });
});
