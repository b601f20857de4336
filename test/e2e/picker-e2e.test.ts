// The built binary in a real terminal: the picker lists the fixture sessions of the current
// folder, search narrows them, Enter opens the tree, and the app quits cleanly.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { exitedWith, useAppE2E } from "../support/app-e2e.js";
import { FIXTURES } from "../support/shared.js";
import { describeWithTmux, type TmuxSession } from "../support/tmux.js";

// The fixture sessions were written in these folders (fixtures/sessions-dir/README.md).
const ALPHA = "/tmp/pi-explorer-fixture/alpha";
const ALPHA_ROOT = "/tmp/pi-explorer-fixture";
const app = useAppE2E();

/** The picker (no file argument) in ALPHA, over a copy of the fixture sessions folder. */
const start = (columns: number, rows: number): TmuxSession =>
  app.start({ sessionsFrom: join(FIXTURES, "sessions-dir"), cwd: ALPHA, size: { columns, rows } }).term;

describeWithTmux("picker end to end (tmux, built binary)", () => {
  // A fixed folder (the fixtures' sessions are named after it), removed again when this test made it.
  let made = false;
  beforeAll(() => {
    made = !existsSync(ALPHA_ROOT);
    mkdirSync(ALPHA, { recursive: true });
  });
  afterAll(() => {
    if (made) rmSync(ALPHA_ROOT, { recursive: true, force: true });
  });

  it("lists, searches, opens a session's tree and quits", async () => {
    const t = start(120, 32);
    let screen = await t.waitFor((s) => s.includes("Sessions (Current Folder)") && s.includes("auth refactor"), "the picker");
    expect(screen).toContain("Why does the CI cache miss on every run?");
    expect(screen).not.toContain("Write a CSV parser"); // another project
    expect(screen.split("\n").length).toBeLessThanOrEqual(31);

    t.type("cache");
    screen = await t.waitFor((s) => s.includes("> cache") && !s.includes("auth refactor"), "the search to narrow the list");
    expect(screen).toContain("Why does the CI cache miss on every run?");

    t.keys("Enter");
    screen = await t.waitFor((s) => !s.includes("Sessions (Current Folder)") && s.includes("Use only the lockfile hash"), "the tree of the session");

    // The tree goes back to the picker, which kept its search; Esc clears it, a second Esc leaves the app.
    t.keys("Escape");
    await t.waitFor((s) => s.includes("Sessions (Current Folder)") && s.includes("> cache"), "the picker again, search kept");
    t.keys("Escape");
    await t.waitFor((s) => s.includes("auth refactor"), "the search to be cleared");
    t.keys("Escape");
    screen = await t.waitFor((s) => exitedWith(s) !== undefined, "the app to exit");
    expect(exitedWith(screen)).toBe("0");
  }, 90_000);

  it("shows every project after Tab", async () => {
    const t = start(100, 24);
    await t.waitFor((s) => s.includes("auth refactor"), "the picker");
    t.keys("Tab");
    const screen = await t.waitFor((s) => s.includes("Write a CSV parser"), "sessions of all projects");
    expect(screen).toContain("Sessions (All Projects)");
    expect(screen).toContain("dark mode");
    t.keys("C-c");
    await t.waitFor((s) => exitedWith(s) !== undefined, "the app to exit");
  }, 60_000);
});
