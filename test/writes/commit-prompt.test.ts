// The real "Write this? [y/N]" question, answered through a pseudo-terminal (util-linux `script`
// gives the CLI a terminal as stdin and stderr). Before the fix every answer was a no: readline's
// "close" handler resolved false before the answer's own resolve ran, so only --yes ever wrote.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CLI, ensureBuilt } from "../cli/run-built-cli.js";
import { FIXTURES } from "../support/shared.js";

const SCRIPT = "/usr/bin/script";
const hasScript = existsSync(SCRIPT);
if (!hasScript) console.warn(`[skip] prompt tests: ${SCRIPT} (util-linux) is not installed`);

beforeAll(() => ensureBuilt());

const quote = (arg: string): string => `'${arg.replace(/'/g, "'\\''")}'`;

/** Runs the CLI on a terminal; types `keys` once the question is shown. Resolves to the exit code and the screen text. */
function answer(args: readonly string[], keys: string): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, CLI, ...args].map(quote).join(" ");
  const child = spawn(SCRIPT, ["-qefc", command, "/dev/null"], { stdio: ["pipe", "pipe", "pipe"] });
  let screen = "";
  let typed = false;
  child.stdout.on("data", (chunk: Buffer) => {
    screen += chunk.toString();
    if (!typed && screen.includes("[y/N]")) {
      typed = true;
      child.stdin.write(keys);
    }
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    }),
  );
}

function sessionCopy(): string {
  const file = join(mkdtempSync(join(tmpdir(), "pi-explorer-prompt-")), "session.jsonl");
  copyFileSync(join(FIXTURES, "commit", "small-v3.jsonl"), file);
  return file;
}

const COMMITS: [string, (file: string) => string[]][] = [
  ["label", (file) => ["label", file, "u0000002", "asked"]],
  ["fork", (file) => ["fork", file, "--out", `${file}.fork.jsonl`]],
  ["compact --commit", (file) => ["compact", file, "--keep-recent", "1", "--commit"]],
  ["branch --summarize --commit", (file) => ["branch", file, "--target", "u0000002", "--summarize", "--commit"]],
];

/** What the commit left: the appended bytes, or for a fork whether its file exists. */
const wrote = (name: string, file: string, before: Buffer): boolean =>
  name === "fork" ? existsSync(`${file}.fork.jsonl`) : readFileSync(file).length > before.length;

describe.runIf(hasScript)("the commit question on a terminal", () => {
  for (const [name, argsFor] of COMMITS) {
    it(`${name}: "y" writes and exits 0`, async () => {
      const file = sessionCopy();
      const before = readFileSync(file);
      const run = await answer(argsFor(file), "y\r");
      expect(run.code, run.screen).toBe(0);
      expect(run.screen).toMatch(/Write this\? \[y\/N\]/);
      expect(run.screen).toMatch(/Wrote /);
      expect(wrote(name, file, before)).toBe(true);
    });
  }

  it.each([["yes\r"], ["Y\r"], ["  YES \r"]])("label: %j is a yes too", async (keys) => {
    const file = sessionCopy();
    const before = readFileSync(file);
    const run = await answer(["label", file, "u0000002", "asked"], keys);
    expect(run.code, run.screen).toBe(0);
    expect(wrote("label", file, before)).toBe(true);
  });

  it.each([["n\r"], ["\r"], ["nope\r"]])("label: %j writes nothing and exits 4", async (keys) => {
    const file = sessionCopy();
    const before = readFileSync(file);
    const run = await answer(["label", file, "u0000002", "asked"], keys);
    expect(run.code).toBe(4);
    expect(run.screen).toMatch(/Nothing was written\./);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("Ctrl+C at the question exits 130 and writes nothing", async () => {
    const file = sessionCopy();
    const before = readFileSync(file);
    const run = await answer(["compact", file, "--keep-recent", "1", "--commit"], "\x03");
    expect(run.code).toBe(130);
    expect(run.screen).toMatch(/pi-explorer: interrupted; nothing was written/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("Ctrl+D at the question is a no (exit 4)", async () => {
    const file = sessionCopy();
    const before = readFileSync(file);
    const run = await answer(["label", file, "u0000002", "asked"], "\x04");
    expect(run.code).toBe(4);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
