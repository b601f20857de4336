// Starting the handoff to pi: with a pi, record it for the launcher (the app then quits); without
// one, the command to run instead.
import type { SessionTree } from "../../src/engine/index.js";
import type { FindPiResult } from "../../src/pi-bridge/find-pi.js";
import { handoffCommandLine, requestHandoff } from "./handoff-request.js";

export interface HandoffTarget {
  file: string;
  /** The session header's cwd (pi runs there). */
  cwd: string | undefined;
}

export const handoffTargetOf = (file: string, tree: SessionTree): HandoffTarget => {
  const cwd = tree.loaded.header?.cwd;
  return { file, cwd: typeof cwd === "string" ? cwd : undefined };
};

/** ok: the handoff is recorded, quit the app; otherwise the line to show (no pi: the command). */
export function piHandoffNow(target: HandoffTarget, pi: FindPiResult, appCwd: string): { ok: true } | { ok: false; message: string } {
  if (!pi.ok) return { ok: false, message: `${pi.problem}. To continue in pi, run: ${handoffCommandLine(target.file, target.cwd)}` };
  requestHandoff({ command: pi.pi.command, file: target.file, cwd: target.cwd ?? appCwd });
  return { ok: true };
}
