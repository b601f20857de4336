// The picker in the app shell, on a temporary copy of fixtures/sessions-dir: a session file deleted
// while the picker is shown drops out with a note when Enter tries it (never the tree's error
// screen), the list is redone when a tree closes back to the picker, and the demo's working copy is
// reused within a run and removed when the app ends.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import type { AppEnv, RenderPicker } from "../../components/app/screens.js";
import { demoSessionPath } from "../../components/picker/demo-session.js";
import { PickerScreen } from "../../components/picker/PickerScreen.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";
import { makeTempHome, type TempHome } from "../support/tmux.js";

const ALPHA = "/tmp/pi-explorer-fixture/alpha";
const ALPHA_DIR = "--tmp-pi-explorer-fixture-alpha--";
const CI_FILE = "2026-11-26T14-00-00-000Z_a2b7e9f1-0000-4000-8000-000000000002.jsonl";
const SIZE = { columns: 110, rows: 40 };
const PICKER = "Sessions (Current Folder)";
const NOTE = "was deleted or can no longer be read; list refreshed";

let home: TempHome | undefined;
const roots: string[] = [];
afterEach(() => {
  cleanupInk();
  home?.remove();
  home = undefined;
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** The app with no file (the picker first) in ALPHA; the demo's copies go under `tempDir`. */
function app(withSessions: boolean, tempDir?: string) {
  home = makeTempHome(withSessions ? join(FIXTURES, "sessions-dir") : undefined);
  const env: AppEnv = { cwd: ALPHA, home: home.home, env: {}, profile: "1.6", ...(tempDir === undefined ? {} : { tempDir }) };
  const renderPicker: RenderPicker = (props) => <PickerScreen {...props} />;
  return { element: <App env={env} initial={{ kind: "picker" }} renderPicker={renderPicker} />, sessions: join(home.agentDir, "sessions", ALPHA_DIR) };
}

describe("picker: sessions deleted while it is open", () => {
  it("Enter on a deleted session drops it with a note and a refreshed list, not the error screen", async () => {
    const { element, sessions } = app(true);
    const ui = await renderInk(element, SIZE);
    // The newest session (the CI one) is selected.
    await ui.waitFor((f) => f.includes("› Why does the CI cache miss") && f.includes("auth refactor"));
    rmSync(join(sessions, CI_FILE));
    await ui.press("enter");
    const frame = await ui.waitFor((f) => f.includes(NOTE));
    expect(frame).toContain(PICKER);
    expect(frame).toContain('"Why does the CI cache miss on every run?" was deleted');
    expect(frame).not.toContain("Cannot open this session");
    // Only the row of the deleted file went; the selection moved to the one left.
    const rows = frame.split("\n").filter((l) => /^[› ] /.test(l) && /\d+[smhdwy]o?\s*$/.test(l));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^› auth refactor/);
    // The next key clears the note.
    await ui.press("down");
    await ui.waitFor((f) => !f.includes(NOTE));
  });

  it("a file made unreadable is treated the same way", async () => {
    const { element, sessions } = app(true);
    const ui = await renderInk(element, SIZE);
    await ui.waitFor((f) => f.includes("› Why does the CI cache miss"));
    // Not a session any more (no header): what pi's listing skips, and what the tree cannot open.
    writeFileSync(join(sessions, CI_FILE), "not json\n");
    await ui.press("enter");
    const frame = await ui.waitFor((f) => f.includes(NOTE));
    expect(frame).toMatch(/^ {2}1 session\b/m);
    expect(frame).toContain("› auth refactor");
    expect(frame).not.toContain("Cannot open this session");
  });

  it("lists again when a tree closes back to the picker, keeping the selection on its file", async () => {
    const { element, sessions } = app(true);
    const ui = await renderInk(element, SIZE);
    await ui.waitFor((f) => f.includes("› Why does the CI cache miss"));
    await ui.press("down");
    await ui.waitFor((f) => f.includes("› auth refactor"));
    await ui.press("enter");
    await ui.waitFor((f) => !f.includes(PICKER));
    // Deleted while the tree is open; a fork written meanwhile would appear the same way.
    rmSync(join(sessions, CI_FILE));
    await ui.press("escape");
    const frame = await ui.waitFor((f) => f.includes(PICKER) && f.includes(NOTE));
    expect(frame).toContain("› auth refactor");
    expect(frame).not.toContain("› Why does the CI");
  });

  it("returns to an unchanged list without a note", async () => {
    const { element } = app(true);
    const ui = await renderInk(element, SIZE);
    await ui.waitFor((f) => f.includes("› Why does the CI cache miss"));
    await ui.press("down", "enter");
    await ui.waitFor((f) => !f.includes(PICKER));
    await ui.press("escape");
    const frame = await ui.waitFor((f) => f.includes("› auth refactor") && f.includes("Why does the CI cache miss"));
    expect(frame).not.toContain("list refreshed");
  });
});

describe("picker: the demo's working copy", () => {
  it("reuses one copy for the run and removes it when the app ends", async () => {
    const root = mkdtempSync(join(tmpdir(), "pi-explorer-demo-test-"));
    roots.push(root);
    const demo = demoSessionPath()!;
    const { element } = app(false, root);
    const ui = await renderInk(element, SIZE);
    await ui.waitFor((f) => f.includes("Enter: open the demo session"));
    await ui.press("enter");
    await ui.waitFor((f) => !f.includes(PICKER));
    const [dir] = readdirSync(root);
    expect(dir).toMatch(/^pi-explorer-demo-/);
    const copy = join(root, dir, "demo-session.jsonl");
    expect(readFileSync(copy, "utf8")).toBe(readFileSync(demo, "utf8"));
    // What a commit on the demo does: append to the copy.
    writeFileSync(copy, "\n", { flag: "a" });

    // Back to the picker and into the demo again: the same copy, with this run's change.
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Enter: open the demo session"));
    await ui.press("enter");
    await ui.waitFor((f) => !f.includes(PICKER));
    expect(readdirSync(root)).toEqual([dir]);
    expect(readFileSync(copy, "utf8")).toBe(`${readFileSync(demo, "utf8")}\n`);

    // Leaving the tree and then the picker ends the app, which unmounts the picker.
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Enter: open the demo session"));
    // Wait from before the key: Ink resolves only a wait that began before it unmounted.
    const exited = ui.instance.waitUntilExit();
    await ui.press("escape");
    await exited;
    expect(readdirSync(root)).toEqual([]);
    expect(existsSync(demo)).toBe(true);
    expect(dirname(copy)).not.toBe(dirname(demo));
  });

  it("removes the copy when the app is unmounted with the demo's tree still open", async () => {
    const root = mkdtempSync(join(tmpdir(), "pi-explorer-demo-test-"));
    roots.push(root);
    const { element } = app(false, root);
    const ui = await renderInk(element, SIZE);
    await ui.waitFor((f) => f.includes("Enter: open the demo session"));
    await ui.press("enter");
    await ui.waitFor((f) => !f.includes(PICKER));
    expect(readdirSync(root)).toHaveLength(1);
    ui.unmount();
    expect(readdirSync(root)).toEqual([]);
  });
});
