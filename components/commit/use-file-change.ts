// Notices when the session file on screen changes on disk (pi appending while the user reads it):
// a stat per second, never a read. It keeps polling after a change, so the notice follows the file
// (grows again, is deleted, comes back) until the screen shows a newer read (a new snapshot).
import { useEffect, useState } from "react";
import { checkSnapshot, formatBytes, type FileSnapshot, type SnapshotCheck } from "../../src/engine/index.js";

export type FileChange = Exclude<SnapshotCheck, { state: "unchanged" }>;

const CHECK_EVERY_MS = 1000;

const sameCheck = (a: SnapshotCheck, b: SnapshotCheck): boolean => JSON.stringify(a) === JSON.stringify(b);

export function useFileChange(snapshot: FileSnapshot | undefined): FileChange | null {
  const [seen, setSeen] = useState<{ of: FileSnapshot; check: SnapshotCheck } | null>(null);
  useEffect(() => {
    if (snapshot === undefined) return;
    const timer = setInterval(() => {
      const check = checkSnapshot(snapshot);
      // Same answer as last time: no state change, no render.
      setSeen((prev) => (prev !== null && prev.of === snapshot && sameCheck(prev.check, check) ? prev : { of: snapshot, check }));
    }, CHECK_EVERY_MS);
    // A poll must never be what keeps the app from exiting.
    timer.unref?.();
    return () => clearInterval(timer);
  }, [snapshot]);
  if (seen === null || seen.of !== snapshot || seen.check.state === "unchanged") return null;
  return seen.check;
}

/** The one-line notice for a change, naming the key that reloads. */
export function fileChangeNotice(change: FileChange, reloadKey: string): string {
  // The key first: a narrow terminal cuts the line's end.
  if (change.state === "unreadable") return `The file can no longer be read (${change.message}); what is shown is the last read.`;
  if (change.grewBy > 0) return `${reloadKey}: reload — the file grew by ${formatBytes(change.grewBy)} on disk (pi appended?)`;
  return `${reloadKey}: reload — the file changed on disk`;
}
