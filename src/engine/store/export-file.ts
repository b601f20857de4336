// Writing an export: one new file, created exclusively unless the caller says to replace it, never
// the session it came from, no temp file or anything else beside it.
import { closeSync, constants, fstatSync, openSync, statSync, writeSync } from "node:fs";
import { describeFsError } from "./read.js";

export class ExportWriteError extends Error {
  constructor(
    message: string,
    readonly reason: "exists" | "same-file" | "failed",
  ) {
    super(message);
  }
}

export function writeExportFile(path: string, text: string, options: { force?: boolean; sourcePath?: string } = {}): void {
  if (options.sourcePath !== undefined) {
    try {
      const src = statSync(options.sourcePath);
      const out = statSync(path);
      if (src.ino === out.ino && src.dev === out.dev) throw new ExportWriteError(`${path} is the session file itself; choose another --out`, "same-file");
    } catch (error) {
      if (error instanceof ExportWriteError) throw error;
    }
  }
  const flags = constants.O_WRONLY | constants.O_CREAT | (options.force ? constants.O_TRUNC : constants.O_EXCL) | (constants.O_NOFOLLOW ?? 0);
  let fd: number;
  try {
    fd = openSync(path, flags, 0o644);
  } catch (error) {
    if ((error as { code?: unknown }).code === "EEXIST") throw new ExportWriteError(`${path} exists; pass --force to replace it`, "exists");
    throw new ExportWriteError(describeFsError(path, error), "failed");
  }
  try {
    if (!fstatSync(fd).isFile()) throw new ExportWriteError(`${path} is not a regular file`, "failed");
    const bytes = Buffer.from(text, "utf8");
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
  } catch (error) {
    if (error instanceof ExportWriteError) throw error;
    throw new ExportWriteError(describeFsError(path, error), "failed");
  } finally {
    closeSync(fd);
  }
}
