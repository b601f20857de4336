// End to end: Shift+L in the BUILT binary (tmux) on a COPY of a fixture session: pi's label editor,
// the confirm step, and the label entry appended where pi would put it.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, expect, it } from "vitest";
import { buildTree, parseSession } from "../../src/engine/index.js";
import { PROJECT_ROOT } from "../support/shared.js";
import { describeWithTmux, makeTempHome, startTmux, type TempHome, type TmuxSession } from "../support/tmux.js";

const MAIN = join(PROJECT_ROOT, "dist", "src", "cli", "main.js");
const FIXTURE = join(PROJECT_ROOT, "fixtures", "app", "branched.jsonl");

beforeAll(() => {
  if (!existsSync(MAIN)) spawnSync(process.execPath, [join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], { cwd: PROJECT_ROOT });
}, 120_000);

let term: TmuxSession | undefined;
let home: TempHome | undefined;
afterEach(() => {
  term?.kill();
  home?.remove();
  term = undefined;
  home = undefined;
});

describeWithTmux("label editor in a real terminal", () => {
  it("sets a label with Shift+L, after a confirm step", async () => {
    home = makeTempHome();
    const file = join(home.home, "session.jsonl");
    copyFileSync(FIXTURE, file);
    const before = readFileSync(file);
    term = startTmux({ command: [process.execPath, MAIN, file], cwd: home.home, columns: 130, rows: 32, home });
    const t = term;
    await t.waitFor((s) => s.includes("Session Tree") && s.includes("(9/14)"), "the tree");

    // a6b, the last visible entry of the active branch, has no label yet.
    t.type("L");
    let screen = await t.waitFor((s) => s.includes("Label (empty to remove):"), "the label editor");
    expect(screen).toContain("Label for assistant a6b");
    t.type("pick A");
    t.keys("Enter");
    screen = await t.waitFor((s) => s.includes("y: write"), "the confirm step");
    expect(screen).toContain('targetId="a6b"  label="pick A"');
    expect(readFileSync(file).equals(before)).toBe(true);

    t.keys("y");
    screen = await t.waitFor((s) => s.includes("Wrote label entry"), "the commit");
    expect(screen.split("\n").find((l) => l.startsWith("› "))).toContain("[pick A] assistant: Approach A is cleaner");

    const bytes = readFileSync(file);
    expect(bytes.subarray(0, before.length).equals(before)).toBe(true);
    const loaded = parseSession(bytes, "1.6");
    const last = loaded.entries.at(-1);
    expect(last).toMatchObject({ type: "label", parentId: "lb1", targetId: "a6b", label: "pick A" });
    const tree = buildTree(loaded);
    expect(tree.leafId).toBe(last?.id);
    expect(tree.labels.get("a6b")?.label).toBe("pick A");
  }, 60_000);
});
