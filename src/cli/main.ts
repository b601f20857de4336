// The pi-explorer binary (loaded by bin.ts, the file users run): hands the real process to runCli
// and exits with its code.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { setFlagsFromString } from "node:v8";
import { quietSqliteWarning } from "../host/quiet-sqlite-warning.js";
import { oneShotV8Flags } from "./one-shot-v8.js";
import { runCli } from "./run-cli.js";

// `pi-explorer list | head` closes stdout early; that is not an error worth a stack trace. Any other
// failure to write the answer (a full disk, /dev/full) is one line and exit 3.
const EXIT_OUTPUT_FAILED = 3;
function outputFailed(error: NodeJS.ErrnoException): never {
  if (error.code === "EPIPE") process.exit(0);
  try {
    process.stderr.write(`pi-explorer: cannot write the output to stdout (${error.code ?? error.message.split("\n")[0]})\n`);
  } catch {
    // stderr is gone too; the exit code says it
  }
  process.exit(EXIT_OUTPUT_FAILED);
}
process.stdout.on("error", outputFailed);
process.stderr.on("error", () => process.exit(EXIT_OUTPUT_FAILED));

const writeOut = (text: string): void => {
  try {
    process.stdout.write(text);
  } catch (error) {
    outputFailed(error as NodeJS.ErrnoException); // a file or device as stdout fails synchronously
  }
};

quietSqliteWarning();

function packageVersion(): string {
  try {
    // dist/src/cli/main.js -> package.json three folders up.
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  home: homedir(),
  now: new Date(),
  version: packageVersion(),
  // A command reads a session once and exits (one-shot-v8.ts). The explorer keeps V8's defaults.
  beforeCommand: (how) => setFlagsFromString(oneShotV8Flags(process.versions.v8, how).join(" ")),
  streams: {
    stdout: writeOut,
    stderr: (text) => process.stderr.write(text),
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
    stderrIsTTY: process.stderr.isTTY === true,
  },
});
