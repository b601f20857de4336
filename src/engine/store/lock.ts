import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { CommitError } from "./commit-error.js";

// An exclusive `<file>.lock` so two pi-explorer writers never interleave. pi itself does not take
// it; the snapshot guard in append.ts is what protects against pi.

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

export const lockPathOf = (file: string): string => `${file}.lock`;

interface LockContent {
  pid: number;
  createdMs: number;
}

function readLock(lockPath: string): { content: LockContent | undefined; mtimeMs: number } | undefined {
  try {
    const mtimeMs = statSync(lockPath).mtimeMs;
    try {
      const parsed = JSON.parse(readFileSync(lockPath, "utf8")) as Partial<LockContent>;
      const ok = typeof parsed.pid === "number" && typeof parsed.createdMs === "number";
      return { content: ok ? (parsed as LockContent) : undefined, mtimeMs };
    } catch {
      return { content: undefined, mtimeMs };
    }
  } catch {
    return undefined; // gone meanwhile
  }
}

function tryCreate(file: string, lockPath: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, "wx");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    throw new CommitError(file, "refused", `${file}: cannot create the lock file ${lockPath} (${code ?? String(error)}); nothing was written`);
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Takes `<file>.lock`; returns the release function. A lock whose writer is gone or too old is taken over. */
export function acquireLock(file: string, owner: LockOwner): () => void {
  const lockPath = lockPathOf(file);
  const text = JSON.stringify({ pid: owner.pid, createdMs: owner.nowMs });
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(file, lockPath, text)) return () => releaseLock(lockPath, text);
    const existing = readLock(lockPath);
    if (existing === undefined) continue;
    const created = existing.content?.createdMs ?? existing.mtimeMs;
    const tooOld = owner.nowMs - created > (owner.staleAfterMs ?? DEFAULT_STALE_MS);
    const ownerGone = existing.content !== undefined && !owner.isAlive(existing.content.pid);
    if (!tooOld && !ownerGone) {
      const who = existing.content ? `pid ${existing.content.pid}` : "another writer";
      throw new CommitError(file, "refused", `${file}: another commit is in progress (${who} holds ${lockPath})`);
    }
    try {
      unlinkSync(lockPath);
    } catch {
      // someone else removed the stale lock first; the next attempt decides
    }
  }
  throw new CommitError(file, "refused", `${file}: could not take the lock ${lockPath}`);
}

function releaseLock(lockPath: string, text: string): void {
  try {
    // Only remove the lock if it is still ours (a stale-lock takeover may have replaced it).
    if (readFileSync(lockPath, "utf8") === text) unlinkSync(lockPath);
  } catch {
    // already gone
  }
}
