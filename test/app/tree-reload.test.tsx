// pi appends to a session while the explorer shows it: the tree follows live, or, paused (Shift+P),
// says so and Ctrl+R reloads, with the cursor following pi's leaf (or staying on the entry the user was reading).
import { appendFileSync, rmSync, truncateSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { isAtLeaf, reloadFocus } from "../../components/commit/reload-focus.js";
import { fileChangeNotice } from "../../components/document/notices.js";
import { buildTree, checkSnapshot, readSessionFile } from "../../src/engine/index.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk, type InkHarness } from "../support/ink-kit.js";

// Generous: the poll runs every second and these tests share the machine with many others.
const WAIT_MS = 10_000;
const ENV = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const copies = useFixtureCopies("reload");
const copyFixture = (): string => copies.copy("app/branched.jsonl");

/** A user message pi would append after the leaf lb1. */
const PI_APPENDS = `${JSON.stringify({ type: "message", id: "u9", parentId: "lb1", timestamp: "2026-11-01T10:01:00.000Z", message: { role: "user", content: "one more question about approach B", timestamp: 1 } })}\n`;

const open = (file: string): Promise<InkHarness> =>
  renderInk(<App env={ENV} initial={{ kind: "tree", path: file, fromPicker: false }} />, { columns: 140, rows: 34 });

/** The tree of `file`, drawn. */
async function openTree(file: string): Promise<InkHarness> {
  const ui = await open(file);
  await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
  return ui;
}

/** The tree of `file` with its live updates paused (Shift+P): pi's appends are announced, not shown. */
async function openPausedTree(file: string): Promise<InkHarness> {
  const ui = await openTree(file);
  await ui.type("P");
  await ui.waitFor((f) => f.includes(" paused · "), WAIT_MS);
  return ui;
}

/** What pi does while the user reads (append `line`), then what the user does about it (Ctrl+R); the frame after. */
async function appendThenReload(ui: InkHarness, file: string, line: string): Promise<string> {
  appendFileSync(file, line);
  await ui.waitFor((f) => f.includes("the file grew by"), WAIT_MS);
  await ui.press("ctrl+r");
  return ui.waitFor((f) => f.includes("Reloaded from disk"), WAIT_MS);
}

/** What pi does while the user reads (append `line`): the tree shows it without a key; the frame after. */
async function appendAndSee(ui: InkHarness, file: string, line: string, text: string): Promise<string> {
  appendFileSync(file, line);
  return ui.waitFor((f) => f.includes(text), WAIT_MS);
}
const cursorRowOf = (frame: string): string | undefined => frame.split("\n").find((line) => line.startsWith("›"));

describe("checkSnapshot", () => {
  it("tells unchanged, grown, rewritten and gone apart", () => {
    const file = copyFixture();
    const { snapshot } = readSessionFile(file, "1.6");
    expect(checkSnapshot(snapshot)).toEqual({ state: "unchanged" });
    appendFileSync(file, PI_APPENDS);
    expect(checkSnapshot(snapshot)).toEqual({ state: "changed", grewBy: Buffer.byteLength(PI_APPENDS) });
    truncateSync(file, 10);
    expect(checkSnapshot(snapshot)).toEqual({ state: "changed", grewBy: 0 });
    rmSync(file);
    const gone = checkSnapshot(snapshot);
    expect(gone.state).toBe("unreadable");
    expect(gone.state === "unreadable" && gone.message).toBe(`${file}: no such file`);
  });

  it("words each change for the notice line", () => {
    expect(fileChangeNotice({ state: "changed", grewBy: 2048 }, "Ctrl+R")).toBe("Ctrl+R: reload — the file grew by 2.0 KB on disk (pi appended?)");
    expect(fileChangeNotice({ state: "changed", grewBy: 0 }, "Ctrl+R")).toBe("Ctrl+R: reload — the file changed on disk");
  });
});

describe("where the cursor goes on reload", () => {
  it("follows pi's leaf from the leaf or from above trailing bookkeeping entries, else stays", () => {
    const file = copyFixture();
    const before = buildTree(readSessionFile(file, "1.6").loaded);
    // branched.jsonl ends a6b (assistant) -> si1 (session name) -> lb1 (label, the leaf).
    expect(["lb1", "si1", "a6b"].map((id) => isAtLeaf(before, id))).toEqual([true, true, true]);
    expect(isAtLeaf(before, "u4b")).toBe(false);
    appendFileSync(file, PI_APPENDS);
    const after = buildTree(readSessionFile(file, "1.6").loaded);
    expect(reloadFocus(before, after, "a6b")).toBeUndefined();
    expect(reloadFocus(before, after, "u4b")).toBe("u4b");
    expect(reloadFocus(before, after, "gone")).toBeUndefined();
  });
});

// With the live tree paused (Shift+P), pi's appends are announced and Ctrl+R shows them: the tests
// of the "file changed" notice from before the tree followed the file, their assertions as they were.
describe("the tree notices pi's appends (live paused)", () => {
  it("shows a notice when the file grows, and Ctrl+R shows the new entry with the cursor on pi's new leaf", async () => {
    const file = copyFixture();
    const ui = await openPausedTree(file);
    expect(ui.frame()).not.toContain("one more question");
    appendFileSync(file, PI_APPENDS);
    await ui.waitFor((f) => f.includes("the file grew by") && f.includes("Ctrl+R: reload"), WAIT_MS);
    await ui.press("ctrl+r");
    const f = await ui.waitFor((fr) => fr.includes("Reloaded from disk: 1 new entry."), WAIT_MS);
    const cursorRow = f.split("\n").find((line) => line.startsWith("›"));
    expect(cursorRow).toContain("user: one more question about approach B");
    expect(f).not.toContain("the file grew by");
  });

  it("keeps following the file: a second append updates the notice, a deletion turns it into an error", async () => {
    const file = copyFixture();
    const ui = await openPausedTree(file);
    appendFileSync(file, PI_APPENDS);
    await ui.waitFor((f) => f.includes(`the file grew by ${Buffer.byteLength(PI_APPENDS)} B`), WAIT_MS);
    const second = PI_APPENDS.replace('"u9"', '"u10"');
    appendFileSync(file, second);
    await ui.waitFor((f) => f.includes(`the file grew by ${Buffer.byteLength(PI_APPENDS) + Buffer.byteLength(second)} B`), WAIT_MS);
    rmSync(file);
    const gone = await ui.waitFor((f) => f.includes("The file can no longer be read"), WAIT_MS);
    expect(gone).toContain("no such file");
  });

  it("after a reload, pi's next append shows at once (it outranks the 'Reloaded' notice)", async () => {
    const file = copyFixture();
    const ui = await openPausedTree(file);
    await appendThenReload(ui, file, PI_APPENDS);
    appendFileSync(file, PI_APPENDS.replace('"u9"', '"u10"').replace('"parentId":"lb1"', '"parentId":"u9"'));
    const f = await ui.waitFor((fr) => fr.includes("Ctrl+R: reload — the file grew by"), WAIT_MS);
    expect(f).not.toContain("Reloaded from disk");
  });

  it("keeps the user's search over the reloaded entries", async () => {
    const file = copyFixture();
    const ui = await openPausedTree(file);
    await ui.type("approach");
    await ui.waitFor((f) => f.includes("Type to search: approach"), WAIT_MS);
    const f = await appendThenReload(ui, file, PI_APPENDS);
    expect(f).toContain("Type to search: approach");
    expect(f).toContain("user: one more question about approach B");
  });

  it("reloads with no row selected (a search that matches nothing), and the new entry can match it", async () => {
    const file = copyFixture();
    const ui = await openPausedTree(file);
    await ui.type("zebra");
    await ui.waitFor((f) => f.includes("Type to search: zebra"), WAIT_MS);
    const f = await appendThenReload(ui, file, PI_APPENDS.replace("one more question about approach B", "what about the zebra tests"));
    expect(f).toContain("Reloaded from disk: 1 new entry.");
    expect(f).toContain("user: what about the zebra tests");
  });

  it("keeps the cursor on the entry the user was reading when it is not the leaf", async () => {
    const file = copyFixture();
    const ui = await openPausedTree(file);
    await ui.press("up");
    const before = await ui.waitFor((f) => f.split("\n").some((line) => line.startsWith("›")), WAIT_MS);
    const reading = before.split("\n").find((line) => line.startsWith("›"));
    const f = await appendThenReload(ui, file, PI_APPENDS);
    const cursorRow = f.split("\n").find((line) => line.startsWith("›"));
    expect(cursorRow?.slice(0, 60)).toBe(reading?.slice(0, 60));
  });
});

// Since the explorer follows the file (components/document), pi's appends show without Ctrl+R; these
// were the Ctrl+R tests of the "file changed" notice, which the live tree replaced.
describe("the tree follows pi's appends", () => {
  it("shows the new entry without a key, with the cursor on pi's new leaf; Ctrl+R reads the file again", async () => {
    const file = copyFixture();
    const ui = await openTree(file);
    expect(ui.frame()).not.toContain("one more question");
    const f = await appendAndSee(ui, file, PI_APPENDS, "one more question about approach B");
    expect(cursorRowOf(f)).toContain("user: one more question about approach B");
    expect(f).not.toContain("the file grew by");
    await ui.press("ctrl+r");
    const reloaded = await ui.waitFor((fr) => fr.includes("Reloaded from disk: no new entries."), WAIT_MS);
    expect(cursorRowOf(reloaded)).toContain("user: one more question about approach B");
  });

  it("Shift+P pauses and resumes: what pi appended meanwhile shows on resume, with the cursor on pi's new leaf", async () => {
    const file = copyFixture();
    const ui = await openPausedTree(file);
    appendFileSync(file, PI_APPENDS);
    const held = await ui.waitFor((f) => f.includes("the file grew by"), WAIT_MS);
    expect(held).not.toContain("one more question about approach B");
    await ui.type("P");
    const f = await ui.waitFor((fr) => fr.includes("one more question about approach B") && fr.includes(" live"), WAIT_MS);
    expect(cursorRowOf(f)).toContain("user: one more question about approach B");
    expect(f).not.toContain("the file grew by");
  });

  it("keeps following the file: a second append shows too, a deletion is an error notice", async () => {
    const file = copyFixture();
    const ui = await openTree(file);
    await appendAndSee(ui, file, PI_APPENDS, "one more question about approach B");
    const second = PI_APPENDS.replace('"u9"', '"u10"').replace('"parentId":"lb1"', '"parentId":"u9"').replace("one more question", "and a second one");
    await appendAndSee(ui, file, second, "and a second one about approach B");
    rmSync(file);
    const gone = await ui.waitFor((f) => f.includes("The file can no longer be read"), WAIT_MS);
    expect(gone).toContain("no such file");
  });

  it("keeps the user's search over the new entries", async () => {
    const file = copyFixture();
    const ui = await openTree(file);
    await ui.type("approach");
    await ui.waitFor((f) => f.includes("Type to search: approach"), WAIT_MS);
    const f = await appendAndSee(ui, file, PI_APPENDS, "user: one more question about approach B");
    expect(f).toContain("Type to search: approach");
  });

  it("with no row selected (a search that matches nothing), the new entry can match it", async () => {
    const file = copyFixture();
    const ui = await openTree(file);
    await ui.type("zebra");
    await ui.waitFor((f) => f.includes("Type to search: zebra"), WAIT_MS);
    const f = await appendAndSee(ui, file, PI_APPENDS.replace("one more question about approach B", "what about the zebra tests"), "user: what about the zebra tests");
    expect(f).toContain("Type to search: zebra");
  });

  it("keeps the cursor on the entry the user was reading when it is not the leaf", async () => {
    const file = copyFixture();
    const ui = await openTree(file);
    await ui.press("up");
    const before = await ui.waitFor((f) => f.split("\n").some((line) => line.startsWith("›")), WAIT_MS);
    const reading = cursorRowOf(before);
    const f = await appendAndSee(ui, file, PI_APPENDS, "one more question about approach B");
    expect(cursorRowOf(f)?.slice(0, 60)).toBe(reading?.slice(0, 60));
  });
});
