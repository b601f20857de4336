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

/** Entries after which pi continues the same conversation: they add nothing to the context. */
const SILENT = new Set(["label", "session_info", "custom"]);

/**
 * Whether pi, opening at its leaf, continues from `entryId`: the entry is the leaf, or only labels,
 * names and extension data lie between it and the leaf (the tree hides those rows by default).
 */
export function opensAt(tree: SessionTree, entryId: string): boolean {
  for (let id = tree.leafId; id !== null; ) {
    if (id === entryId) return true;
    const entry = tree.byId.get(id);
    if (!entry || !SILENT.has(entry.type)) return false;
    id = entry.parentId;
  }
  return false;
}

export const handoffTargetOf = (file: string, tree: SessionTree): HandoffTarget => {
  const cwd = tree.loaded.header?.cwd;
  return { file, cwd: typeof cwd === "string" ? cwd : undefined };
};

/** ok: the handoff is recorded, quit the app; otherwise the line to show (no pi: the command). */
export function piHandoffNow(target: HandoffTarget, pi: FindPiResult, appCwd: string): { ok: true } | { ok: false; message: string } {
  // The command first: a narrow status line cuts the end.
  if (!pi.ok) return { ok: false, message: `To continue in pi, run: ${handoffCommandLine(target.file)}  (${pi.problem})` };
  requestHandoff({ command: pi.pi.command, file: target.file, cwd: target.cwd ?? appCwd });
  return { ok: true };
}
