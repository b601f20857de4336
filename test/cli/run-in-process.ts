// Runs the CLI's runCli() in this process with captured output: the same parsing, commands and
// output code as the bin, without a process per call (for tests that make hundreds of calls).
import { runCli } from "../../src/cli/run-cli.js";
import type { CliRun } from "./run-built-cli.js";

export async function runInProcess(
  args: readonly string[],
  options: { env: Record<string, string | undefined>; cwd: string; home: string; now?: Date },
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const status = await runCli(args, {
    env: options.env,
    cwd: options.cwd,
    home: options.home,
    now: options.now ?? new Date("2027-06-01T00:00:00Z"),
    version: "test",
    streams: { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) },
  });
  return { status, stdout, stderr };
}
