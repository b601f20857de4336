// What a commit needs from the running process, for the app and the CLI alike: this process as the
// owner of `<file>.lock` (with a liveness check for other pids) and the clock and randomness that
// make entry ids and timestamps. The engine stays pure; these are the real-world values it is given.
import { crypto } from "./lazy-builtins.js";
import type { CommitClock, LockOwner } from "../engine/index.js";

function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, owned by someone else
  }
}

/** This process as the owner of a commit's lock, at clock reading `nowMs`. */
export const processLockOwner = (nowMs: number): LockOwner => ({ pid: process.pid, isAlive: pidIsAlive, nowMs });

/** The clock reading `nowMs` and real randomness of one commit (entry ids, timestamps, session ids). */
export const processCommitClock = (nowMs: number): CommitClock => ({ nowMs, random: (count) => crypto().randomBytes(count) });
