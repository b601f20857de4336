import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import type { PiProfile } from "../types.js";
import { parseSession, type LoadedSession } from "../session/load.js";

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

export const SNAPSHOT_TAIL_BYTES = 64 * 1024;

/** sha256 (hex) of the last up-to-64 KiB of `bytes`. */
export function tailSha256(bytes: Uint8Array): string {
  const start = Math.max(0, bytes.length - SNAPSHOT_TAIL_BYTES);
  return createHash("sha256").update(bytes.subarray(start)).digest("hex");
}

/** One line for an fs error, naming the file (never a stack trace). */
export function describeFsError(path: string, error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case "ENOENT":
      return `${path}: no such file`;
    case "EISDIR":
      return `${path}: is a directory, not a session file`;
    case "EACCES":
    case "EPERM":
      return `${path}: permission denied`;
    case "ENOTDIR":
      return `${path}: a part of the path is not a directory`;
    default:
      return `${path}: cannot read (${code ?? (error instanceof Error ? error.message : String(error))})`;
  }
}

/**
 * Read a file's bytes through a read-only descriptor, with the stat taken on that same descriptor.
 * Throws SessionReadError only.
 */
export function readFileBytes(path: string): { bytes: Uint8Array; size: number; mtimeMs: number } {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    throw new SessionReadError(path, describeFsError(path, error));
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error("directory"), { code: "EISDIR" });
    const bytes = new Uint8Array(stat.size);
    let off = 0;
    while (off < bytes.length) {
      const n = readSync(fd, bytes, off, bytes.length - off, off);
      if (n === 0) break;
      off += n;
    }
    return { bytes: off === bytes.length ? bytes : bytes.subarray(0, off), size: off, mtimeMs: stat.mtimeMs };
  } catch (error) {
    throw new SessionReadError(path, describeFsError(path, error));
  } finally {
    closeSync(fd);
  }
}

/** Read and parse a session file without ever writing to it. Throws SessionReadError only. */
export function readSessionFile(path: string, profile: PiProfile): { loaded: LoadedSession; snapshot: FileSnapshot } {
  const { bytes, size, mtimeMs } = readFileBytes(path);
  const loaded = parseSession(bytes, profile, { path });
  return { loaded, snapshot: { path, size, mtimeMs, tailSha256: tailSha256(bytes) } };
}
