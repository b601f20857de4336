// In-process news of the app's own writes: a screen that committed to a file tells the other
// screens showing that file (the tree under a compaction preview), which then show the re-read file.
import type { SessionDocument } from "./session-document.js";

export interface SessionWrite {
  document: SessionDocument;
  /** The entry to put the cursor on. */
  focusId?: string;
}

type Listener = (write: SessionWrite) => void;
const listeners = new Map<string, Set<Listener>>();

/** Listen for writes to `path`; returns the unsubscribe function. */
export function onSessionWritten(path: string, listener: Listener): () => void {
  let set = listeners.get(path);
  if (set === undefined) listeners.set(path, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(path);
  };
}

export function announceSessionWritten(write: SessionWrite): void {
  for (const listener of listeners.get(write.document.path) ?? []) listener(write);
}
