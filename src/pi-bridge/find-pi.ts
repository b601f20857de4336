// Finding the user's own pi: the command (--pi-command, else $PI_EXPLORER_PI_COMMAND, else `pi` on
// PATH), the package its bin belongs to, its version, the Node that runs it, and whether the bridge
// can drive it. Every "no" is one line that says what was found and what to do.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { piPackageOfBin, whichCommand, type PiPackageJson } from "../engine/index.js";
import { childProcess } from "../host/lazy-builtins.js";

/** The pi releases the bridge drives (and tests against): package, version prefix, profile. */
const DRIVABLE = [
  { name: "@earendil-works/pi-coding-agent", major: 1, minor: 6, profile: "1.6" },
  { name: "@mariozechner/pi-coding-agent", major: 0, minor: 73, profile: "0.73" },
] as const;

export interface FoundPi {
  /** The command as the user knows it (`pi`, or the path given). */
  command: string;
  /** The bin's real path (symlinks resolved). */
  binPath: string;
  packageDir: string;
  packageName: string;
  version: string;
  profile: "1.6" | "0.73";
  /** The package's root export (`exports["."]`), the one file the bridge imports. */
  entry: string;
  /** The Node binary that runs this pi, and its version. */
  node: string;
  nodeVersion: string;
}

export type FindPiResult = { ok: true; pi: FoundPi } | { ok: false; problem: string };

export interface FindPiInput {
  /** --pi-command PATH */
  piCommand?: string;
  env: Record<string, string | undefined>;
  cwd: string;
}

function rootExport(json: PiPackageJson): string | undefined {
  const root = typeof json.exports === "object" && json.exports !== null ? (json.exports as Record<string, unknown>)["."] : json.exports;
  if (typeof root === "string") return root;
  if (typeof root === "object" && root !== null) {
    const conditions = root as Record<string, unknown>;
    for (const key of ["import", "default", "node"]) if (typeof conditions[key] === "string") return conditions[key];
  }
  return json.main;
}

/** The interpreter of the bin's `#!` line: `env node` is looked up on PATH like the shell would. */
function shebangNode(binPath: string, env: Record<string, string | undefined>, cwd: string): string | undefined {
  let first: string;
  try {
    first = readFileSync(binPath, "utf8").slice(0, 200).split("\n")[0] ?? "";
  } catch {
    return undefined;
  }
  if (!first.startsWith("#!")) return undefined;
  const words = first.slice(2).trim().split(/\s+/);
  const program = words[0] ?? "";
  if (program.endsWith("/env")) {
    const name = words.slice(1).find((word) => !word.startsWith("-"));
    return name ? whichCommand(name, env, cwd) : undefined;
  }
  return program.startsWith("/") ? whichCommand(program, env, cwd) : undefined;
}

const NODE_VERSION_ARGS = ["-p", "process.versions.node"];
const versionText = (ok: boolean, stdout: string | undefined): string | undefined => {
  const version = stdout?.trim();
  return ok && version && /^\d+\.\d+\.\d+/.test(version) ? version : undefined;
};

function nodeVersionOf(node: string, env: Record<string, string | undefined>): string | undefined {
  const result = childProcess().spawnSync(node, NODE_VERSION_ARGS, { encoding: "utf8", timeout: 10_000, env: { ...env, NODE_OPTIONS: "" } });
  return versionText(result.status === 0, result.stdout);
}

/** The same without blocking (the app asks while it draws). */
function nodeVersionOfAsync(node: string, env: Record<string, string | undefined>): Promise<string | undefined> {
  return new Promise((resolve) =>
    childProcess().execFile(node, NODE_VERSION_ARGS, { encoding: "utf8", timeout: 10_000, env: { ...env, NODE_OPTIONS: "" } }, (error, stdout) => resolve(versionText(!error, stdout))),
  );
}

const parseVersion = (text: string): number[] => (text.match(/\d+(\.\d+){0,2}/)?.[0] ?? "0").split(".").map(Number);

function atLeast(version: string, minimum: string): boolean {
  const a = parseVersion(version);
  const b = parseVersion(minimum);
  for (let i = 0; i < 3; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

/** The lowest version a `>=X.Y.Z` engines range allows (other ranges: no requirement we can check). */
const minimumNode = (range: string | undefined): string | undefined => range?.match(/>=\s*(\d+(?:\.\d+){0,2})/)?.[1];

/** Find the user's pi and decide whether the bridge can drive it. */
export function findPi(input: FindPiInput): FindPiResult {
  const located = locatePi(input);
  return "problem" in located ? { ok: false, problem: located.problem } : checkNode(located, nodeVersionOf(located.node, input.env));
}

/** findPi without blocking on the Node it runs. */
export async function findPiAsync(input: FindPiInput): Promise<FindPiResult> {
  const located = locatePi(input);
  return "problem" in located ? { ok: false, problem: located.problem } : checkNode(located, await nodeVersionOfAsync(located.node, input.env));
}

type Located = Omit<FoundPi, "nodeVersion"> & { minimum: string | undefined };

function checkNode(located: Located, nodeVersion: string | undefined): FindPiResult {
  const { minimum, ...pi } = located;
  if (!nodeVersion) return { ok: false, problem: `${pi.node}: does not run (the Node for pi ${pi.version})` };
  if (minimum && !atLeast(nodeVersion, minimum)) {
    return { ok: false, problem: `pi ${pi.version} needs Node ${minimum} or newer, but ${pi.command} runs under Node ${nodeVersion} (${pi.node}); put a newer node first on PATH` };
  }
  return { ok: true, pi: { ...pi, nodeVersion } };
}

function locatePi(input: FindPiInput): Located | { problem: string } {
  const { env, cwd } = input;
  const command = input.piCommand ?? env.PI_EXPLORER_PI_COMMAND ?? "pi";
  const from = input.piCommand !== undefined ? "--pi-command" : env.PI_EXPLORER_PI_COMMAND !== undefined ? "$PI_EXPLORER_PI_COMMAND" : "PATH";
  const found = whichCommand(command, env, cwd);
  if (!found) {
    return {
      problem:
        from === "PATH"
          ? "no pi found on PATH; install pi (npm install -g @earendil-works/pi-coding-agent) or name it with --pi-command PATH or $PI_EXPLORER_PI_COMMAND"
          : `${from} ${command}: no such executable file`,
    };
  }
  let binPath: string;
  try {
    binPath = realpathSync(found);
  } catch {
    return { problem: `${found}: cannot resolve the file it points to` };
  }
  const pkg = piPackageOfBin(binPath);
  if (!pkg) return { problem: `${found} is not the bin of a pi package (@earendil-works/pi-coding-agent or @mariozechner/pi-coding-agent); point --pi-command at pi's own bin` };
  const version = pkg.json.version ?? "?";
  const [major, minor] = parseVersion(version);
  const drivable = DRIVABLE.find((d) => d.name === pkg.json.name && d.major === major && d.minor === minor);
  if (!drivable) {
    return { problem: `${found} is pi ${version} (${pkg.json.name}); pi-explorer can drive pi 1.6.x and 0.73.x, so use the deterministic summarizer (--summarizer compiled) or one of those` };
  }
  const entryRelative = rootExport(pkg.json);
  const entry = entryRelative ? join(pkg.dir, entryRelative) : undefined;
  if (!entry || !existsSync(entry)) return { problem: `pi ${version} at ${pkg.dir}: its package has no root export file; reinstall pi` };
  const node = shebangNode(binPath, env, cwd);
  if (!node) return { problem: `${found}: cannot tell which Node runs it (no node on PATH for its #! line)` };
  const minimum = minimumNode(pkg.json.engines?.node);
  return { command: found, binPath, packageDir: pkg.dir, packageName: pkg.json.name ?? "", version, profile: drivable.profile, entry, node, minimum };
}
