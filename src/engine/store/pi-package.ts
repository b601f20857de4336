// Where the user's pi is installed: the command on PATH (or a path as given), followed through its
// symlinks to the package its bin belongs to. The pi bridge (which also checks the version and the Node
// that runs it) and the model data (which reads pi's built-in model list) both locate pi this way.
import { accessSync, constants, existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";

/** The package names pi is published under: 1.x, then 0.x. */
export const PI_PACKAGE_NAMES: readonly string[] = ["@earendil-works/pi-coding-agent", "@mariozechner/pi-coding-agent"];

export interface PiPackageJson {
  name?: string;
  version?: string;
  exports?: unknown;
  main?: string;
  engines?: { node?: string };
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `name` on PATH (or a path as given, against `cwd`); undefined when no executable file is there. */
export function whichCommand(name: string, env: Record<string, string | undefined>, cwd: string): string | undefined {
  if (name.includes("/")) {
    const path = isAbsolute(name) ? name : resolve(cwd, name);
    return isExecutableFile(path) ? path : undefined;
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function readPackageJson(path: string): PiPackageJson | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as PiPackageJson;
  } catch {
    return undefined;
  }
}

/** The nearest package.json above a bin's real path that is one of pi's packages. */
export function piPackageOfBin(binPath: string): { dir: string; json: PiPackageJson } | undefined {
  let dir = dirname(binPath);
  for (;;) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const json = readPackageJson(file);
      if (json?.name !== undefined && PI_PACKAGE_NAMES.includes(json.name)) return { dir, json };
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The folder of the pi package `command` (default `pi` on PATH) runs; undefined when none is found. */
export function findPiPackage(env: Record<string, string | undefined>, command = "pi", cwd = "/"): { dir: string; json: PiPackageJson } | undefined {
  const found = whichCommand(command, env, cwd);
  if (found === undefined) return undefined;
  try {
    return piPackageOfBin(realpathSync(found));
  } catch {
    return undefined;
  }
}
