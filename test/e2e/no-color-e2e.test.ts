// NO_COLOR (no-color.org) on the BUILT binary in a real terminal: every frame it writes to the pty
// (recorded byte for byte by script(1) inside tmux) is free of SGR colour codes, while the cursor row
// is still marked (its "›" and bold). The same run without NO_COLOR does draw colours, so the check
// can fail. FORCE_COLOR=1 in both: the terminal's colour support is not what turns colours off.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, expect, it } from "vitest";
import { cursorLine } from "../support/app-e2e.js";
import { BUILT_CLI, ensureBuilt } from "../support/built-app.js";
import { FIXTURES } from "../support/shared.js";
import { describeWithTmux, EXIT_MARKER, makeTempHome, startTmux, type TempHome, type TmuxSession } from "../support/tmux.js";

const FIXTURE = join(FIXTURES, "app", "branched.jsonl");
const hasScript = spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;
/** Whether the SGR sequences in `codes` turn bold (SGR 1) on. */
const setsBold = (codes: string): boolean => [...codes.matchAll(/\x1b\[([0-9;]*)m/g)].some((m) => m[1].split(";").includes("1"));
const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/** The SGR parameters of every `ESC [ ... m` in `bytes` that set a foreground or background colour. */
export function colourCodes(bytes: string): string[] {
  const found: string[] = [];
  for (const match of bytes.matchAll(/\x1b\[([0-9;:]*)m/g)) {
    const params = match[1].split(/[;:]/).map(Number);
    for (let i = 0; i < params.length; i++) {
      const p = params[i];
      if ((p >= 30 && p <= 37) || (p >= 40 && p <= 47) || (p >= 90 && p <= 97) || (p >= 100 && p <= 107)) found.push(String(p));
      else if (p === 38 || p === 48) {
        found.push(`${p};${params[i + 1]}`);
        // 38;5;N and 38;2;R;G;B carry their arguments along.
        i += params[i + 1] === 5 ? 2 : params[i + 1] === 2 ? 4 : 1;
      }
    }
  }
  return found;
}

let running: { term: TmuxSession; home: TempHome } | undefined;
afterEach(() => {
  running?.term.kill();
  running?.home.remove();
  running = undefined;
});

/** The tree of the fixture in a 120x30 tmux pane, its output recorded; walked through the tree, the help and the compaction preview; quit. */
async function run(env: Record<string, string>): Promise<{ raw: string; cursorRowStart: string }> {
  const home = makeTempHome();
  const raw = join(home.home, "pty-output");
  const inner = [process.execPath, BUILT_CLI, FIXTURE].map(quote).join(" ");
  const term = startTmux({ command: ["script", "-q", "-f", "-e", "-c", inner, raw], cwd: home.home, columns: 120, rows: 30, home, env: { FORCE_COLOR: "1", ...env } });
  running = { term, home };
  await term.waitFor((s) => s.includes("Session Tree") && cursorLine(s).includes("assistant: Approach A is cleaner"), "the tree");
  term.keys("Up");
  await term.waitFor((s) => cursorLine(s).includes("user: Here is the screenshot"), "the cursor moved up");
  term.keys("?");
  await term.waitFor((s) => s.includes("Keys") && s.includes("ctrl+o"), "the help overlay");
  term.keys("x");
  await term.waitFor((s) => s.includes("Type to search:"), "the tree again");
  term.keys("C-k");
  await term.waitFor((s) => s.includes("Compaction preview") && s.includes("auto-compact now"), "the compaction preview");
  term.keys("Escape");
  await term.waitFor((s) => s.includes("Type to search:"), "the tree after the preview");
  term.keys("q");
  await term.waitFor((s) => s.includes(`${EXIT_MARKER}0]`), "a clean exit");
  expect(existsSync(raw)).toBe(true);
  const bytes = readFileSync(raw, "utf8");
  // The cursor row as the bin last wrote it after the move: the SGR codes before its "›".
  const rows = [...bytes.matchAll(/((?:\x1b\[[0-9;]*m)*)› [^\n]*?Here is the screenshot/g)];
  return { raw: bytes, cursorRowStart: rows.at(-1)?.[1] ?? "(no cursor row on the screenshot entry)" };
}

describeWithTmux("NO_COLOR on the built bin in a pty", () => {
  beforeAll(() => ensureBuilt(), 180_000);

  it.skipIf(!hasScript)("with NO_COLOR=1 no frame has an SGR colour code, and the cursor row is still marked", { timeout: 60_000 }, async () => {
    const { raw, cursorRowStart } = await run({ NO_COLOR: "1" });
    expect(raw).toContain("Session Tree");
    expect(colourCodes(raw)).toEqual([]);
    // The cursor row: its marker "›", in bold (SGR 1).
    expect(setsBold(cursorRowStart)).toBe(true);
  });

  it.skipIf(!hasScript)("without NO_COLOR the same frames are coloured (the check above can fail)", { timeout: 60_000 }, async () => {
    const { raw, cursorRowStart } = await run({ NO_COLOR: "" });
    expect(colourCodes(raw).length).toBeGreaterThan(0);
    expect(setsBold(cursorRowStart)).toBe(true);
  });
});
