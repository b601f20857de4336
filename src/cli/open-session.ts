// Reading the one session file a command works on, with pi's failures turned into exit 3.
import {
  openSessionFile,
  openSessionFromBytes,
  readFailure,
  readFileBytesAsync,
  sanitizeLine,
  type Diagnostic,
  type FileBytes,
  type FileSnapshot,
  type LoadedSession,
  type PendingExactLoad,
  type PiProfile,
  type SessionOpening,
  type SessionTree,
} from "../engine/index.js";
import { unreadableFile, usageError } from "./errors.js";
import type { Output } from "./output.js";
import { holdAfterRead } from "./test-seam.js";

export interface OpenedSession {
  file: string;
  loaded: LoadedSession;
  tree: SessionTree;
  /** How the file looked when read (the app's commits refuse when it changes). */
  snapshot: FileSnapshot;
}

/** What the explorer opens: a first look at a large file comes with the exact load still to run. */
export interface OpenedForApp extends OpenedSession {
  pending: PendingExactLoad | null;
}

// The engine words every failure (store/open-session.ts); the CLI only turns it into exit 3.
function orExit(file: string, opening: SessionOpening): OpenedForApp {
  if (!opening.ok) throw unreadableFile(opening.message);
  return { file, loaded: opening.loaded, tree: opening.tree, snapshot: opening.snapshot, pending: opening.pending };
}

/**
 * Read (never write) and index a session. Unreadable or not-a-session files throw CliError(3).
 * `env` is given by the commands that may commit on this read (for the race tests' seam).
 */
export function openSession(file: string, profile: PiProfile, env?: Record<string, string | undefined>): OpenedSession {
  const { pending: _exact, ...session } = orExit(file, openSessionFile(file, profile, { read: "exact" }));
  if (env) holdAfterRead(env);
  // The engine's load time seen from process start, for `npm run bench` (bench/app-worker.mjs).
  performance.mark("pi-explorer:session-opened");
  return session;
}

/** Read a file for the explorer off the main thread (the caller imports the UI meanwhile). */
export async function readFileForApp(file: string): Promise<FileBytes> {
  try {
    const read = await readFileBytesAsync(file);
    // Marks split the first frame in `npm run bench` (bench/app-worker.mjs).
    performance.mark("pi-explorer:file-read");
    return read;
  } catch (error) {
    throw unreadableFile(readFailure(file, error).message);
  }
}

/** openSession for the explorer, on the bytes readFileForApp gave: a large file gets a first look (store/first-look.ts). */
export function openSessionForApp(file: string, profile: PiProfile, read: FileBytes): OpenedForApp {
  const session = orExit(file, openSessionFromBytes(file, profile, read));
  performance.mark("pi-explorer:session-opened", { detail: { firstLook: session.pending !== null } });
  return session;
}

/** The leaf a command starts from: --leaf when given (it must exist), else the leaf pi picks on load. */
export function resolveLeaf(session: OpenedSession, leaf: string | undefined): string | null {
  return leaf === undefined ? session.tree.leafId : requireEntry(session, leaf, "leaf");
}

/** An entry id given on the command line that must exist (e.g. --target). */
export function requireEntry(session: OpenedSession, id: string, flag: string): string {
  if (!session.tree.byId.has(id)) throw usageError(`${session.file}: no entry with id "${id}" (--${flag})`);
  return id;
}

/** In text mode, damaged lines are reported on stderr as FILE:LINE: problem. */
export function reportDiagnostics(out: Output, file: string, diagnostics: readonly Diagnostic[]): void {
  if (out.json) return;
  for (const d of diagnostics) out.warn(`${file}:${d.line}: ${sanitizeLine(d.problem)}`);
}
