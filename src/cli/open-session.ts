// Reading the one session file a command works on, with pi's failures turned into exit 3.
import {
  buildTree,
  readSessionFile,
  sanitizeLine,
  SessionReadError,
  type Diagnostic,
  type FileSnapshot,
  type LoadedSession,
  type PiProfile,
  type SessionTree,
} from "../engine/index.js";
import { unreadableFile, usageError } from "./errors.js";
import type { Output } from "./output.js";

export interface OpenedSession {
  file: string;
  loaded: LoadedSession;
  tree: SessionTree;
  /** How the file looked when read (the app's commits refuse when it changes). */
  snapshot: FileSnapshot;
}

/** Read (never write) and index a session. Unreadable or not-a-session files throw CliError(3). */
export function openSession(file: string, profile: PiProfile): OpenedSession {
  let loaded: LoadedSession;
  let snapshot: FileSnapshot;
  try {
    ({ loaded, snapshot } = readSessionFile(file, profile));
  } catch (error) {
    if (error instanceof SessionReadError) {
      throw unreadableFile(error.message.includes(file) ? error.message : `${file}: ${error.message}`);
    }
    throw error;
  }
  if (loaded.invalid !== undefined) throw unreadableFile(invalidMessage(file, loaded));
  return { file, loaded, tree: buildTree(loaded), snapshot };
}

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
