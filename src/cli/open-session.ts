// Reading the one session file a command works on, with pi's failures turned into exit 3.
import {
  buildTree,
  openSessionBytes,
  readFileBytesAsync,
  readSessionFile,
  sanitizeLine,
  SessionReadError,
  type Diagnostic,
  type FileBytes,
  type FileSnapshot,
  type LoadedSession,
  type PendingExactLoad,
  type PiProfile,
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

/**
 * Read (never write) and index a session. Unreadable or not-a-session files throw CliError(3).
 * `env` is given by the commands that may commit on this read (for the race tests' seam).
 */
export function openSession(file: string, profile: PiProfile, env?: Record<string, string | undefined>): OpenedSession {
  let loaded: LoadedSession;
  let snapshot: FileSnapshot;
  try {
    ({ loaded, snapshot } = readSessionFile(file, profile));
  } catch (error) {
    throw error instanceof SessionReadError ? unreadable(file, error) : error;
  }
  if (loaded.invalid !== undefined) throw unreadableFile(invalidMessage(file, loaded));
  if (env) holdAfterRead(env);
  const tree = buildTree(loaded);
  // The engine's load time seen from process start, for `npm run bench` (bench/app-worker.mjs).
  performance.mark("pi-explorer:session-opened");
  return { file, loaded, tree, snapshot };
}

/** What the explorer opens: a first look at a large file comes with the exact load still to run. */
export interface OpenedForApp extends OpenedSession {
  pending: PendingExactLoad | null;
}

/** Read a file for the explorer off the main thread (the caller imports the UI meanwhile). */
export async function readFileForApp(file: string): Promise<FileBytes> {
  try {
    const read = await readFileBytesAsync(file);
    // Marks split the first frame in `npm run bench` (bench/app-worker.mjs).
    performance.mark("pi-explorer:file-read");
    return read;
  } catch (error) {
    throw error instanceof SessionReadError ? unreadable(file, error) : error;
  }
}

/** openSession for the explorer, on the bytes readFileForApp gave: a large file gets a first look (store/first-look.ts). */
export function openSessionForApp(file: string, profile: PiProfile, read: FileBytes): OpenedForApp {
  const { loaded, snapshot, pending } = openSessionBytes(file, profile, read);
  if (loaded.invalid !== undefined) throw unreadableFile(invalidMessage(file, loaded));
  const tree = buildTree(loaded);
  performance.mark("pi-explorer:session-opened", { detail: { firstLook: pending !== null } });
  return { file, loaded, tree, snapshot, pending };
}

const unreadable = (file: string, error: SessionReadError) => unreadableFile(error.message.includes(file) ? error.message : `${file}: ${error.message}`);

/** Why pi cannot open the file, with the line that decides it (the loader's text repeats the path). */
function invalidMessage(file: string, loaded: LoadedSession): string {
  const cause = loaded.diagnostics.find((d) => !d.note);
  const invalid = loaded.invalid ?? "not a valid pi session";
  const reason = invalid.endsWith(`: ${file}`) ? invalid.slice(0, -(file.length + 2)) : invalid;
  return cause ? `${file}:${cause.line}: ${reason}: ${sanitizeLine(cause.problem)}` : `${file}: ${reason}`;
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
