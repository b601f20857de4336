// Runs the built bin (dist/bin/main.js) the way a user's shell would.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { BUILT_CLI } from "../support/built-app.js";
import { PROJECT_ROOT } from "../support/shared.js";

export { ensureBuilt } from "../support/built-app.js";
export const CLI = BUILT_CLI;
export const DEMO = join(PROJECT_ROOT, "fixtures", "demo", "demo-session.jsonl");

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: readonly string[], options: { env?: Record<string, string | undefined>; cwd?: string } = {}): CliRun {
  const env: Record<string, string | undefined> = { ...process.env, PI_EXPLORER_DEBUG: undefined, ...options.env };
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: env as NodeJS.ProcessEnv,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The shape every error must have: exactly one line, the program's name first, no stack frames. */
export function expectOneLineError(run: CliRun): string {
  const lines = run.stderr.split("\n").filter((l) => l !== "");
  if (lines.length !== 1) throw new Error(`expected one stderr line, got ${lines.length}:\n${run.stderr}`);
  if (!lines[0].startsWith("pi-explorer: ")) throw new Error(`error line does not start with "pi-explorer: ": ${lines[0]}`);
  if (/\bat .*:\d+:\d+\)?$/m.test(run.stderr)) throw new Error(`stack trace on stderr:\n${run.stderr}`);
  return lines[0];
}
