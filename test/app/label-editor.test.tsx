// Shift+L in the running app: pi's pre-filled label editor, a confirm step, and the label entry
// appended through the guarded commit (on a temporary copy of a fixture session).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { buildTree, parseSession, type SessionEntry } from "../../src/engine/index.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk, type InkHarness } from "../support/ink-kit.js";

// Generous: these tests share the machine with many others; a slow frame is not a failure.
const WAIT_MS = 10_000;

const copies = useFixtureCopies("label-app");
let file: string;
let before: Buffer;
let holder: ChildProcess | undefined;
afterEach(() => {
  holder?.kill("SIGKILL");
  holder = undefined;
});

beforeEach(() => {
  file = copies.copy("app/branched.jsonl");
  before = readFileSync(file);
});

/** The app on the copy, with the editor open on a5a (the last row, labelled "approach-A-green"). */
async function editLabelOfA5a(): Promise<InkHarness> {
  const ui = await renderInk(
    <App env={{ cwd: "/", home: "/home/u", env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />,
    { columns: 140, rows: 30 },
  );
  await ui.press("end", "L");
  await ui.waitFor((f) => f.includes("Label (empty to remove):"), WAIT_MS);
  return ui;
}

async function clearText(ui: InkHarness, length: number): Promise<void> {
  for (let i = 0; i < length; i++) await ui.press("backspace");
}

const lastEntry = (): SessionEntry & { targetId?: string; label?: string } => parseSession(readFileSync(file, "utf8"), "1.6").entries.at(-1)!;

describe("label editor: Shift+L", () => {
  it("is pre-filled with the current label", async () => {
    const ui = await editLabelOfA5a();
    expect(ui.frame()).toContain("Label (empty to remove): approach-A-green");
    expect(ui.frame()).toContain("Label for assistant a5a");
  });

  it("asks before writing, then appends one label entry at pi's leaf and shows it in the tree", async () => {
    const ui = await editLabelOfA5a();
    await clearText(ui, "approach-A-green".length);
    await ui.type("ttl-fixed");
    await ui.press("enter");
    const confirm = await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    expect(confirm).toContain("+ label");
    expect(confirm).toContain('targetId="a5a"  label="ttl-fixed"');
    expect(readFileSync(file).equals(before)).toBe(true);

    await ui.press("y");
    const frame = await ui.waitFor((f) => f.includes("Wrote label entry"), WAIT_MS);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, before.length).equals(before)).toBe(true);
    const last = lastEntry();
    expect(last).toMatchObject({ type: "label", parentId: "lb1", targetId: "a5a", label: "ttl-fixed" });
    const tree = buildTree(parseSession(bytes, "1.6"));
    expect(tree.leafId).toBe(last.id);
    expect(tree.labels.get("a5a")?.label).toBe("ttl-fixed");
    // Re-read, with the cursor kept on the labelled entry.
    expect(frame).toMatch(/› .*\[ttl-fixed\] assistant: Fixed: the TTL/);
  });

  it.skipIf(process.platform !== "linux")("warns before writing when a pi seems to run on the file (it would append past the label)", async () => {
    const ui = await editLabelOfA5a();
    // A process that holds the session open for appending, as a running pi does.
    holder = spawn(process.execPath, ["-e", `require("fs").openSync(${JSON.stringify(file)}, "a"); console.log("ready"); setTimeout(() => {}, 30000);`], { stdio: ["ignore", "pipe", "ignore"] });
    await new Promise((resolve) => holder?.stdout?.once("data", resolve));
    await ui.press("enter");
    const confirm = await ui.waitFor((f) => f.includes("y: write") && f.includes("Warning:"), WAIT_MS);
    expect(confirm.replace(/\s+/g, " ")).toMatch(/Warning: .*y writes anyway, Esc cancels\./);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("empty text clears the label (no label field), as pi's editor does", async () => {
    const ui = await editLabelOfA5a();
    await clearText(ui, "approach-A-green".length);
    await ui.press("enter");
    const confirm = await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    expect(confirm).toContain("(no label: clears it)");
    await ui.press("y");
    await ui.waitFor((f) => f.includes("Wrote label entry (cleared)"), WAIT_MS);
    const last = lastEntry();
    expect(last.type).toBe("label");
    expect("label" in last).toBe(false);
    expect(buildTree(parseSession(readFileSync(file), "1.6")).labels.has("a5a")).toBe(false);
  });

  it("Ctrl keys arriving in one read with a letter never put control characters into the label", async () => {
    const ui = await editLabelOfA5a();
    await ui.press("\x0b\x07\x18a");
    await ui.type("b");
    const f = await ui.waitFor((fr) => fr.includes("approach-A-greenab"), WAIT_MS);
    expect(f.split("\n").find((l) => l.includes("Label (empty to remove):"))).toBe("  Label (empty to remove): approach-A-greenab");
    await ui.press("enter");
    const confirm = await ui.waitFor((fr) => fr.includes("y: write"), WAIT_MS);
    expect(confirm).toContain('label="approach-A-greenab"');
  });

  it("Backspaces in one read with other keys each delete (key repeat, a slow link)", async () => {
    const ui = await editLabelOfA5a();
    // "approach-A-green": three Backspaces, "ey" and Enter, all in one read.
    await ui.press("\x7f\x7f\x7fey\r");
    const confirm = await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    expect(confirm).toContain('label="approach-A-grey"');
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Label (empty to remove): approach-A-grey"), WAIT_MS);
    // Three Backspaces alone in one read (tmux send-keys BSpace BSpace BSpace).
    await ui.press("\x7f\x7f\x7f");
    await ui.waitFor((f) => /Label \(empty to remove\): approach-A-g *$/m.test(f), WAIT_MS);
  });

  it("Left and Backspace edit inside the text, and Ctrl+U clears it, as in pi's editor", async () => {
    const ui = await editLabelOfA5a();
    await ui.press("left", "left", "left", "left", "left", "backspace", "\x7f", "X");
    await ui.waitFor((f) => f.includes("Label (empty to remove): approach-Xgreen"), WAIT_MS);
    await ui.press("ctrl+e", "ctrl+u", "new");
    await ui.press("enter");
    const confirm = await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    expect(confirm).toContain('label="new"');
  });

  it("Esc cancels: from the confirm step back to the text, then out; nothing is written", async () => {
    const ui = await editLabelOfA5a();
    await ui.type("-x");
    await ui.press("enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Label (empty to remove): approach-A-green-x"), WAIT_MS);
    await ui.press("escape");
    await ui.waitFor((f) => !f.includes("Label (empty to remove)"), WAIT_MS);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("draws a hostile current label inert in the editor", async () => {
    const lines = [
      { type: "session", version: 3, id: "s1", timestamp: "2026-11-01T10:00:00.000Z", cwd: "/p" },
      { type: "message", id: "u1", parentId: null, timestamp: "2026-11-01T10:00:01.000Z", message: { role: "user", content: "hi", timestamp: 1 } },
      { type: "label", id: "l1", parentId: "u1", timestamp: "2026-11-01T10:00:02.000Z", targetId: "u1", label: "\x1b]0;pwned\x07\x1b[2Jlbl" },
    ];
    writeFileSync(file, lines.map((o) => JSON.stringify(o)).join("\n") + "\n");
    const ui = await renderInk(
      <App env={{ cwd: "/", home: "/home/u", env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />,
      { columns: 120, rows: 20 },
    );
    await ui.press("L");
    const frame = await ui.waitFor((f) => f.includes("Label (empty to remove):"), WAIT_MS);
    expect(frame).toContain("␛]0;pwned␇␛[2Jlbl");
    for (const raw of ui.frames()) {
      expect(raw).not.toContain("\x1b]");
      expect(raw).not.toContain("\x1b[2J");
    }
  });

  it("keys typed into the editor do not reach the tree (no search, no quitting on q)", async () => {
    const ui = await editLabelOfA5a();
    await ui.type("q?");
    const frame = await ui.waitFor((f) => f.includes("approach-A-greenq?"), WAIT_MS);
    expect(frame).toContain("Type to search:");
    expect(frame).not.toMatch(/Type to search: \S/);
  });
});
