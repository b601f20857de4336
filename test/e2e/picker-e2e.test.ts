// The built binary in a real terminal: the picker lists the fixture sessions of the current
// folder, search narrows them, Enter opens the tree, and the app quits cleanly.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, expect, it } from "vitest";
import { FIXTURES, PROJECT_ROOT } from "../support/shared.js";
import { describeWithTmux, EXIT_MARKER, makeTempHome, startTmux, type TempHome, type TmuxSession } from "../support/tmux.js";

const MAIN = join(PROJECT_ROOT, "dist", "src", "cli", "main.js");
// The fixture sessions were written in these folders (fixtures/sessions-dir/README.md).
const ALPHA = "/tmp/pi-explorer-fixture/alpha";

let home: TempHome | undefined;
let term: TmuxSession | undefined;

afterEach(() => {
  term?.kill();
  home?.remove();
  term = undefined;
  home = undefined;
});

function start(columns: number, rows: number): TmuxSession {
  home = makeTempHome(join(FIXTURES, "sessions-dir"));
  term = startTmux({ command: [process.execPath, MAIN], cwd: ALPHA, columns, rows, home });
  return term;
}

const exitedWith = (screen: string): string | undefined => screen.split(EXIT_MARKER)[1]?.split("]")[0];

describeWithTmux("picker end to end (tmux, built binary)", () => {
  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` before the e2e tests`);
    mkdirSync(ALPHA, { recursive: true });
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
