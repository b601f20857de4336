// The words for what happened to the open file on disk, shown in the tree's notice line.
import { formatBytes, type RewriteCause, type SnapshotCheck } from "../../src/engine/index.js";

export type FileChange = Exclude<SnapshotCheck, { state: "unchanged" }>;

/** The one-line notice for a change, naming the key that reloads. */
export function fileChangeNotice(change: FileChange, reloadKey: string): string {
  // The key first: a narrow terminal cuts the line's end.
  if (change.state === "unreadable") return `The file can no longer be read (${change.message}); what is shown is the last read.`;
  if (change.grewBy > 0) return `${reloadKey}: reload — the file grew by ${formatBytes(change.grewBy)} on disk (pi appended?)`;
  return `${reloadKey}: reload — the file changed on disk`;
}

const CAUSES: Record<RewriteCause, string> = {
  shrank: "it got shorter",
  replaced: "another file took its place",
  changed: "bytes before its old end changed",
  unfollowable: "its new lines could not be added one by one",
};

/** A file that was not only appended to and was therefore read again whole. */
export function rereadNotice(cause: RewriteCause, added: number): string {
  const count = added === 0 ? "" : added > 0 ? ` (${added} entries more)` : ` (${-added} entries fewer)`;
  return `The file was rewritten on disk (${CAUSES[cause]}): read again whole${count}; the cursor kept its entry where it still exists.`;
}
