// pi's own code for the write tests: sessions written by pi 1.6's SessionManager (../shared/tools/
// pi-writer.mjs), a second process appending as pi does (pi-appender.mjs), and the built CLI run
// asynchronously so a test can act while it runs. pi 1.6 needs Node 22 (installed with the oracle).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe } from "vitest";
import { BUILT_CLI } from "./built-app.js";
import { hasShared, PROJECT_ROOT, sharedPath } from "./shared.js";

const ORACLE_DIR = process.env.PI_ORACLE_DIR ?? join(tmpdir(), "pi-oracle");
export const PI16_PACKAGE = join(process.env.PI16_DIR ?? join(ORACLE_DIR, "pi16"), "node_modules/@earendil-works/pi-coding-agent");
export const NODE22 = process.env.NODE22 ?? join(ORACLE_DIR, "node22/node_modules/.bin/node");
const APPENDER = fileURLToPath(new URL("./pi-appender.mjs", import.meta.url));

export const hasPi16 = hasShared && existsSync(join(PI16_PACKAGE, "package.json")) && existsSync(NODE22);

/** describe() that runs only when pi 1.6 and Node 22 are installed (../shared/oracle/install.sh), and says so when not. */
export function describeWithPi16(name: string, body: () => void): void {
  if (!hasPi16) {
    console.warn(`[skip] ${name}: pi 1.6 or Node 22 is not installed under ${ORACLE_DIR} (run ../shared/oracle/install.sh)`);
    describe.skip(name, body);
    return;
  }
  describe(name, body);
}

/** A new session written by pi's own SessionManager (deterministic for a seed), in a fresh folder. */
export function piWrittenSession(seed: string, shape = "branchy", turns = 12): string {
  const file = join(mkdtempSync(join(tmpdir(), "pi-explorer-pi-")), "session.jsonl");
  const run = spawnSync(NODE22, [sharedPath("tools", "pi-writer.mjs"), "--seed", seed, "--out", file, "--turns", String(turns), "--shape", shape, "--quiet"], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`pi-writer failed: ${run.stderr}`);
  return file;
}

/** pi resuming `file` and chatting `turns` turns (two entries each); the ids it appended. */
export function piAppend(file: string, turns = 1): string[] {
  const run = spawnSync(NODE22, [APPENDER, PI16_PACKAGE, file, String(turns)], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`pi-appender failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[];
}

/** pi chatting in the background until `stopFile` exists (or `turns` turns); resolves to the ids it appended. */
export async function piAppendInBackground(file: string, stopFile: string, turns = 1000, pauseMs = 5): Promise<string[]> {
  const run = await outcomeOf(spawn(NODE22, [APPENDER, PI16_PACKAGE, file, String(turns), String(pauseMs), stopFile]));
  if (run.code !== 0) throw new Error(`pi-appender failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[];
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI, run without waiting (so the test can act meanwhile); resolves when it exits. */
export function runCliAsync(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return outcomeOf(spawn(process.execPath, [BUILT_CLI, ...args], { cwd: PROJECT_ROOT, env: { ...process.env, PI_EXPLORER_DEBUG: undefined, ...env } }));
}

/** A child's exit code and everything it printed, once it has exited. */
function outcomeOf(child: ChildProcessWithoutNullStreams): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

export interface Line {
  type: string;
  id: string;
  parentId?: string | null;
  fromId?: string;
  targetId?: string;
}

/** Every line of a session file, parsed (header first). */
export const linesOf = (file: string): Line[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Line);

/** Polls until `path` exists (bounded). */
export async function waitForFile(path: string, limitMs = 20_000): Promise<void> {
  for (let waited = 0; !existsSync(path); waited += 10) {
    if (waited > limitMs) throw new Error(`${path} did not appear within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
