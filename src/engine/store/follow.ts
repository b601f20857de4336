// Following a session file while pi appends to it, the way `tail -f` does. pi only appends whole
// lines, so an update reads the bytes after the last complete line the explorer has (plus the
// snapshot's 64 KiB guard window before it, which proves those bytes are still the ones read) and
// parses only the new complete lines. A last line without its newline (pi in the middle of a write)
// is left for the next update, never parsed and never reported as damaged. A file that shrank, was
// replaced (a new inode) or whose bytes before the old end changed cannot be followed: the caller
// reads it again whole.
import { closeSync, fstatSync, openSync, statSync } from "node:fs";
import type { PiProfile } from "../types.js";
import { extendableLastLine, extendSession, type LoadedSession } from "../session/load.js";
import { ChunkedSessionScan } from "../session/scan.js";
import { describeFsError, leafOfLoaded, SNAPSHOT_TAIL_BYTES, tailSha256, type FileSnapshot } from "./read.js";
import { pushLines } from "./scan-bytes.js";
import { readFdRange } from "./read-fd-range.js";

/** Where following a file stands: the session as read so far and the file it was read from. */
export interface FollowPoint {
  loaded: LoadedSession;
  /** The bytes `loaded` was read from: size = the end of its last complete line. Guards commits too. */
  snapshot: FileSnapshot;
  /** The file's inode when it was read; another inode at the path is another file. */
  ino: number;
  /** What the last look at the file saw, so an unchanged file costs one stat. */
  seen: { size: number; mtimeMs: number };
  /** Set when `loaded` cannot be extended (see extendSession): any change means a whole read. */
  wholeReadOnChange: boolean;
}

/**
 * Why a file has to be read again whole: it shrank, another file took its path, bytes before the
 * old end changed; or (`unfollowable`) it only grew but its lines cannot be added one by one (pi
 * 0.73's whole-text trim, a v1/v2 file, a file read while its last line was unfinished).
 */
export type RewriteCause = "shrank" | "replaced" | "changed" | "unfollowable";

export type FollowUpdate =
  | { kind: "unchanged"; point: FollowPoint }
  /** Only an unfinished last line came (or nothing complete yet): nothing to show, the point remembers it. */
  | { kind: "waiting"; point: FollowPoint; waitingBytes: number }
  /**
   * Complete lines were appended: `loaded` has them, `added` entries more than before. `parseMs`:
   * reading and parsing the appended bytes (the rest is extending the entries and their index).
   */
  | { kind: "appended"; point: FollowPoint; added: number; appendedBytes: number; waitingBytes: number; parseMs: number }
  /** The file is not what was read plus lines after it. */
  | { kind: "rewritten"; cause: RewriteCause }
  | { kind: "unreadable"; message: string };

/** Start following `loaded`, read from the bytes `snapshot` describes (profile decides whether lines can be added). */
export function startFollow(loaded: LoadedSession, snapshot: FileSnapshot, profile: PiProfile): FollowPoint {
  const ino = snapshot.ino;
  // pi 0.73 trims the whole text before splitting it, so its lines cannot be added one by one.
  const wholeReadOnChange = profile !== "1.6" || extendableLastLine(loaded) === undefined;
  return { loaded, snapshot, ino, seen: { size: snapshot.size, mtimeMs: snapshot.mtimeMs }, wholeReadOnChange };
}

/** Look at the file once: unchanged, a partial line waiting, lines appended (parsed), or a rewrite. */
export function readFollowUpdate(point: FollowPoint): FollowUpdate {
  const { path } = point.snapshot;
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return { kind: "unreadable", message: describeFsError(path, error) };
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { kind: "unreadable", message: describeFsError(path, Object.assign(new Error("directory"), { code: "EISDIR" })) };
    if (point.ino !== -1 && stat.ino !== point.ino) return { kind: "rewritten", cause: "replaced" };
    if (stat.size === point.seen.size && stat.mtimeMs === point.seen.mtimeMs) return { kind: "unchanged", point };
    const offset = point.snapshot.size;
    if (stat.size < offset) return { kind: "rewritten", cause: "shrank" };
    if (point.wholeReadOnChange) return { kind: "rewritten", cause: "unfollowable" };
    const started = performance.now();
    const guardStart = Math.max(0, offset - SNAPSHOT_TAIL_BYTES);
    const buf = readFdRange(fd, guardStart, stat.size - guardStart);
    const known = offset - guardStart;
    if (buf.length < known || tailSha256(buf.subarray(0, known)) !== point.snapshot.tailSha256) return { kind: "rewritten", cause: "changed" };
    const seen = { size: stat.size, mtimeMs: stat.mtimeMs };
    const lastNewline = buf.lastIndexOf(10);
    if (lastNewline < known) return { kind: "waiting", point: { ...point, seen }, waitingBytes: buf.length - known };
    const scan = new ChunkedSessionScan(extendableLastLine(point.loaded)! + 1);
    pushLines(scan, buf, known, lastNewline + 1);
    const scanned = scan.finish(new Uint8Array(0));
    const parseMs = performance.now() - started;
    const loaded = extendSession(point.loaded, scanned);
    if (loaded === undefined) return { kind: "rewritten", cause: "changed" };
    const end = guardStart + lastNewline + 1;
    const snapshot: FileSnapshot = {
      path,
      size: end,
      mtimeMs: stat.mtimeMs,
      tailSha256: tailSha256(buf.subarray(0, lastNewline + 1)),
      dev: stat.dev,
      ino: stat.ino,
      leafId: leafOfLoaded(loaded),
    };
    return {
      kind: "appended",
      point: { loaded, snapshot, ino: stat.ino, seen, wholeReadOnChange: false },
      added: loaded.entries.length - point.loaded.entries.length,
      appendedBytes: end - offset,
      waitingBytes: stat.size - end,
      parseMs,
    };
  } catch (error) {
    return { kind: "unreadable", message: describeFsError(path, error) };
  } finally {
    closeSync(fd);
  }
}

/** The size of the file at `path`, or undefined when it cannot be stat'ed (the open then says why). */
export function statSessionSize(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}
