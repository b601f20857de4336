// Node's on-disk cache of compiled code for pi-explorer's own bundle (module.enableCompileCache,
// Node 22.1+; Node 20 has none and runs as before). The cache lives in the user's cache folder,
// never next to the project or a session: nothing pi-explorer reads is ever written to.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off (Node's own switch); an unwritable folder only means
// no cache, never an error or a warning.
import nodeModule from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";

/** The folder for the cache: $XDG_CACHE_HOME, else the platform's user cache folder, + pi-explorer. */
export function compileCacheDirectory(env: Record<string, string | undefined>, platform: NodeJS.Platform, home: () => string = homedir): string | undefined {
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "pi-explorer");
  if (platform === "win32" && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, "pi-explorer", "Cache");
  let base: string;
  try {
    base = home();
  } catch {
    return undefined; // no home folder (a user without one): no cache
  }
  if (!base) return undefined;
  return platform === "darwin" ? join(base, "Library", "Caches", "pi-explorer") : join(base, ".cache", "pi-explorer");
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
