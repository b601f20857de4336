import { closeSync, fsyncSync, openSync, unlinkSync, writeSync } from "node:fs";
import { entryLines } from "../commit/serialize-entry.js";
import type { SessionEntry, SessionHeader } from "../types.js";
import { CommitError, writeFailureCause } from "./commit-error.js";

/**
 * Write a forked session as a new file: created exclusively (`wx`, never over an existing file),
 * one write of every line, fsync. On failure the half-made file (ours) is removed.
 */
export function writeNewSessionFile(path: string, header: SessionHeader, entries: readonly SessionEntry[]): void {
  // Every line is made before the file exists: nothing that can fail on the entries leaves an empty file behind.
  const data = Buffer.from(entryLines([header, ...entries]), "utf8");
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "EEXIST" ? "a file with that name already exists" : `cannot create it (${code ?? String(error)})`;
    throw new CommitError(path, "refused", `${path}: ${why}; nothing was written`);
  }
  try {
    const written = writeSync(fd, data);
    if (written !== data.length) throw new Error(`short write: ${written} of ${data.length} bytes`);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(path);
    throw new CommitError(path, "failed", `${path}: writing the fork failed: ${writeFailureCause(error)}; the new file was removed, nothing was written`);
  }
  closeSync(fd);
}
