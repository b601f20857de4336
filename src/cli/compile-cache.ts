// Node's on-disk cache of compiled code for pi-explorer's own bundle (module.enableCompileCache,
// Node 22.1+; Node 20 has none and runs as before). The cache lives in pi-explorer's cache folder,
// never next to the project or a session: nothing pi-explorer reads is ever written to.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off (Node's own switch); an unwritable folder only means
// no cache, never an error or a warning. Node adds an entry per compiled file and never deletes
// one: each new build (its chunks have new names) and each new Node (a folder of its own) would
// leave the old ones for good, so entries not used for a month go (pruneCompileCache).
import { lstatSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import nodeModule from "node:module";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

/**
 * The folder for the cache: pi-explorer's cache folder, the one the recall index and the usage cache
 * use ($XDG_CACHE_HOME/pi-explorer, else ~/.cache/pi-explorer); none without a home folder.
 */
export function compileCacheDirectory(env: Record<string, string | undefined>, home: () => string = homedir): string | undefined {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, "pi-explorer");
  let base: string;
  try {
    base = home();
  } catch {
    return undefined; // a user without a home folder: no cache
  }
  return base ? join(base, ".cache", "pi-explorer") : undefined;
}

type EnableCompileCache = (directory?: string) => { status: number; message?: string; directory?: string };

/** Turns the compile cache on where this Node has one; says whether it is on (for the tests). */
export function enableCompileCache(directory: string | undefined): boolean {
  // Not in @types/node 20 (the oldest Node we run on has none either).
  const enable = (nodeModule as unknown as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  if (directory === undefined || typeof enable !== "function") return false;
  try {
    const result = enable(directory);
    const { ENABLED, ALREADY_ENABLED } = (nodeModule as unknown as { constants?: { compileCacheStatus?: Record<string, number> } }).constants?.compileCacheStatus ?? {};
    return result.status === ENABLED || result.status === ALREADY_ENABLED;
  } catch {
    return false; // a cache is an optimization: without it the command runs the same
  }
}

/** Folders Node made for its cache in pi-explorer's cache folder: one per Node version, platform and cache format. */
const NODE_CACHE_FOLDER = /^v\d+\.\d+\.\d+-/;
/** An entry not written for this long goes (one still in use is compiled and written again on the next run). */
export const COMPILE_CACHE_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
/** At most one look a day; the time of the last look is this file's. */
const PRUNED_MARK = "compile-cache-pruned";
const DAY_MS = 24 * 3600 * 1000;

/**
 * Removes the compile cache's entries Node has neither written nor read for COMPILE_CACHE_MAX_AGE_MS
 * (read as the file system keeps access times; where it keeps none, an entry still in use is only
 * compiled and written again), and the folders of other Nodes left with none when nothing was
 * added to them for as long. The running Node's folder stays: Node writes its entries there when
 * the process ends. Looks at most once a day; a mark from the future (a clock set back) counts as
 * none. Never throws, and one entry it cannot remove stops nothing: a cache is an optimization.
 */
export function pruneCompileCache(directory: string | undefined, now = Date.now(), running = `${process.version}-${process.arch}-`): void {
  if (directory === undefined) return;
  const mark = join(directory, PRUNED_MARK);
  let last = 0;
  try {
    last = statSync(mark).mtimeMs;
  } catch {
    // never looked yet
  }
  if (last <= now && now - last < DAY_MS) return;
  let folders: string[];
  try {
    folders = readdirSync(directory);
  } catch {
    return; // no cache folder yet, or one that cannot be read
  }
  const old = (path: string): boolean => {
    const st = lstatSync(path);
    return now - Math.max(st.mtimeMs, st.atimeMs) > COMPILE_CACHE_MAX_AGE_MS;
  };
  for (const folder of folders) {
    if (!NODE_CACHE_FOLDER.test(folder)) continue;
    const path = join(directory, folder);
    try {
      // Only Node's own folders; a link named like one is left alone.
      const st = lstatSync(path);
      if (!st.isDirectory()) continue;
      const quiet = now - st.mtimeMs > COMPILE_CACHE_MAX_AGE_MS;
      let left = 0;
      for (const entry of readdirSync(path)) {
        const file = join(path, entry);
        try {
          if (old(file)) rmSync(file, { recursive: true, force: true });
          else left++;
        } catch {
          left++;
        }
      }
      if (left === 0 && quiet && !folder.startsWith(running)) rmSync(path, { recursive: true, force: true });
    } catch {
      // a folder that cannot be read or removed: left as it is
    }
  }
  try {
    writeFileSync(mark, "");
    utimesSync(mark, now / 1000, now / 1000);
  } catch {
    // an unwritable cache folder: looked at again next time
  }
}
