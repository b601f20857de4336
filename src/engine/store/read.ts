import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import type { PiProfile } from "../types.js";
import { loadFromScan, parseSession, type LoadedSession } from "../session/load.js";
import { ChunkedSessionScan, type SessionLineScan } from "../session/scan.js";
import { sha256Hex } from "../serialize/sha.js";
import { readHandleRange } from "./read-fd-range.js";
import { pushLines } from "./scan-bytes.js";

/** What a file looked like when it was read; a commit refuses to append when any of it changed. */
export interface FileSnapshot {
  path: string;
  size: number;
  mtimeMs: number;
  /** sha256 (hex) of the last up-to-64 KiB of the file as read. */
  tailSha256: string;
  /** Which file it was (device and inode): a file put in its place with the same size, time and tail is another file. */
  dev: number;
  ino: number;
  /** pi's leaf on loading these bytes (the last entry's id). A plan made on them hangs off it. */
  leafId: string | null;
}

/** pi's leaf on load: the last entry with a string id (what buildTree calls leafId). */
export function leafOfLoaded(loaded: LoadedSession): string | null {
  const last = loaded.entries.at(-1);
  return last && typeof last.id === "string" ? last.id : null;
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
  return sha256Hex(bytes.subarray(start));
}

/**
 * The snapshot of a read whose tail hash is taken when first asked for: only a commit compares it,
 * and a command that never commits never loads the hash (sha.ts). `tail` is the file's last bytes
 * as read (at most SNAPSHOT_TAIL_BYTES of its own, so the snapshot holds no more of the file).
 */
function snapshotWithTail(fields: Omit<FileSnapshot, "tailSha256">, tail: Uint8Array): FileSnapshot {
  let hash: string | undefined;
  const { path, size, mtimeMs, dev, ino, leafId } = fields;
  return {
    path,
    size,
    mtimeMs,
    get tailSha256() {
      hash ??= tailSha256(tail);
      return hash;
    },
    dev,
    ino,
    leafId,
  };
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
    case "ENOTREG":
      return `${path}: ${(error as Error).message}`;
    default:
      return `${path}: cannot read (${code ?? (error instanceof Error ? error.message : String(error))})`;
  }
}

// Non-blocking: opening a FIFO must not wait for a writer (it is refused right after, by fstat).
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** What a file is when it is not a regular file, for the one-line refusal. */
function notRegular(stat: Stats): string | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isDirectory()) return "directory";
  if (stat.isFIFO()) return "a named pipe (FIFO)";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isSocket()) return "a socket";
  return "not a regular file";
}

/** What `path` is when it exists and is not a regular file ("a named pipe (FIFO)", ...); undefined otherwise. */
export function notRegularFile(path: string): string | undefined {
  try {
    return notRegular(statSync(path));
  } catch {
    return undefined;
  }
}

/** Throws (as an fs error with a code) unless `stat` is a regular file: only those are read. */
function requireRegularFile(stat: Stats): void {
  const what = notRegular(stat);
  if (what === undefined) return;
  if (what === "directory") throw Object.assign(new Error("directory"), { code: "EISDIR" });
  throw Object.assign(new Error(`is ${what}, not a session file; only regular files are read`), { code: "ENOTREG" });
}

/**
 * Run `use` on a read-only descriptor of `path` with the stat taken on that same descriptor, then
 * close it. A directory and every fs error become a SessionReadError naming the file.
 */
function withReadOnlyFile<T>(path: string, use: (fd: number, stat: Stats) => T): T {
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (error) {
    throw new SessionReadError(path, describeFsError(path, error));
  }
  try {
    const stat = fstatSync(fd);
    requireRegularFile(stat);
    return use(fd, stat);
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
  dev: number;
  ino: number;
}

/**
 * Read a file's bytes through a read-only descriptor. Throws SessionReadError only. `bufferFor(size)`
 * gives the memory to read into (at least `size` bytes; `bytes` is then a view of it), else a new array.
 */
export function readFileBytes(path: string, bufferFor?: (size: number) => Uint8Array): FileBytes {
  return withReadOnlyFile(path, (fd, { size, mtimeMs, dev, ino }) => {
    const bytes = bufferFor ? bufferFor(size).subarray(0, size) : new Uint8Array(size);
    let off = 0;
    while (off < bytes.length) {
      const n = readSync(fd, bytes, off, bytes.length - off, off);
      if (n === 0) break;
      off += n;
    }
    return { bytes: off === bytes.length ? bytes : bytes.subarray(0, off), size: off, mtimeMs, dev, ino };
  });
}

/**
 * readFileBytes off the main thread (libuv's pool), so the caller can import or compute meanwhile.
 * Rejects with SessionReadError only.
 */
export async function readFileBytesAsync(path: string): Promise<FileBytes> {
  let file: FileHandle;
  try {
    file = await open(path, READ_FLAGS);
  } catch (error) {
    throw new SessionReadError(path, describeFsError(path, error));
  }
  try {
    const stat = await file.stat();
    requireRegularFile(stat);
    const bytes = await readHandleRange(file, 0, stat.size);
    return { bytes, size: bytes.length, mtimeMs: stat.mtimeMs, dev: stat.dev, ino: stat.ino };
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
    const { bytes, size, mtimeMs, dev, ino } = readFileBytes(path);
    const loaded = parseSession(bytes, profile, { path });
    const tail = new Uint8Array(bytes.subarray(Math.max(0, bytes.length - SNAPSHOT_TAIL_BYTES))); // a copy: the whole file is not kept
    return { loaded, snapshot: snapshotWithTail({ path, size, mtimeMs, dev, ino, leafId: leafOfLoaded(loaded) }, tail) };
  }
  const read = withReadOnlyFile(path, (fd, { size, mtimeMs, dev, ino }) => ({ ...scanInPieces(fd, size), mtimeMs, dev, ino }));
  const loaded = loadFromScan(read.scan, profile, { path });
  return { loaded, snapshot: snapshotWithTail({ path, size: read.size, mtimeMs: read.mtimeMs, dev: read.dev, ino: read.ino, leafId: leafOfLoaded(loaded) }, read.tail) };
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
