// What was read of each file, kept while the file stays as it was. Listing reads every session file
// whole (pi's listing does too), seconds for a few GB; the picker lists again whenever pi appends to
// a session of the folder (and every project once the user has listed them all), so without this
// each turn pi takes re-read every file. A file is read again when its size, time or identity
// (device and inode) is not what the kept read saw; pi only appends, so an unchanged stat is an
// unchanged file.
import { statSync } from "node:fs";

/** A file as a read saw it: what its stat must still say for the read to stand. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  dev: number;
  ino: number;
}

/** A read of a file: what it made of it, and the file as it saw it (null: it could not be read). */
export interface StampedRead<T> {
  value: T;
  stamp: FileStamp | null;
}

interface Kept<T> {
  stamp: FileStamp;
  /** What else the read depended on (the pi release it read as). */
  key: string;
  value: T;
}

export class FileReadCache<T> {
  private readonly kept = new Map<string, Kept<T>>();

  /** `read` the file at `path` (as `key` says) unless the kept read of it still stands. */
  valueOf(path: string, key: string, read: (path: string) => StampedRead<T>): T {
    const now = stampOf(path);
    if (now === null) {
      // Gone or unreadable: nothing kept for it, and the read says what the caller makes of that.
      this.kept.delete(path);
      return read(path).value;
    }
    const kept = this.kept.get(path);
    if (kept && kept.key === key && sameStamp(kept.stamp, now)) return kept.value;
    const { value, stamp } = read(path);
    if (stamp === null) this.kept.delete(path);
    else this.kept.set(path, { stamp, key, value });
    return value;
  }

  /** Forgets every file not in `paths` (a listing of everything it covers found them gone). */
  keepOnly(paths: Iterable<string>): void {
    const wanted = new Set(paths);
    for (const path of [...this.kept.keys()]) if (!wanted.has(path)) this.kept.delete(path);
  }

  /** Files whose reads are kept. */
  get size(): number {
    return this.kept.size;
  }
}

function stampOf(path: string): FileStamp | null {
  try {
    const s = statSync(path);
    return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs, dev: s.dev, ino: s.ino } : null;
  } catch {
    return null;
  }
}

/** Whether two stats (or a stat and what a read or a cache kept of one) say the same file, unchanged. */
export const sameStamp = (a: FileStamp, b: FileStamp): boolean => a.size === b.size && a.mtimeMs === b.mtimeMs && a.dev === b.dev && a.ino === b.ino;
