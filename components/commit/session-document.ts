// The session file a tree shows, and what the app needs to write to it safely: the snapshot of the
// bytes the tree was built from (the append refuses when the file no longer matches it).
import {
  buildTree,
  readSessionFile,
  SessionReadError,
  type FileSnapshot,
  type PendingExactLoad,
  type PiProfile,
  type SessionTree,
} from "../../src/engine/index.js";

export interface SessionDocument {
  path: string;
  tree: SessionTree;
  /** How the file looked when `tree` was read; undefined when the tree came from elsewhere (the launcher). */
  snapshot?: FileSnapshot;
  /**
   * Set while `tree` is a first look at a large file (store/first-look.ts): the exact load of the
   * same bytes, which use-exact-load.ts runs and which must replace the tree before any write.
   */
  pending?: PendingExactLoad;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** Read and index a session file; a failure is one line naming the file. */
export function readDocument(path: string, profile: PiProfile): Outcome<SessionDocument> {
  try {
    const { loaded, snapshot } = readSessionFile(path, profile);
    if (loaded.invalid !== undefined) return { ok: false, message: `${path}: ${loaded.invalid}` };
    return { ok: true, value: { path, tree: buildTree(loaded), snapshot } };
  } catch (error) {
    if (error instanceof SessionReadError) return { ok: false, message: error.message };
    return { ok: false, message: `${path}: ${error instanceof Error ? error.message : String(error)}` };
  }
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
