// Opens the interactive explorer: the tree of the named file, or the session picker when none is
// named. Without a terminal on stdin and stdout it refuses with one line (exit 2) instead of failing
// to enter raw mode; the CLI commands cover scripted use.
// Ink, React and the views are imported only here, lazily, so CLI commands never load them and React
// can be switched to its production build first (the development build renders several times slower).
import { tmpdir } from "node:os";
import { sanitizeLine, type PiProfile } from "../engine/index.js";
import type { Screen } from "../../components/app/screens.js";
import { buildAppEnv } from "./app-env.js";
import { usageError } from "./errors.js";
import { openSessionForApp, readFileForApp } from "./open-session.js";
import { takeHandoff } from "../../components/handoff/handoff-request.js";
import { runPiHandoff } from "./run-handoff.js";

export interface LaunchOptions {
  /** A session file named on the command line; otherwise the session picker. */
  file?: string;
  profile: PiProfile;
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
}

// The alternate screen keeps the user's scrollback intact and lets us own the whole terminal.
// Cursor home too: the alternate screen keeps the cursor where the main screen had it (below any
// settings warning printed first), and Ink draws from the cursor, so its last rows would fall off.
const ENTER_ALT_SCREEN = "\x1b[?1049h\x1b[H";
const LEAVE_ALT_SCREEN = "\x1b[?1049l";

/** Runs the explorer until the user quits; resolves to the exit code. Throws CliError like a command. */
export async function launchApp(opts: LaunchOptions): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw usageError("the interactive explorer needs a terminal; see `pi-explorer --help` for the CLI commands (list, tree, ...)");
  }
  // The file is read off the main thread while the UI is imported; the read is awaited before taking
  // over the screen, so an unreadable file is a plain one-line error (exit 3). The session is opened
  // only once the UI is imported: the import waits on file reads of its own, which a long parse on
  // the main thread would hold up.
  const reading = opts.file === undefined ? undefined : readFileForApp(opts.file);
  // Handled here at once: should the lines below throw first, a failed read must not surface later.
  reading?.catch(() => undefined);
  const { appEnv: env, problems } = buildAppEnv({ ...opts, tempDir: tmpdir() });
  process.env.NODE_ENV ??= "production";
  const [read, { createElement }, { render }, { App }, renderPicker] = await Promise.all([
    reading,
    import("react"),
    import("ink"),
    import("../../components/app/App.js").then((app) => (performance.mark("pi-explorer:ui-imported"), app)),
    // A tree named on the command line has no way back to the picker, so only the picker's start loads it.
    reading ? undefined : import("../../components/picker/index.js").then((picker) => picker.renderPicker),
  ]);
  const session = opts.file === undefined || read === undefined ? undefined : openSessionForApp(opts.file, opts.profile, read);
  // Written before the alternate screen, so they are still on the terminal when the app exits; only
  // for the picker, whose listing they change (a named file's screens show their own settings).
  if (session === undefined) for (const problem of problems) process.stderr.write(`pi-explorer: ${sanitizeLine(problem)}\n`);
  const initial: Screen = session ? { kind: "tree", path: session.file, fromPicker: false } : { kind: "picker" };
  const app = createElement(App, {
    env,
    initial,
    initialTree: session?.tree,
    initialSnapshot: session?.snapshot,
    initialPending: session?.pending ?? undefined,
    renderPicker,
  });

  process.stdout.write(ENTER_ALT_SCREEN);
  const restore = () => process.stdout.write(LEAVE_ALT_SCREEN);
  let instance: ReturnType<typeof render> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    // After a hangup the terminal is gone and every write fails (EIO): the cleanups still run, the
    // writes are given up quietly instead of ending in a stack trace.
    try {
      // Unmounting runs the screens' cleanups (the demo's temporary copy is removed) before exiting.
      instance?.unmount();
    } catch {
      // The terminal no longer takes output.
    }
    try {
      restore();
    } catch {
      // Likewise.
    }
    // 128 + the signal's number, as a shell reports a process the signal ended.
    process.exit(signal === "SIGHUP" ? 129 : 143);
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGHUP", onSignal);
  try {
    instance = render(app, {
      exitOnCtrlC: false,
      patchConsole: false,
    });
    await instance.waitUntilExit();
    instance.cleanup();
  } finally {
    process.off("SIGTERM", onSignal);
    process.off("SIGHUP", onSignal);
    restore();
  }
  // Shift+O: the app has quit and the terminal is back as it was; pi takes over from here.
  const handoff = takeHandoff();
  if (handoff) return runPiHandoff(handoff, (text) => process.stderr.write(text));
  return 0;
}
