import { closeSync, fstatSync, linkSync, openSync, readFileSync, realpathSync, statSync, unlinkSync, writeSync } from "node:fs";
import { CommitError, writeFailureCause } from "./commit-error.js";
import { describeFsError } from "./read.js";

// An exclusive `<real file>.lock` so two pi-explorer writers never interleave. pi itself does not take
// it; the snapshot guard in append.ts is what protects against pi.
//
// The lock is made whole before it exists: its text goes into a private file first, which is then
// hard-linked to the lock's name (link fails when the name exists), so no one ever sees an empty
// lock of ours. Taking over a stale lock is serialized by a second lock, `<lock>.takeover`, taken
// the same way: under it the stale lock is checked again (same inode, still stale) and removed, so
// two writers can never both take one over.

/** Who is taking the lock; passed in because the engine never reads `process`. */
export interface LockOwner {
  pid: number;
  /** true when a process with this pid is still running. */
  isAlive(pid: number): boolean;
  nowMs: number;
  /** A lock older than this is stale even if its pid is alive (pid reuse). Default 10 minutes. */
  staleAfterMs?: number;
}

const DEFAULT_STALE_MS = 10 * 60 * 1000;
/** A takeover holds its lock for a few system calls; one older than this was left by a killed writer. */
const TAKEOVER_STALE_MS = 30 * 1000;
const ATTEMPTS = 20;
const RETRY_MS = 5;

// Between attempts: another writer's takeover lasts a few system calls.
const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/** The lock of a session file: next to the file's real path, so every name of one file shares one lock. */
export function lockPathOf(file: string): string {
  return `${realPathOf(file)}.lock`;
}

function realPathOf(file: string): string {
  try {
    return realpathSync(file);
  } catch (error) {
    throw new CommitError(file, "refused", `${describeFsError(file, error)}; nothing was written`);
  }
}

interface LockContent {
  pid: number;
  createdMs: number;
}

interface ExistingLock {
  content: LockContent | undefined;
  ino: number;
  mtimeMs: number;
}

function readLock(lockPath: string): ExistingLock | undefined {
  let fd: number;
  try {
    fd = openSync(lockPath, "r");
  } catch {
    return undefined; // gone meanwhile
  }
  try {
    const stat = fstatSync(fd);
    let content: LockContent | undefined;
    try {
      const parsed = JSON.parse(readFileSync(fd, "utf8")) as Partial<LockContent>;
      if (typeof parsed.pid === "number" && typeof parsed.createdMs === "number") content = parsed as LockContent;
    } catch {
      content = undefined; // empty or torn: left by a kill or a full disk
    }
    return { content, ino: stat.ino, mtimeMs: stat.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

let privateNames = 0;

/**
 * Create `target` holding `text`, atomically (link of a private file); false when it exists. The
 * private file is always removed. A full disk or any other failure is a one-line refusal.
 */
function createWhole(file: string, target: string, text: string, owner: LockOwner): boolean {
  const scratch = `${target}.${owner.pid}.${owner.nowMs}.${privateNames++}`;
  try {
    const fd = openSync(scratch, "wx");
    try {
      const data = Buffer.from(text, "utf8");
      if (writeSync(fd, data) !== data.length) throw Object.assign(new Error("short write"), { code: "ENOSPC" });
    } finally {
      closeSync(fd);
    }
    linkSync(scratch, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    const why = writeFailureCause(error);
    throw new CommitError(file, "refused", `${file}: cannot create the lock file ${target}: ${why}; nothing was written`);
  } finally {
    try {
      unlinkSync(scratch);
    } catch {
      // never created
    }
  }
}

function isStale(lock: ExistingLock, owner: LockOwner, staleAfterMs: number): boolean {
  if (lock.content === undefined) return true; // an empty or torn lock never belongs to a running writer of ours
  if (lock.content.pid !== owner.pid && !owner.isAlive(lock.content.pid)) return true;
  return owner.nowMs - lock.content.createdMs > staleAfterMs;
}

function removeIfSame(path: string, ino: number): boolean {
  try {
    if (statSync(path).ino !== ino) return false;
    unlinkSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Remove the stale lock `judged`, under the takeover lock; false when another writer's takeover is under way. */
function takeOver(file: string, lockPath: string, judged: ExistingLock, owner: LockOwner, staleAfterMs: number): boolean {
  const takeoverPath = `${lockPath}.takeover`;
  const text = JSON.stringify({ pid: owner.pid, createdMs: owner.nowMs });
  if (!createWhole(file, takeoverPath, text, owner)) {
    const other = readLock(takeoverPath);
    // A takeover left by a killed writer is removed; a running one is waited out by the caller's retry.
    if (other !== undefined && isStale(other, owner, TAKEOVER_STALE_MS)) removeIfSame(takeoverPath, other.ino);
    return false;
  }
  try {
    const now = readLock(lockPath);
    if (now !== undefined && now.ino === judged.ino && isStale(now, owner, staleAfterMs)) removeIfSame(lockPath, now.ino);
  } finally {
    try {
      unlinkSync(takeoverPath);
    } catch {
      // removed as stale by another writer; nothing of ours is left
    }
  }
  return true;
}

function heldMessage(file: string, lockPath: string, lock: ExistingLock, owner: LockOwner): string {
  const since = Math.max(0, Math.round((owner.nowMs - (lock.content?.createdMs ?? lock.mtimeMs)) / 1000));
  const who = lock.content ? `pid ${lock.content.pid}` : "another writer";
  return `${file}: another commit is in progress (pi-explorer ${who} has held ${lockPath} for ${since}s); nothing was written. If no pi-explorer is writing to this file, remove ${lockPath} and try again`;
}

/**
 * Takes `<real file>.lock`; returns the release function. A lock that is empty, whose writer is gone,
 * or that is older than `staleAfterMs` is taken over at once; a live one is a refusal saying how to clear it.
 */
export function acquireLock(file: string, owner: LockOwner): () => void {
  const lockPath = lockPathOf(file);
  const staleAfterMs = owner.staleAfterMs ?? DEFAULT_STALE_MS;
  const text = JSON.stringify({ pid: owner.pid, createdMs: owner.nowMs, nonce: privateNames++ });
  let last: ExistingLock | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createWhole(file, lockPath, text, owner)) return () => releaseLock(lockPath, text);
    const existing = readLock(lockPath);
    if (existing === undefined) continue;
    last = existing;
    if (!isStale(existing, owner, staleAfterMs)) throw new CommitError(file, "refused", heldMessage(file, lockPath, existing, owner));
    if (!takeOver(file, lockPath, existing, owner, staleAfterMs)) pause(RETRY_MS);
  }
  throw new CommitError(
    file,
    "refused",
    last ? heldMessage(file, lockPath, last, owner) : `${file}: could not take the lock ${lockPath}; nothing was written`,
  );
}

function releaseLock(lockPath: string, text: string): void {
  try {
    // Only remove the lock if it is still ours (a stale-lock takeover may have replaced it).
    if (readFileSync(lockPath, "utf8") === text) unlinkSync(lockPath);
  } catch {
    // already gone
  }
}
