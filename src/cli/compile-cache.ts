// Node's on-disk cache of compiled code for pi-explorer's own bundle (module.enableCompileCache,
// Node 22.1+; Node 20 has none and runs as before). The cache lives in pi-explorer's cache folder,
// never next to the project or a session: nothing pi-explorer reads is ever written to.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off (Node's own switch); an unwritable folder only means
// no cache, never an error or a warning.
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
