// Notices when the session file on screen changes on disk (pi appending while the user reads it):
// a stat per interval, never a read. Once a change is seen it stays reported until the screen
// shows a newer read (a new snapshot), so the poll stops there.
import { useEffect, useState } from "react";
import { checkSnapshot, formatBytes, type FileSnapshot, type SnapshotCheck } from "../../src/engine/index.js";

export type FileChange = Exclude<SnapshotCheck, { state: "unchanged" }>;

export const FILE_CHECK_INTERVAL_MS = 1000;

export function useFileChange(snapshot: FileSnapshot | undefined, intervalMs: number = FILE_CHECK_INTERVAL_MS): FileChange | null {
  const [change, setChange] = useState<{ of: FileSnapshot; change: FileChange } | null>(null);
  const seen = change !== null && change.of === snapshot ? change.change : null;
  useEffect(() => {
    if (snapshot === undefined || seen !== null) return;
    const timer = setInterval(() => {
      const check = checkSnapshot(snapshot);
      if (check.state !== "unchanged") setChange({ of: snapshot, change: check });
    }, intervalMs);
    // A poll must never be what keeps the app from exiting.
    timer.unref?.();
    return () => clearInterval(timer);
  }, [snapshot, seen, intervalMs]);
  return seen;
}

/** The one-line notice for a change, naming the key that reloads. */
export function fileChangeNotice(change: FileChange, reloadKey: string): string {
  if (change.state === "unreadable") return `The file can no longer be read (${change.message}); what is shown is the last read.`;
  if (change.grewBy > 0) return `The file grew by ${formatBytes(change.grewBy)} on disk (pi appended?). ${reloadKey}: reload`;
  return `The file changed on disk. ${reloadKey}: reload`;
}
