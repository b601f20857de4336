#!/usr/bin/env node
// The pi-explorer binary: hands the real process to runCli and exits with its code.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { runCli } from "./run-cli.js";

// `pi-explorer list | head` closes stdout early; that is not an error worth a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

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
  streams: {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  },
});
