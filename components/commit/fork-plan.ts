// Shift+F: pi's createBranchedSession for the path to the selected entry, as a new file next to
// the source; the source file is never touched (this is also how a v1/v2 file gets a v3 copy).
import { dirname, join } from "node:path";
import { buildFork, getBranch, sessionCwd, sessionFilePath, type ForkResult, type PiProfile } from "../../src/engine/index.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { appClock } from "../document/commit-to-file.js";
import type { Outcome, SessionDocument } from "../document/session-document.js";

export interface ForkPlan {
  fork: ForkResult;
  /** The path pi gives the fork: its own file name, next to the source file. */
  out: string;
  lines: string[];
}

export function planFork(doc: SessionDocument, targetId: string, profile: PiProfile, env: { cwd: string; home: string }): Outcome<ForkPlan> {
  const path = getBranch(doc.tree, targetId);
  if (path.length === 0) return { ok: false, message: `${doc.path}: no entry with id ${targetId}` };
  let fork: ForkResult;
  try {
    fork = buildFork({
      profile,
      path,
      labels: doc.tree.labels,
      parentSession: sessionFilePath(doc.path, profile, env),
      cwd: sessionCwd(doc.tree.loaded.header, profile, env),
      ...appClock(),
    });
  } catch (error) {
    return { ok: false, message: `${doc.path}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const out = join(dirname(doc.path), fork.fileName);
  const labels = fork.entries.filter((e) => e.type === "label").length;
  const lines = [
    `Will create ${sanitizeInline(out)}: a new v3 session ${fork.header.id}`,
    `  with the ${fork.entries.length - labels} entries from the root to ${sanitizeInline(targetId)}${labels > 0 ? ` and ${labels} re-created label(s)` : ""}`,
    `  parentSession ${sanitizeInline(String(fork.header.parentSession))}; pi continues there from ${fork.leafId}. This file is not changed.`,
  ];
  return { ok: true, value: { fork, out, lines } };
}
