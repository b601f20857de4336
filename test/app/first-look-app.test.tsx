// The explorer opened on a first look at a large session (store/first-look.ts), as the launcher does:
// the tree is drawn from the first look, the exact load runs after the first frame and replaces it
// (keeping the cursor), and a command given meanwhile works on the exact session.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { buildTree, openSessionBytes, parseSession, readFileBytes } from "../../src/engine/index.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk, stripAnsi, type InkHarness } from "../support/ink-kit.js";

// Generous: these tests share the machine with many others; a slow frame is not a failure.
const WAIT_MS = 20_000;
const ENV = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const CHECKING = "checking lines…";
const copies = useFixtureCopies("first-look-app");

/** The app on `file` as launch-app.tsx opens it, with a first look whatever the file's size. */
async function openApp(file: string): Promise<InkHarness> {
  const opened = openSessionBytes(file, "1.6", readFileBytes(file), 0);
  expect(opened.pending).not.toBeNull();
  return renderInk(
    <App
      env={ENV}
      initial={{ kind: "tree", path: file, fromPicker: false }}
      initialTree={buildTree(opened.loaded)}
      initialSnapshot={opened.snapshot}
      initialPending={opened.pending ?? undefined}
    />,
    { columns: 120, rows: 34 },
  );
}

/** The status line (the last line, unless a notice is shown below it). */
const statusLine = (frame: string): string => frame.split("\n").findLast((line) => / entr(y|ies) · /.test(line)) ?? "";
/** The first frame with the tree drawn: made before the exact load could run, so from the first look. */
const firstTreeFrame = (ui: InkHarness): string | undefined => ui.frames().map(stripAnsi).find((f) => f.includes("Session Tree"));
const cursorRow = (frame: string): string | undefined => frame.split("\n").find((line) => line.startsWith("›"));

/**
 * A linear session of `pairs` tool calls whose results are 200 KB each (pairs * 200 KB in all), so
 * the exact load takes one step per result: long enough for keys to arrive before it ends. The last
 * result gets `lastResult`'s rewrite (e.g. damage).
 */
function bigSession(pairs: number, lastResult: (line: string) => string = (line) => line): string {
  const file = join(copies.dir(), "big.jsonl");
  const out = [
    '{"type":"session","version":3,"id":"big","timestamp":"2026-11-02T09:00:00.000Z","cwd":"/p"}',
    JSON.stringify({ type: "message", id: "u0", parentId: null, timestamp: "2026-11-02T09:00:01.000Z", message: { role: "user", content: "read every file", timestamp: 1 } }),
  ];
  let parent = "u0";
  for (let i = 0; i < pairs; i++) {
    const call = { type: "toolCall", id: `c${i}`, name: "read", arguments: { path: `/p/f${i}.ts` } };
    out.push(
      JSON.stringify({ type: "message", id: `a${i}`, parentId: parent, timestamp: "2026-11-02T09:00:02.000Z", message: { role: "assistant", content: [call], stopReason: "toolUse", timestamp: 2 } }),
    );
    const result = JSON.stringify({
      type: "message",
      id: `r${i}`,
      parentId: `a${i}`,
      timestamp: "2026-11-02T09:00:03.000Z",
      message: { role: "toolResult", toolCallId: `c${i}`, toolName: "read", content: [{ type: "text", text: `file ${i}\n${"x".repeat(200_000)}` }], isError: false, timestamp: 3 },
    });
    out.push(i === pairs - 1 ? lastResult(result) : result);
    parent = `r${i}`;
  }
  writeFileSync(file, `${out.join("\n")}\n`);
  return file;
}

describe("the exact load replaces the first look after the first frame", () => {
  it("a clean session: the first frame says it is checking, then the real count", async () => {
    const file = copies.copy("first-look/session.jsonl");
    const ui = await openApp(file);
    const final = await ui.waitFor((f) => statusLine(f).includes("0 damaged lines"), WAIT_MS);
    const first = firstTreeFrame(ui);
    expect(first).toContain(CHECKING);
    expect(final).not.toContain(CHECKING);
    expect(final).toContain("first look fixture — ");
    expect(cursorRow(final)).toContain("assistant: That is the 1x1 placeholder logo.");
  });

  it("a damaged tool result: shown in the first look, gone with the diagnostic once the exact load is done", async () => {
    const file = copies.copy("first-look/damaged-tool-result.jsonl");
    const ui = await openApp(file);
    // r3a's row: its tool call's command.
    const row = "[bash: grep -rn loadConfig src test]";
    const first = firstTreeFrame(ui);
    expect(first).toContain(CHECKING);
    expect(first).toContain(row);
    // pi drops line 8 (r3a), which also leaves its child a4a without a parent.
    const final = await ui.waitFor((f) => / damaged lines? \(first: line 8[:;] /.test(statusLine(f)), WAIT_MS);
    expect(final).not.toContain(CHECKING);
    expect(final).not.toContain(row);
    await ui.waitFor((f) => f.includes("Lines checked: 1 entry on a damaged line, which pi skips, is gone from the tree."), WAIT_MS);
  });
});

describe("while the exact load is still running", () => {
  it("the cursor the user moved stays on its entry when the exact tree replaces the first look", async () => {
    const file = bigSession(200);
    const ui = await openApp(file);
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    await ui.press("up", "up", "up");
    const moved = ui.frame();
    // Keys arrive between the steps of the exact load (one per 200 KB result): still checking.
    expect(statusLine(moved)).toContain(CHECKING);
    expect(cursorRow(moved)).toContain("[read: /p/f196.ts]");

    const final = await ui.waitFor((f) => statusLine(f).includes("0 damaged lines"), WAIT_MS);
    expect(cursorRow(final)).toContain("[read: /p/f196.ts]");
    expect(final).toContain("message · toolResult · r196");
  });

  it("Shift+L finishes the exact load first: the label goes after pi's leaf in the exact session", async () => {
    // The last result is damaged: the first look's leaf is r199, pi's (the exact load's) is a199.
    const file = bigSession(200, (line) => line.replace("file 199", "file\\q 199"));
    const before = readFileSync(file);
    const ui = await openApp(file);
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    await ui.press("up");
    expect(statusLine(ui.frame())).toContain(CHECKING);
    expect(cursorRow(ui.frame())).toContain("[read: /p/f198.ts]");

    await ui.press("L");
    const editor = await ui.waitFor((f) => f.includes("Label (empty to remove):"), WAIT_MS);
    // The command did not wait for the background steps: the exact session is already shown.
    expect(editor).not.toContain(CHECKING);
    expect(editor).toContain("1 damaged line");
    await ui.type("checked");
    await ui.press("enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    await ui.press("y");
    await ui.waitFor((f) => f.includes("Wrote label entry"), WAIT_MS);

    const after = readFileSync(file);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    const last = parseSession(after, "1.6").entries.at(-1);
    expect(last).toMatchObject({ type: "label", parentId: "a199", targetId: "r198", label: "checked" });
  });

  it("Shift+L on a row only the first look has (a damaged line) says so instead of labelling it", async () => {
    const file = bigSession(200, (line) => line.replace("file 199", "file\\q 199"));
    const before = readFileSync(file);
    const ui = await openApp(file);
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    // The cursor starts on the first look's leaf, r199, whose line pi drops.
    expect(statusLine(ui.frame())).toContain(CHECKING);
    expect(cursorRow(ui.frame())).toContain("[read: /p/f199.ts]");

    await ui.press("L");
    const notice = await ui.waitFor((f) => f.includes("Entry r199 is on a damaged line that pi skips"), WAIT_MS);
    expect(notice).not.toContain("Label (empty to remove):");
    expect(notice).toContain("Session Tree");
    expect(statusLine(notice)).not.toContain(CHECKING);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
