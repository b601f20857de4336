import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import type { PiProfile } from "../types.js";
import { loadFromScan, parseSession, type LoadedSession } from "../session/load.js";
import { ChunkedSessionScan, type SessionLineScan } from "../session/scan.js";
import { pushLines } from "./scan-bytes.js";

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
 * Run `use` on a read-only descriptor of `path` with the stat taken on that same descriptor, then
 * close it. A directory and every fs error become a SessionReadError naming the file.
 */
function withReadOnlyFile<T>(path: string, use: (fd: number, size: number, mtimeMs: number) => T): T {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    throw new SessionReadError(path, describeFsError(path, error));
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error("directory"), { code: "EISDIR" });
    return use(fd, stat.size, stat.mtimeMs);
  } catch (error) {
    throw new SessionReadError(path, describeFsError(path, error));
  } finally {
    closeSync(fd);
  }
}

/** A file's bytes as read, with what fstat said of it. */
export interface FileBytes {
  bytes: Uint8Array;
  size: number;
  mtimeMs: number;
}

/** Read a file's bytes through a read-only descriptor. Throws SessionReadError only. */
export function readFileBytes(path: string): FileBytes {
  return withReadOnlyFile(path, (fd, size, mtimeMs) => {
    const bytes = new Uint8Array(size);
    let off = 0;
    while (off < bytes.length) {
      const n = readSync(fd, bytes, off, bytes.length - off, off);
      if (n === 0) break;
      off += n;
    }
    return { bytes: off === bytes.length ? bytes : bytes.subarray(0, off), size: off, mtimeMs };
  });
}

/**
 * readFileBytes off the main thread (libuv's pool), so the caller can import or compute meanwhile.
 * Rejects with SessionReadError only.
 */
export async function readFileBytesAsync(path: string): Promise<FileBytes> {
  let file: FileHandle;
  try {
    file = await open(path, "r");
  } catch (error) {
    throw new SessionReadError(path, describeFsError(path, error));
  }
  try {
    const stat = await file.stat();
    if (stat.isDirectory()) throw Object.assign(new Error("directory"), { code: "EISDIR" });
    // Every byte is written below before it is read.
    const bytes = Buffer.allocUnsafe(stat.size);
    let off = 0;
    while (off < bytes.length) {
      const { bytesRead } = await file.read(bytes, off, bytes.length - off, off);
      if (bytesRead === 0) break;
      off += bytesRead;
    }
    return { bytes: off === bytes.length ? bytes : bytes.subarray(0, off), size: off, mtimeMs: stat.mtimeMs };
  } catch (error) {
    throw new SessionReadError(path, describeFsError(path, error));
  } finally {
    await file.close();
  }
}

/** Read and parse a session file without ever writing to it. Throws SessionReadError only. */
export function readSessionFile(path: string, profile: PiProfile): { loaded: LoadedSession; snapshot: FileSnapshot } {
  // pi 0.73 trims the whole text before splitting it, so it needs the file as one piece.
  if (profile === "0.73") {
    const { bytes, size, mtimeMs } = readFileBytes(path);
    const loaded = parseSession(bytes, profile, { path });
    return { loaded, snapshot: { path, size, mtimeMs, tailSha256: tailSha256(bytes) } };
  }
  const read = withReadOnlyFile(path, (fd, size, mtimeMs) => ({ ...scanInPieces(fd, size), mtimeMs }));
  const loaded = loadFromScan(read.scan, profile, { path });
  return { loaded, snapshot: { path, size: read.size, mtimeMs: read.mtimeMs, tailSha256: tailSha256(read.tail) } };
}

/** Bytes read per step; a longer line grows the buffer. Small enough that the file never sits in memory whole. */
const READ_PIECE_BYTES = 1 << 20;

/**
 * Read up to `size` bytes (the size fstat saw, as readFileBytes does) piece by piece into pi 1.6's
 * scan, keeping only the last 64 KiB for the snapshot hash.
 */
function scanInPieces(fd: number, size: number, pieceBytes = READ_PIECE_BYTES): { scan: SessionLineScan; size: number; tail: Uint8Array } {
  const scan = new ChunkedSessionScan();
  const tail = new TailBytes(SNAPSHOT_TAIL_BYTES);
  let buf = Buffer.alloc(Math.max(1, Math.min(pieceBytes, size)));
  let carry = 0; // bytes of an unfinished line at the start of buf
  let off = 0;
  while (off < size) {
    if (carry === buf.length) {
      const grown = Buffer.alloc(Math.min(buf.length * 2, size));
      grown.set(buf);
      buf = grown;
    }
    const n = readSync(fd, buf, carry, Math.min(buf.length - carry, size - off), off);
    if (n === 0) break;
    tail.add(buf.subarray(carry, carry + n));
    off += n;
    const end = carry + n;
    const nl = buf.lastIndexOf(10, end - 1);
    if (nl < carry) {
      carry = end;
      continue;
    }
    pushLines(scan, buf, 0, nl + 1);
    buf.copyWithin(0, nl + 1, end);
    carry = end - nl - 1;
  }
  return { scan: scan.finish(buf.subarray(0, carry)), size: off, tail: tail.bytes() };
}

/** The last `limit` bytes of everything added. */
class TailBytes {
  private readonly buf: Uint8Array;
  private length = 0;

  constructor(private readonly limit: number) {
    this.buf = new Uint8Array(limit);
  }

  add(piece: Uint8Array): void {
    if (piece.length >= this.limit) {
      this.buf.set(piece.subarray(piece.length - this.limit));
      this.length = this.limit;
      return;
    }
    const keep = Math.min(this.length, this.limit - piece.length);
    this.buf.copyWithin(0, this.length - keep, this.length);
    this.buf.set(piece, keep);
    this.length = keep + piece.length;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}
