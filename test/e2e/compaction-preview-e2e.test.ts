// The built binary in a real terminal: open a fixture session's tree, Ctrl+K opens the compaction
// preview with the user's pi settings, the keepRecentTokens keys move the cut, d shows the
// before/after diff with marked rows, and Esc walks back out to a clean exit.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, expect, it } from "vitest";
import { FIXTURES, PROJECT_ROOT } from "../support/shared.js";
import { describeWithTmux, EXIT_MARKER, makeTempHome, startTmux, type TempHome, type TmuxSession } from "../support/tmux.js";

const MAIN = join(PROJECT_ROOT, "dist", "src", "cli", "main.js");
const SESSION = join(FIXTURES, "app-compaction", "turns.jsonl");

let home: TempHome | undefined;
let term: TmuxSession | undefined;

afterEach(() => {
  term?.kill();
  home?.remove();
  term = undefined;
  home = undefined;
});

const exitedWith = (screen: string): string | undefined => screen.split(EXIT_MARKER)[1]?.split("]")[0];
const cutLine = (screen: string): string => screen.split("\n").find((l) => l.includes("✂── cut")) ?? "";

describeWithTmux("compaction preview end to end (tmux, built binary)", () => {
  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` before the e2e tests`);
  });

  it("opens the preview from the tree, moves the cut with settings keys and shows the marked diff", async () => {
    home = makeTempHome();
    writeFileSync(join(home.agentDir, "settings.json"), JSON.stringify({ compaction: { keepRecentTokens: 2000 } }));
    const t = (term = startTmux({ command: [process.execPath, MAIN, SESSION], cwd: home.home, columns: 140, rows: 45, home }));
    await t.waitFor((s) => s.includes("Session Tree"), "the tree");

    t.keys("C-k");
    let screen = await t.waitFor((s) => s.includes("Compaction preview") && s.includes("✂── cut"), "the compaction preview");
    expect(screen).toContain("keepRecentTokens 2,000 (global)");
    expect(cutLine(screen)).toContain("first kept entry a52 (splits the turn started at u5)");
    expect(screen).toContain("▼ turn prefix of the split turn");
    expect(screen.split("\n").length).toBeLessThanOrEqual(44);

    t.type("]");
    t.type("]");
    screen = await t.waitFor((s) => s.includes("keepRecentTokens 2,200 (adjusted)"), "keepRecentTokens to step up twice");
    expect(cutLine(screen)).toContain("first kept entry u5");
    expect(cutLine(screen)).not.toContain("splits the turn");
    expect(screen).not.toContain("▼ turn prefix of the split turn");

    t.type("d");
    screen = await t.waitFor((s) => s.includes("Context now → after this compaction"), "the before/after diff");
    const rows = screen.split("\n");
    expect(rows.find((l) => / u1 /.test(l))).toMatch(/^− user u1 /);
    expect(rows.find((l) => / u5 /.test(l))).toMatch(/^= user u5 .*│ user u5 /);
    expect(rows.some((l) => /^\+ .*│ summ \(new\)/.test(l))).toBe(true);
    expect(screen).toMatch(/tool results\s+█/);

    t.keys("Escape");
    await t.waitFor((s) => s.includes("▼ kept tail") && !s.includes("Context now"), "the bands again");
    t.keys("Escape");
    await t.waitFor((s) => s.includes("Session Tree") && !s.includes("Compaction preview"), "the tree again");
    t.keys("Escape");
    screen = await t.waitFor((s) => exitedWith(s) !== undefined, "the app to exit");
    expect(exitedWith(screen)).toBe("0");
  }, 90_000);
});
