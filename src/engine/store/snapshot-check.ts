// Has a session file changed since it was read? A stat only (size and modification time), cheap
// enough to ask every second while a tree is shown: pi appends to a session while the user works.
import { statSync } from "node:fs";
import { describeFsError, type FileSnapshot } from "./read.js";

export type SnapshotCheck =
  | { state: "unchanged" }
  /** `grewBy`: how much larger the file is (> 0 is most likely pi appending; a stat cannot tell an append from a rewrite). */
  | { state: "changed"; grewBy: number }
  | { state: "unreadable"; message: string };

export function checkSnapshot(snapshot: FileSnapshot): SnapshotCheck {
  let size: number;
  let mtimeMs: number;
  try {
    ({ size, mtimeMs } = statSync(snapshot.path));
  } catch (error) {
    return { state: "unreadable", message: describeFsError(snapshot.path, error) };
  }
  if (size === snapshot.size && mtimeMs === snapshot.mtimeMs) return { state: "unchanged" };
  return { state: "changed", grewBy: Math.max(0, size - snapshot.size) };
}
