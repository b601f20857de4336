// End to end: the BUILT binary in a real terminal (tmux). From the tree, `/` opens recall; typing
// shows hits; Shift+Tab widens the scope to every branch; Enter returns to the tree with the cursor
// on the hit. Build first (`npx tsc -p tsconfig.build.json`; `npm test` does it). Runs with CI unset.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, expect, it } from "vitest";
import { FIXTURES, PROJECT_ROOT } from "../support/shared.js";
import { describeWithTmux, EXIT_MARKER, makeTempHome, startTmux, type TempHome, type TmuxSession } from "../support/tmux.js";

const MAIN = join(PROJECT_ROOT, "dist", "src", "cli", "main.js");
const BUILT_RECALL = join(PROJECT_ROOT, "dist", "components", "recall", "RecallScreen.js");
const FIXTURE = join(FIXTURES, "recall", "session.jsonl");

beforeAll(() => {
  if (!existsSync(MAIN) || !existsSync(BUILT_RECALL))
    spawnSync(process.execPath, [join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], { cwd: PROJECT_ROOT });
}, 180_000);

let session: TmuxSession | undefined;
let home: TempHome | undefined;
afterEach(() => {
  session?.kill();
  home?.remove();
  session = undefined;
  home = undefined;
});

const cursorLine = (screen: string) => screen.split("\n").find((l) => l.startsWith("› ")) ?? "";

describeWithTmux("recall in a real terminal", () => {
  it("/ opens recall, typing finds hits, Enter puts the tree cursor on the hit", async () => {
    home = makeTempHome();
    session = startTmux({ command: [process.execPath, MAIN, FIXTURE], cwd: PROJECT_ROOT, columns: 120, rows: 30, home });
    const s = session;
    let screen = await s.waitFor((x) => x.includes("Session Tree"), "the tree");
    expect(cursorLine(screen)).toContain("user: What did we decide about cookies?");

    s.type("/");
    screen = await s.waitFor((x) => x.includes("Recall:") && x.includes("latest 20 of 20 entries"), "the recall screen, indexed");
    s.type("cookies");
    screen = await s.waitFor((x) => x.includes("Recall: cookies") && x.includes("1 match ·"), "a hit on the active path");
    expect(screen).toContain("What did we decide about cookies?");
    expect(screen.split("\n").length).toBeLessThanOrEqual(29);

    s.keys("BTab");
    screen = await s.waitFor((x) => x.includes("scope: all") && x.includes("2 matches"), "the hit in the abandoned branch");
    expect(cursorLine(screen)).toBe("› #8 user [abandoned branch]");
    expect(screen).toContain("Try storing the session in cookies instead");

    s.keys("Enter");
    screen = await s.waitFor((x) => x.includes("Session Tree") && cursorLine(x).includes("Try storing the session"), "the tree, cursor on the hit");
    expect(cursorLine(screen)).toContain("user: Try storing the session in cookies instead");

    // Keys are the tree's again: q closes it.
    s.keys("q");
    await s.waitFor((x) => x.includes(`${EXIT_MARKER}0]`), "a clean exit");
  });
});
