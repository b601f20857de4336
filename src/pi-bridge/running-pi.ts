// Is a pi running on this session? pi takes no lock and keeps its leaf in memory, so an entry appended
// while it runs ends up on a side branch. pi opens the file only to append, so on Linux a pi process is
// found by /proc: an open descriptor on the file, the file among its arguments (`pi --session FILE`),
// or its working directory being the session's project. Elsewhere (or besides), a file written in the
// last minutes is reported (where there is no /proc to ask) as "pi may be running".
import { readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { basename } from "node:path";

export interface RunningPiInput {
  file: string;
  /** The session header's cwd (pi runs there). */
  sessionCwd?: string;
  nowMs: number;
  /** Our own pid and the bridge's, never reported. */
  ignorePids?: readonly number[];
  procRoot?: string;
  /** A write this recent counts as a sign of a running pi (default 2 minutes). */
  recentMs?: number;
  platform?: NodeJS.Platform;
}

export interface RunningPiFinding {
  /** "open": holds the file open; "argument": started on it; "cwd": runs in the session's project; "recent": the file was just written. */
  how: "open" | "argument" | "cwd" | "recent";
  pid?: number;
  /** One line for the user. */
  line: string;
}

const safe = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch {
    return undefined;
  }
};

/** A process that runs pi: `pi` itself, or node running a pi package's cli. */
function isPiCommand(args: readonly string[]): boolean {
  const [first = "", second = ""] = args;
  if (basename(first) === "pi") return true;
  const script = safe(() => realpathSync(second)) ?? second;
  return /pi-coding-agent[\\/]dist[\\/](bundle[\\/])?cli\.js$/.test(script) || (basename(first).startsWith("node") && basename(second) === "pi");
}

function fromProc(input: RunningPiInput, target: string): RunningPiFinding | undefined {
  const root = input.procRoot ?? "/proc";
  const pids = safe(() => readdirSync(root))?.filter((name) => /^\d+$/.test(name)) ?? [];
  const ignore = new Set([process.pid, ...(input.ignorePids ?? [])]);
  let inProject: RunningPiFinding | undefined;
  for (const name of pids) {
    const pid = Number(name);
    if (ignore.has(pid)) continue;
    const fds = safe(() => readdirSync(`${root}/${name}/fd`)) ?? [];
    for (const fd of fds) {
      if (safe(() => readlinkSync(`${root}/${name}/fd/${fd}`)) === target) {
        return { how: "open", pid, line: `process ${pid} has ${target} open (a running pi?): an entry written now lands beside pi's own branch` };
      }
    }
    const args = safe(() => readFileSync(`${root}/${name}/cmdline`, "utf8"))?.split("\0").filter((arg) => arg !== "") ?? [];
    if (!isPiCommand(args)) continue;
    const cwd = safe(() => readlinkSync(`${root}/${name}/cwd`));
    if (args.some((arg) => arg === target || (safe(() => realpathSync(cwd ? `${cwd}/${arg}` : arg)) ?? "") === target)) {
      return { how: "argument", pid, line: `pi (pid ${pid}) runs on this session: pi keeps its own leaf, so an entry written now ends up on a side branch; quit pi first` };
    }
    if (!inProject && input.sessionCwd && cwd === (safe(() => realpathSync(input.sessionCwd as string)) ?? input.sessionCwd)) {
      inProject = { how: "cwd", pid, line: `pi (pid ${pid}) runs in this session's project ${input.sessionCwd}; if it has this session open, an entry written now ends up on a side branch` };
    }
  }
  return inProject;
}

/** A running pi on the file, or a sign of one; undefined when there is none. */
export function findRunningPi(input: RunningPiInput): RunningPiFinding | undefined {
  const target = safe(() => realpathSync(input.file)) ?? input.file;
  const procRoot = input.procRoot ?? "/proc";
  if ((input.platform ?? process.platform) === "linux" && safe(() => statSync(`${procRoot}/self`)) !== undefined) return fromProc(input, target);
  const mtimeMs = safe(() => statSync(target).mtimeMs);
  const recentMs = input.recentMs ?? 120_000;
  if (mtimeMs !== undefined && input.nowMs - mtimeMs >= 0 && input.nowMs - mtimeMs < recentMs) {
    const seconds = Math.round((input.nowMs - mtimeMs) / 1000);
    return { how: "recent", line: `the session was written ${seconds} s ago: if pi is running on it, an entry written now ends up on a side branch` };
  }
  return undefined;
}
