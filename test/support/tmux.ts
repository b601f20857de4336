// End-to-end harness: run a command in a real terminal (a detached tmux session of a given size),
// type keys, and read the screen with capture-pane. Each session gets its own tmux server socket,
// started with CI unset (Ink turns interactive rendering off under CI) and HOME /
// PI_CODING_AGENT_DIR pointing at a temporary home, so the user's real sessions are never touched.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";

/** True when a tmux binary can be run. */
export const hasTmux: boolean = spawnSync("tmux", ["-V"], { stdio: "ignore" }).status === 0;

/** describe() that runs only when tmux exists, and says so loudly when it does not. */
export function describeWithTmux(name: string, body: () => void): void {
  if (!hasTmux) {
    console.warn(`[skip] ${name}: tmux is not installed (apt-get install -y tmux), so terminal end-to-end tests are skipped`);
    describe.skip(name, body);
    return;
  }
  describe(name, body);
}

export interface TempHome {
  home: string;
  agentDir: string;
  /** Removes the whole temporary home. */
  remove(): void;
}

/** A fresh temporary HOME with an empty ~/.pi/agent, or one whose sessions/ is a copy of `sessionsFrom`. */
export function makeTempHome(sessionsFrom?: string): TempHome {
  const home = mkdtempSync(join(tmpdir(), "pi-explorer-e2e-"));
  const agentDir = join(home, ".pi", "agent");
  mkdirSync(agentDir, { recursive: true });
  if (sessionsFrom) cpSync(sessionsFrom, join(agentDir, "sessions"), { recursive: true, filter: (src) => !src.endsWith(".md") });
  return { home, agentDir, remove: () => rmSync(home, { recursive: true, force: true }) };
}

export interface TmuxOptions {
  /** argv of the program; it is run through `sh -c` with its words quoted. */
  command: string[];
  cwd: string;
  columns: number;
  rows: number;
  home: TempHome;
  /** Extra environment for the program. */
  env?: Record<string, string>;
}

export interface TmuxSession {
  /** Send tmux key names ("Enter", "Escape", "Down", "Tab", "C-s"). */
  keys(...names: string[]): void;
  /** Type literal text. */
  type(text: string): void;
  /** The visible screen, one string with a newline per row (trailing blanks trimmed). */
  capture(): string;
  /** Capture until the predicate holds; throws with the last screen after `timeoutMs`. */
  waitFor(predicate: (screen: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  /** Stop the program and its tmux server. */
  kill(): void;
}

/** Marker the wrapper prints when the program ends, followed by its exit code. */
export const EXIT_MARKER = "[e2e: exited ";

/** How long after a capture that holds the next one is taken (see waitFor). */
const SETTLE_MS = 40;

const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
let counter = 0;

/** Start `command` in a detached tmux session of `columns` × `rows`. */
export function startTmux(opts: TmuxOptions): TmuxSession {
  const socket = `pi-explorer-e2e-${process.pid}-${++counter}`;
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: opts.home.home, PI_CODING_AGENT_DIR: opts.home.agentDir, ...opts.env };
  delete env.CI;
  delete env.TMUX;
  // Keep the pane after the program ends so the test can read how it ended.
  const script = `${opts.command.map(quote).join(" ")}; echo "${EXIT_MARKER}$?]"; sleep 300`;
  const tmux = (args: string[]): string => execFileSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { env, encoding: "utf8", timeout: 10_000 });
  tmux(["new-session", "-d", "-s", "e2e", "-x", String(opts.columns), "-y", String(opts.rows), "-c", opts.cwd, "sh", "-c", script]);

  const session: TmuxSession = {
    keys: (...names) => void tmux(["send-keys", "-t", "e2e", ...names]),
    type: (text) => void tmux(["send-keys", "-t", "e2e", "-l", text]),
    capture: () =>
      tmux(["capture-pane", "-p", "-t", "e2e"])
        .split("\n")
        .map((line) => line.trimEnd())
        .join("\n")
        .trimEnd(),
    async waitFor(predicate, what, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      const captured = (): string => {
        try {
          return session.capture();
        } catch {
          return "(tmux session is gone)";
        }
      };
      let screen = "";
      for (;;) {
        screen = captured();
        if (predicate(screen)) {
          // tmux may capture while a frame is being drawn (a large frame reaches it in pieces): the
          // screen counts once a second capture a moment later holds too, and that one is returned.
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          screen = captured();
          if (predicate(screen)) return screen;
        }
        if (Date.now() > deadline) throw new Error(`e2e: waited ${timeoutMs} ms for ${what}; the screen was:\n${screen}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    kill() {
      try {
        tmux(["kill-server"]);
      } catch {
        // Already gone.
      }
    },
  };
  return session;
}
