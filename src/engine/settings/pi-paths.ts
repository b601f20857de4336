// pi's "~" expansion of the paths that decide where sessions live. pi does not expand the same way
// everywhere: 1.6 routes every place through utils/paths normalizePath, while 0.73 has two expansions
// (config.expandTildePath concatenates, SettingsManager.getSessionDir joins) and leaves --session-dir
// as typed. Each place therefore has its own function here, named after where it applies.
// Pure string work: home and the base for relative paths are passed in, never read from the process.
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PiProfile } from "../types.js";

export interface PathContext {
  /** The user's home directory (pi uses os.homedir(), i.e. $HOME as written). */
  home?: string;
  /**
   * Directory relative paths are resolved against: pi uses process.cwd(), which is always absolute;
   * callers pass the cwd in. Default "/"; a relative base is taken from "/" (never the process's cwd).
   */
  baseDir?: string;
}

/**
 * pi 1.6 utils/paths normalizePath with its default options: "~" is home as written, "~/x" is
 * join(home, "x") (so normalized), a file:// URL becomes its path; anything else ("~user/x",
 * relative paths) is unchanged. Without a home there is nothing to expand "~" to.
 * Throws like pi when a file:// URL cannot be converted (e.g. "file://host/x").
 */
export function normalizePiPath(path: string, home: string | undefined): string {
  if (home !== undefined) {
    if (path === "~") return home;
    if (path.startsWith("~/")) return join(home, path.slice(2));
  }
  if (/^file:\/\//.test(path)) return fileURLToPath(path);
  return path;
}

/** pi 1.6 utils/paths resolvePath: normalize, then make absolute against the (normalized) base dir. */
export function resolvePiPath(path: string, ctx: PathContext = {}): string {
  const normalized = normalizePiPath(path, ctx.home);
  if (isAbsolute(normalized)) return resolve(normalized);
  return resolve(absoluteBaseDir(ctx), normalized);
}

/**
 * ctx.baseDir normalized like pi normalizes its base, and absolute. pi's base is process.cwd()
 * (absolute); here a relative or missing base is taken from "/", so path.resolve never falls back
 * to this process's cwd.
 */
export function absoluteBaseDir(ctx: PathContext): string {
  return resolve("/", normalizePiPath(ctx.baseDir ?? "/", ctx.home));
}

/**
 * config.expandTildePath, which pi applies to $PI_CODING_AGENT_DIR and $PI_CODING_AGENT_SESSION_DIR.
 * 1.6: normalizePath. 0.73: "~" is home, "~/x" is home + "/x" by concatenation, not normalized
 * (home "/h/" gives "/h//x"); no file: URLs.
 */
export function expandEnvPath(path: string, profile: PiProfile, home: string | undefined): string {
  if (profile === "1.6") return normalizePiPath(path, home);
  if (home === undefined) return path;
  if (path === "~") return home;
  if (path.startsWith("~/")) return home + path.slice(1);
  return path;
}

/**
 * SettingsManager.getSessionDir, which expands settings.json "sessionDir".
 * 1.6: normalizePath. 0.73: "~" is home, "~/x" is join(home, "x") (normalized); no file: URLs.
 */
export function expandSettingsSessionDir(path: string, profile: PiProfile, home: string | undefined): string {
  if (profile === "1.6") return normalizePiPath(path, home);
  if (home === undefined) return path;
  if (path === "~") return home;
  if (path.startsWith("~/")) return join(home, path.slice(2));
  return path;
}

/** main's --session-dir: 1.6 normalizePath; 0.73 uses the value exactly as given. */
export function expandCliSessionDir(path: string, profile: PiProfile, home: string | undefined): string {
  return profile === "1.6" ? normalizePiPath(path, home) : path;
}
