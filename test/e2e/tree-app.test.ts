// End to end: the BUILT binary in a real terminal (tmux), driven by keys, read with capture-pane.
// Build first (`npx tsc -p tsconfig.build.json`; `npm test` does it). Runs with CI unset.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cursorLine, useAppE2E } from "../support/app-e2e.js";
import { BUILT_CLI } from "../support/built-app.js";
import { FIXTURES, PROJECT_ROOT } from "../support/shared.js";
import { describeWithTmux, EXIT_MARKER } from "../support/tmux.js";

const FIXTURE = join(FIXTURES, "app", "branched.jsonl");
const app = useAppE2E();

describeWithTmux("tree view in a real terminal", () => {
  it("opens a file, moves, folds, filters, inspects, shows help and quits", async () => {
    const { term: s } = app.start({ session: FIXTURE, cwd: PROJECT_ROOT, size: { columns: 120, rows: 30 } });
    let screen = await s.waitFor((x) => x.includes("Session Tree") && x.includes("(9/14)"), "the tree");
    expect(cursorLine(screen)).toContain("assistant: Approach A is cleaner");
    expect(screen.split("\n").length).toBeLessThanOrEqual(29);
    // The hostile entry is drawn inert: the screen was not cleared and its text is visible.
    expect(screen).toContain("␛[2J");

    s.keys("Down");
    screen = await s.waitFor((x) => cursorLine(x).includes("user: Try approach A"), "the cursor on branch A");
    s.keys("C-Left");
    screen = await s.waitFor((x) => x.includes("└⊞ user: Try approach A"), "branch A folded");
    expect(screen).not.toContain("[compaction: 48k tokens]");
    s.keys("C-Right");
    await s.waitFor((x) => x.includes("[compaction: 48k tokens]"), "branch A unfolded");

    s.keys("C-u");
    screen = await s.waitFor((x) => x.includes("[user]"), "the user-only filter");
    expect(screen).not.toContain("assistant:");
    s.keys("C-u");
    await s.waitFor((x) => !x.includes("[user]") && x.includes("assistant:"), "the default filter");

    s.keys("Up", "D");
    screen = await s.waitFor((x) => x.includes("▶ detail"), "the focused detail pane");
    expect(screen).toContain("Approach A is cleaner; B is smaller. I recommend A.");
    s.keys("Escape");
    await s.waitFor((x) => x.includes("│ detail") && !x.includes("▶ detail"), "the pane unfocused");

    s.keys("?");
    screen = await s.waitFor((x) => x.includes("Keys") && x.includes("ctrl+o"), "the help overlay");
    s.keys("x");
    await s.waitFor((x) => x.includes("Type to search:"), "the tree again");

    s.keys("q");
    screen = await s.waitFor((x) => x.includes(`${EXIT_MARKER}0]`), "a clean exit");
  });
});

describe("launching without a terminal", () => {
  it("prints one line pointing to the CLI and exits 2", () => {
    const r = spawnSync(process.execPath, [BUILT_CLI, FIXTURE], { encoding: "utf8", stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, CI: "" } });
    expect(r.status).toBe(2);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("needs a terminal");
    expect(lines[0]).toContain("pi-explorer --help");
    expect(r.stdout).toBe("");
  });
});
