// Opening one session file, for every front end: the read (exact, or a first look at a large file
// for the explorer), the tree, and the one wording of why a file cannot be opened. The CLI turns a
// failure into exit 3 with `message`; the explorer shows `reason` above the path.
import type { PiProfile } from "../types.js";
import type { LoadedSession } from "../session/load.js";
import { sanitizeLine } from "../display/sanitize.js";
import { buildTree, type SessionTree } from "../tree/tree.js";
import { openSessionBytes, type PendingExactLoad } from "./first-look.js";
import { readFileBytes, readFileBytesAsync, readSessionFile, SessionReadError, type FileBytes, type FileSnapshot } from "./read.js";

export interface OpenedSessionFile {
  path: string;
  loaded: LoadedSession;
  tree: SessionTree;
  /** How the file looked when read: commits refuse when it no longer does. */
  snapshot: FileSnapshot;
  /** Set when `loaded` is a first look at a large file: the exact load still to run (first-look.ts). */
  pending: PendingExactLoad | null;
}

/** Why a file cannot be opened: `message` names the file first (one line), `reason` is the same without it. */
export interface SessionOpenFailure {
  path: string;
  message: string;
  reason: string;
}

export type SessionOpening = ({ ok: true } & OpenedSessionFile) | ({ ok: false } & SessionOpenFailure);

export interface OpenOptions {
  /** `exact`: every line parsed now, read in pieces (CLI commands); `explorer`: a first look at a large file. */
  read: "exact" | "explorer";
}

/** Open a session file now (blocking). Never throws for a file problem. */
export function openSessionFile(path: string, profile: PiProfile, options: OpenOptions): SessionOpening {
  try {
    if (options.read === "exact") {
      const { loaded, snapshot } = readSessionFile(path, profile);
      return opened(path, { loaded, snapshot, pending: null });
    }
    return openSessionFromBytes(path, profile, readFileBytes(path));
  } catch (error) {
    return readFailure(path, error);
  }
}

/** The explorer's open with the bytes read off the main thread. Never rejects for a file problem. */
export async function openSessionFileAsync(path: string, profile: PiProfile): Promise<SessionOpening> {
  let read: FileBytes;
  try {
    read = await readFileBytesAsync(path);
  } catch (error) {
    return readFailure(path, error);
  }
  return openSessionFromBytes(path, profile, read);
}

/** The explorer's open of bytes already read (a first look when the file is large). */
export function openSessionFromBytes(path: string, profile: PiProfile, read: FileBytes): SessionOpening {
  return opened(path, openSessionBytes(path, profile, read));
}

/** A SessionReadError (or anything else thrown by a read) as a failure naming the file. */
export function readFailure(path: string, error: unknown): { ok: false } & SessionOpenFailure {
  if (!(error instanceof SessionReadError)) throw error;
  const message = error.message.includes(path) ? error.message : `${path}: ${error.message}`;
  return { ok: false, path, message, reason: withoutPath(message, path) };
}

function opened(path: string, read: { loaded: LoadedSession; snapshot: FileSnapshot; pending: PendingExactLoad | null }): SessionOpening {
  const { loaded } = read;
  if (loaded.invalid !== undefined) return { ok: false, path, ...invalidWording(path, loaded) };
  return { ok: true, path, ...read, tree: buildTree(loaded) };
}

const withoutPath = (message: string, path: string): string => (message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message);

/** Why pi cannot open the file, with the line that decides it (the loader's text repeats the path). */
function invalidWording(path: string, loaded: LoadedSession): { message: string; reason: string } {
  const cause = loaded.diagnostics.find((d) => !d.note);
  const invalid = loaded.invalid ?? "not a valid pi session";
  const reason = invalid.endsWith(`: ${path}`) ? invalid.slice(0, -(path.length + 2)) : invalid;
  if (cause === undefined) return { message: `${path}: ${reason}`, reason };
  const problem = sanitizeLine(cause.problem);
  return { message: `${path}:${cause.line}: ${reason}: ${problem}`, reason: `line ${cause.line}: ${reason}: ${problem}` };
}
