// The app's side of a commit: who holds the lock, the clock and randomness, and the guarded append
// or fork through the engine's store (the only code that writes). Every failure is one line. The
// document owner (document-store.ts) calls appendPending and then takes the new lines in; a
// document without an owner (a screen rendered on its own) is re-read after the write.
import {
  appendEntries,
  CommitError,
  openSessionFile,
  writeNewSessionFile,
  type ForkResult,
  type PendingCommit,
  type PiProfile,
  type SessionTree,
} from "../../src/engine/index.js";
import { processCommitClock, processLockOwner } from "../../src/host/commit-process.js";
import type { Committed, Outcome, SessionDocument } from "./session-document.js";

/** The real clock and randomness of one commit (entry ids, timestamps), read now. */
export const appClock = () => processCommitClock(Date.now());

const oneLine = (error: unknown, path: string): string => {
  if (error instanceof CommitError) return error.staleRead ? `${error.message}. Ctrl+R in the tree reads it again` : error.message;
  const text = error instanceof Error ? error.message : String(error);
  return `${path}: ${text.split("\n")[0]}`;
};

/** Read and index a session file exactly; a failure is one line naming the file. */
export function readDocument(path: string, profile: PiProfile): Outcome<SessionDocument> {
  const opened = openSessionFile(path, profile, { read: "exact" });
  if (!opened.ok) return { ok: false, message: opened.message };
  return { ok: true, value: { path, tree: opened.tree, snapshot: opened.snapshot } };
}

// Same entries, same leaf, same physical lines: the file holds what the screen shows.
function sameContent(a: SessionTree, b: SessionTree): boolean {
  const la = a.loaded;
  const lb = b.loaded;
  return (
    la.entries.length === lb.entries.length &&
    a.leafId === b.leafId &&
    la.entryLines.at(-1) === lb.entryLines.at(-1) &&
    la.diagnostics.length === lb.diagnostics.length &&
    la.fileVersion === lb.fileVersion
  );
}

/**
 * A document with a snapshot, ready for a commit. A tree handed over without one is checked
 * against a fresh read: if the file no longer holds what is shown, the commit is refused.
 */
export function withSnapshot(doc: SessionDocument, profile: PiProfile): Outcome<SessionDocument> {
  if (doc.snapshot) return { ok: true, value: doc };
  const fresh = readDocument(doc.path, profile);
  if (!fresh.ok) return fresh;
  if (!sameContent(doc.tree, fresh.value.tree)) {
    const before = doc.tree.loaded.entries.length;
    const after = fresh.value.tree.loaded.entries.length;
    return {
      ok: false,
      message: `${doc.path}: the file changed since it was read (${before} -> ${after} entries); nothing was written. Ctrl+R in the tree reads it again`,
    };
  }
  return { ok: true, value: { ...doc, snapshot: fresh.value.snapshot } };
}

/** The guarded append itself (snapshot check, lock, single write, fsync, re-read of the new leaf). */
export function appendPending(doc: SessionDocument, pending: PendingCommit, profile: PiProfile): Outcome<{ newLeafId: string }> {
  const ready = withSnapshot(doc, profile);
  if (!ready.ok) return ready;
  const { snapshot, tree } = ready.value;
  try {
    const { newLeafId } = appendEntries({ snapshot: snapshot!, fileVersion: tree.loaded.fileVersion, entries: pending.entries, lock: processLockOwner(Date.now()) });
    return { ok: true, value: { newLeafId } };
  } catch (error) {
    return { ok: false, message: oneLine(error, doc.path), stale: error instanceof CommitError && error.staleRead };
  }
}

export const wroteMessage = (what: string, newLeafId: string): string => `Wrote ${what} ${newLeafId}; pi continues from it.`;

/**
 * Append `pending` to the document's file. Through its owner when it has one (which refuses a plan
 * made before pi's last append and tells every screen of the file); else straight to the file,
 * which is read again for the screen.
 */
export function commitPending(doc: SessionDocument, pending: PendingCommit, profile: PiProfile, what: string): Outcome<Committed> {
  if (doc.owner) return doc.owner.commit(doc, pending, what);
  const appended = appendPending(doc, pending, profile);
  if (!appended.ok) return appended;
  const { newLeafId } = appended.value;
  const reread = readDocument(doc.path, profile);
  const message = wroteMessage(what, newLeafId);
  if (!reread.ok) return { ok: true, value: { message: `${message} (re-reading failed: ${reread.message})` } };
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
