// The session file a screen shows, and what the app needs to write to it safely: the snapshot of the
// bytes the tree was built from (the append refuses when the file no longer matches it) and the
// owner that keeps it current (document-store.ts), through which every commit goes.
import type { FileSnapshot, PendingCommit, PendingExactLoad, SessionTree } from "../../src/engine/index.js";

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string; /** Planned on an older read: planning again on the current file can succeed. */ stale?: boolean };

/** What a successful commit tells the screen. */
export interface Committed {
  /** One line for the status area. */
  message: string;
  /** The file re-read after the write (the tree now shows the new entries). */
  document?: SessionDocument;
  /** Where the cursor goes: the new leaf. */
  focusId?: string;
}

/** The one owner of an open session file (DocumentStore): commits go through it so every screen learns of them. */
export interface DocumentOwner {
  commit(basis: SessionDocument, pending: PendingCommit, what: string): Outcome<Committed>;
}

export interface SessionDocument {
  path: string;
  tree: SessionTree;
  /** How the file looked when `tree` was read; undefined when the tree came from elsewhere (a test's fixture tree). */
  snapshot?: FileSnapshot;
  /**
   * Set while `tree` is a first look at a large file (store/first-look.ts): the exact load of the
   * same bytes, which the owner runs and which replaces the tree before any write.
   */
  pending?: PendingExactLoad;
  /** The owner this document came from; a document without one commits straight to the file. */
  owner?: DocumentOwner;
  /** Counts whole reads of the file by its owner: two documents of one read differ only by appended lines. */
  read?: number;
}

/**
 * What changed in the file since `basis` was shown, as `current` (the owner's newest document) has it:
 * null when nothing, else the entries pi appended, or that the file was read again whole.
 */
export function changeSince(basis: SessionDocument, current: SessionDocument): { appended: number } | { reread: true } | null {
  if (basis.tree === current.tree) return null;
  if ((basis.read ?? 0) !== (current.read ?? 0)) return { reread: true };
  const appended = current.tree.loaded.entries.length - basis.tree.loaded.entries.length;
  // Same read, same entries: only the exact load replaced a first look.
  return appended > 0 ? { appended } : null;
}

/** "pi appended 3 entries": the words every screen uses for a change it was not computed on. */
export const appendedSince = (count: number): string => `pi appended ${count === 1 ? "1 entry" : `${count} entries`}`;
