import { closeSync, constants, fstatSync, fsyncSync, ftruncateSync, openSync, writeSync } from "node:fs";
import { entryLines } from "../commit/serialize-entry.js";
import { cannotAppendText } from "../commit/cannot-append.js";
import type { SessionEntry } from "../types.js";
import { CommitError, errorCause, writeFailureCause } from "./commit-error.js";
import { readFdRange } from "./read-fd-range.js";
import { acquireLock, type LockOwner } from "./lock.js";
import { SNAPSHOT_TAIL_BYTES, tailSha256, type FileSnapshot } from "./read.js";

/** The two system calls that can fail mid-commit; tests inject failing ones (disk full, short write). */
export interface AppendIo {
  write(fd: number, data: Buffer): number;
  fsync(fd: number): void;
}

const realIo: AppendIo = {
  write: (fd, data) => writeSync(fd, data),
  fsync: (fd) => fsyncSync(fd),
};

export interface AppendRequest {
  /** The file as it was read when the entries were planned. */
  snapshot: FileSnapshot;
  /** The file's own version before migration (LoadedSession.fileVersion). */
  fileVersion: number;
  /** The entries to add, in order; the last one becomes pi's leaf on load. */
  entries: readonly SessionEntry[];
  lock: LockOwner;
  /**
   * The leaf of the read the entries were planned on (the tree's leafId). When given it must be the
   * snapshot's: entries planned on one read are never checked against another.
   */
  plannedOnLeafId?: string | null;
  io?: Partial<AppendIo>;
}

export interface AppendResult {
  path: string;
  entryIds: string[];
  /** The last entry written: pi's leaf on load, unless another writer appended after it (checked by re-reading). */
  newLeafId: string;
  /** The file after the commit, for a following commit. */
  snapshot: FileSnapshot;
}

// The snapshot's tail hash, computed on the open descriptor without reading the whole file.
function fileTailSha256(fd: number, size: number): string {
  const length = Math.min(size, SNAPSHOT_TAIL_BYTES);
  return tailSha256(readFdRange(fd, size - length, length));
}

function refuse(path: string, why: string, staleRead = false): never {
  throw new CommitError(path, "refused", `${path}: ${why}; nothing was written`, staleRead);
}

function checkUnchanged(fd: number, snapshot: FileSnapshot): void {
  const now = fstatSync(fd);
  const path = snapshot.path;
  if (now.dev !== snapshot.dev || now.ino !== snapshot.ino) {
    refuse(path, "the file was replaced by another file since it was read (its device and inode differ); read it again", true);
  }
  if (now.size !== snapshot.size) refuse(path, `the file changed since it was read (size ${snapshot.size} -> ${now.size} bytes); read it again`, true);
  if (now.mtimeMs !== snapshot.mtimeMs) refuse(path, "the file changed since it was read (modification time differs); read it again", true);
  if (fileTailSha256(fd, now.size) !== snapshot.tailSha256) refuse(path, "the file changed since it was read (its last bytes differ); read it again", true);
  // Once more, the cheapest check last: pi does not take our lock, so what is left between this and
  // the write is the only moment its append can slip in (the re-read after the write reports it).
  const last = fstatSync(fd).size;
  if (last !== snapshot.size) refuse(path, `the file changed since it was read (size ${snapshot.size} -> ${last} bytes); read it again`, true);
}

/**
 * Undo a failed write. The single exception to "never rewrite the user's file": cut back exactly
 * the bytes this commit appended, and only after checking that what follows `start` is ours.
 */
function undoOwnBytes(fd: number, start: number, data: Buffer): { undone: boolean; text: string } {
  const size = fstatSync(fd).size;
  if (size === start) return { undone: true, text: "nothing was written, the file is unchanged" };
  const extra = size - start;
  if (extra < 0 || extra > data.length || !readFdRange(fd, start, extra).equals(data.subarray(0, extra))) {
    return { undone: false, text: `the file now has ${size} bytes and they are not only ours, so it was left as it is` };
  }
  ftruncateSync(fd, start);
  return { undone: true, text: `the ${extra} partly written bytes were removed, the file is as it was; nothing was written` };
}

/**
 * Append whole entries to a v3 session file the way pi would: one line each, under the lock of the
 * file's real path, after a guard on the descriptor that is written (same device and inode, size,
 * modification time and last 64 KiB as the snapshot the entries were planned on), in a single write()
 * followed by fsync; then re-read the file and check that it ends with exactly these lines, so pi's
 * leaf on load is the last entry written. A failed write leaves the file as it was (see undoOwnBytes)
 * and throws CommitError; the lock is always released.
 */
export function appendEntries(request: AppendRequest): AppendResult {
  const { snapshot, entries } = request;
  const path = snapshot.path;
  const last = entries.at(-1);
  if (last === undefined) refuse(path, "there is nothing to append");
  const oldFile = cannotAppendText(request.fileVersion, { kind: "guard", path });
  if (oldFile !== null) {
    refuse(path, oldFile);
  }
  if (request.plannedOnLeafId !== undefined && request.plannedOnLeafId !== snapshot.leafId) {
    refuse(path, `the entries were planned on another read of the file (leaf ${String(request.plannedOnLeafId)}, the file as checked ends at ${String(snapshot.leafId)}); read it again`, true);
  }
  const io = { ...realIo, ...request.io };
  // Built before the lock is taken: between the check and the write there is nothing left to do.
  const lines = entryLines(entries);
  const release = acquireLock(path, request.lock);
  try {
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDWR | constants.O_APPEND | (constants.O_NONBLOCK ?? 0));
    } catch (error) {
      refuse(path, `cannot open it for writing (${errorCause(error)})`);
    }
    let data: Buffer;
    let start: number;
    try {
      start = snapshot.size;
      // A torn last line (no final newline) would swallow our first entry; end it first, as pi 1.6 does on open.
      const endsWithNewline = start === 0 || readFdRange(fd, start - 1, 1)[0] === 0x0a;
      data = Buffer.from((endsWithNewline ? "" : "\n") + lines, "utf8");
      checkUnchanged(fd, snapshot);
      writeAndSync(fd, path, start, data, io);
    } finally {
      closeSync(fd);
    }
    return verify(request, start, data);
  } finally {
    release();
  }
}

function writeAndSync(fd: number, path: string, start: number, data: Buffer, io: AppendIo): void {
  let stage = "write";
  try {
    const written = io.write(fd, data);
    if (written !== data.length) throw new Error(`short write: ${written} of ${data.length} bytes`);
    stage = "fsync";
    io.fsync(fd);
  } catch (error) {
    const undo = undoOwnBytes(fd, start, data);
    const why = writeFailureCause(error);
    throw new CommitError(path, undo.undone ? "failed" : "written", `${path}: the commit failed at ${stage}: ${why}; ${undo.text}`);
  }
}

// Re-read what is on disk through a fresh descriptor: our bytes must sit exactly where the snapshot
// ended, so the first new entry follows the leaf it was planned on. Lines after ours are another
// writer's later appends (pi chatting on), which is fine; lines before ours mean pi's write landed
// between our check and our write, and our entries hang off an older leaf: written, with a problem.
function verify(request: AppendRequest, start: number, data: Buffer): AppendResult {
  const path = request.snapshot.path;
  const expectedLeaf = request.entries.at(-1)!.id;
  const fd = openSync(path, "r");
  try {
    const stat = fstatSync(fd);
    const ours = readFdRange(fd, start, data.length);
    if (!ours.equals(data)) {
      throw new CommitError(
        path,
        "written",
        `${path}: written, but another program wrote to it at the same moment, so the new entries do not follow the leaf they were planned on (${stat.size} bytes, ${start + data.length} expected); check where pi continues (pi-explorer tree ${path})`,
      );
    }
    const snapshot: FileSnapshot = {
      path,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      tailSha256: fileTailSha256(fd, stat.size),
      dev: stat.dev,
      ino: stat.ino,
      leafId: stat.size === start + data.length ? expectedLeaf : lastLineId(readFdRange(fd, start, stat.size - start)),
    };
    return { path, entryIds: request.entries.map((e) => e.id), newLeafId: expectedLeaf, snapshot };
  } finally {
    closeSync(fd);
  }
}

function lastLineId(bytes: Buffer): string | null {
  const lastLine = bytes.toString("utf8").trimEnd().split("\n").at(-1) ?? "";
  try {
    const id = (JSON.parse(lastLine) as { id?: unknown }).id;
    return typeof id === "string" ? id : null;
  } catch {
    return null;
  }
}
