// One terminal end-to-end test's app: the built bin in a tmux session of a given size, with a fresh
// temporary home (pi's agent dir inside it), optionally on a private copy of a fixture session so a
// commit never touches fixtures/. `useAppE2E()` registers the build and the clean-up for the file.
import { copyFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterEach, beforeAll } from "vitest";
import { BUILT_CLI, ensureBuilt } from "./built-app.js";
import { EXIT_MARKER, makeTempHome, startTmux, type TempHome, type TmuxSession } from "./tmux.js";

export interface AppStart {
  /** Terminal size. */
  size: { columns: number; rows: number };
  /** The session file the app opens (none: the picker). */
  session?: string;
  /** Open a copy of `session` inside the temporary home instead of the file itself. */
  copy?: boolean;
  /** Working directory; default the temporary home. */
  cwd?: string;
  /** A sessions folder copied into the temporary agent dir (for the picker). */
  sessionsFrom?: string;
  /** pi's global settings.json, written into the temporary agent dir. */
  settings?: unknown;
}

export interface RunningApp {
  term: TmuxSession;
  home: TempHome;
  /** The file the app opened (the copy when `copy` was set); "" when it opened the picker. */
  file: string;
}

/**
 * Registers, for the current test file or describe block, a build of dist/ when it is missing and the
 * clean-up after each test (tmux stopped, temporary home removed). Returns `start`.
 */
export function useAppE2E(options: { alsoBuilt?: string[] } = {}): { start(opts: AppStart): RunningApp } {
  let running: RunningApp | undefined;
  beforeAll(() => ensureBuilt(...(options.alsoBuilt ?? [])), 180_000);
  afterEach(() => {
    running?.term.kill();
    running?.home.remove();
    running = undefined;
  });
  return {
    start(opts) {
      const home = makeTempHome(opts.sessionsFrom);
      if (opts.settings !== undefined) writeFileSync(join(home.agentDir, "settings.json"), JSON.stringify(opts.settings));
      let file = opts.session ?? "";
      if (file !== "" && opts.copy) {
        const copy = join(home.home, basename(file));
        copyFileSync(file, copy);
        file = copy;
      }
      const command = [process.execPath, BUILT_CLI, ...(file !== "" ? [file] : [])];
      const term = startTmux({ command, cwd: opts.cwd ?? home.home, columns: opts.size.columns, rows: opts.size.rows, home });
      running = { term, home, file };
      return running;
    },
  };
}

/** The exit code the wrapper printed when the app ended, or undefined while it runs. */
export const exitedWith = (screen: string): string | undefined => screen.split(EXIT_MARKER)[1]?.split("]")[0];

/** The tree row under the cursor ("› " marks it), or "" when none is drawn. */
export const cursorLine = (screen: string): string => screen.split("\n").find((l) => l.startsWith("› ")) ?? "";
