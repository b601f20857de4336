// The app's side of a commit: who holds the lock, the clock and randomness, and the guarded append
// or fork through the engine's store (the only code that writes). Every failure is one line.
import {
  appendEntries,
  CommitError,
  writeNewSessionFile,
  type ForkResult,
  type PendingCommit,
  type PiProfile,
} from "../../src/engine/index.js";
import { processCommitClock, processLockOwner } from "../../src/host/commit-process.js";
import { readDocument, withSnapshot, type Outcome, type SessionDocument } from "./session-document.js";
import { announceSessionWritten } from "./session-writes.js";

/** The real clock and randomness of one commit (entry ids, timestamps), read now. */
export const appClock = () => processCommitClock(Date.now());

/** What a successful commit tells the screen. */
export interface Committed {
  /** One line for the status area. */
  message: string;
  /** The file re-read after the write (the tree now shows the new entries). */
  document?: SessionDocument;
  /** Where the cursor goes: the new leaf. */
  focusId?: string;
}

const oneLine = (error: unknown, path: string): string => {
  if (error instanceof CommitError) return error.staleRead ? `${error.message}. Ctrl+R in the tree reads it again` : error.message;
  const text = error instanceof Error ? error.message : String(error);
  return `${path}: ${text.split("\n")[0]}`;
};

/**
 * Append `pending` to the document's file through the engine's guarded append (snapshot check,
 * lock, single write, fsync, re-read of the new leaf), then read the file again for the screen.
 */
export function commitPending(doc: SessionDocument, pending: PendingCommit, profile: PiProfile, what: string): Outcome<Committed> {
  const ready = withSnapshot(doc, profile);
  if (!ready.ok) return ready;
  const { snapshot, tree } = ready.value;
  let newLeafId: string;
  try {
    newLeafId = appendEntries({ snapshot: snapshot!, fileVersion: tree.loaded.fileVersion, entries: pending.entries, lock: processLockOwner(Date.now()) }).newLeafId;
  } catch (error) {
    return { ok: false, message: oneLine(error, doc.path) };
  }
  const reread = readDocument(doc.path, profile);
  const message = `Wrote ${what} ${newLeafId}; pi continues from it.`;
  if (!reread.ok) return { ok: true, value: { message: `${message} (re-reading failed: ${reread.message})` } };
  announceSessionWritten({ document: reread.value, focusId: newLeafId });
  return { ok: true, value: { message, document: reread.value, focusId: newLeafId } };
}

/** Create the fork's new file at `out` (never over an existing one). The source file is not touched. */
export function writeFork(out: string, fork: ForkResult): Outcome<Committed> {
  try {
    writeNewSessionFile(out, fork.header, fork.entries);
  } catch (error) {
    return { ok: false, message: oneLine(error, out) };
  }
  return { ok: true, value: { message: `Forked into ${out} (${fork.entries.length + 1} lines); pi continues there from ${fork.leafId}.` } };
}
