import type { PiProfile } from "../types.js";
import type { LoadedSession } from "../session/load.js";

/** What a file looked like when it was read; a commit refuses to append when any of it changed. */
export interface FileSnapshot {
  path: string;
  size: number;
  mtimeMs: number;
  /** sha256 (hex) of the last up-to-64 KiB of the file as read. */
  tailSha256: string;
}

/** A file that cannot be read at all (missing, a directory, permission). Its message names the file. */
export class SessionReadError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = "SessionReadError";
  }
}

// STUB: owned by the session/tree helper; signature is the contract.
/** Read and parse a session file without ever writing to it. Throws SessionReadError only. */
export function readSessionFile(_path: string, _profile: PiProfile): { loaded: LoadedSession; snapshot: FileSnapshot } {
  throw new Error("readSessionFile: not implemented yet");
}
