import { resolve } from "node:path";
import { resolvePiPath } from "../settings/pi-paths.js";
import type { PiProfile, SessionHeader } from "../types.js";

// pi 1.6 resolvePath against the process cwd: "~", file:// URLs, relative paths, normalized.
const resolveAgainstCwd = (input: string, env: OpenEnv): string => resolvePiPath(input, { home: env.home, baseDir: env.cwd });

/** What pi reads from the environment when it opens a file; passed in because the engine never reads `process`. */
export interface OpenEnv {
  /** The process working directory (absolute). */
  cwd: string;
  /** The user's home directory (absolute). */
  home: string;
}

/**
 * The cwd a SessionManager.open() session holds, which a fork writes into its new header:
 * 0.73 takes the header's cwd verbatim (else the process cwd); 1.6 takes it when it is a
 * string and resolves it.
 */
export function sessionCwd(header: SessionHeader | null, profile: PiProfile, env: OpenEnv): unknown {
  if (profile === "0.73") return header?.cwd ?? env.cwd;
  const cwd = typeof header?.cwd === "string" ? header.cwd : env.cwd;
  return resolveAgainstCwd(cwd, env);
}

/** The session file path pi records as `parentSession`: the opened path, resolved. */
export const sessionFilePath = (path: string, profile: PiProfile, env: OpenEnv): string =>
  profile === "0.73" ? resolve(env.cwd, path) : resolveAgainstCwd(path, env);
