// After the explorer quit for Shift+O: run the user's pi on the session, in the session's cwd, with
// the terminal as the explorer found it, and pass pi's exit code on.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { sanitizeLine } from "../engine/index.js";
import type { PiHandoff } from "../../components/handoff/handoff-request.js";

export function runPiHandoff(handoff: PiHandoff, stderr: (text: string) => void): number {
  const cwd = existsSync(handoff.cwd) ? handoff.cwd : process.cwd();
  const result = spawnSync(handoff.command, ["--session", handoff.file], { cwd, stdio: "inherit" });
  if (result.error) {
    stderr(`pi-explorer: could not run ${sanitizeLine(handoff.command)}: ${sanitizeLine(result.error.message)}; run it yourself: pi --session ${sanitizeLine(handoff.file)}\n`);
    return 1;
  }
  // As a shell reports a program a signal ended.
  if (result.status === null) return 128 + (result.signal === "SIGINT" ? 2 : result.signal === "SIGKILL" ? 9 : 15);
  return result.status;
}
