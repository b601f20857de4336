// Shift+O hands the terminal to pi: a screen records what to run and quits the app; the launcher,
// once Ink is gone and the terminal is as it found it, runs `pi --session FILE` in the session's cwd
// and passes pi's exit code on (src/cli/run-handoff.ts).
export interface PiHandoff {
  /** The pi to run (the user's, as found). */
  command: string;
  file: string;
  /** The session's cwd, where pi runs (the app's own cwd when that folder is gone). */
  cwd: string;
}

let requested: PiHandoff | undefined;

export function requestHandoff(handoff: PiHandoff): void {
  requested = handoff;
}

/** The handoff asked for, once. */
export function takeHandoff(): PiHandoff | undefined {
  const handoff = requested;
  requested = undefined;
  return handoff;
}

const quote = (word: string): string => (/^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** The command a user without a (drivable) pi can run themselves (pi moves to the session's cwd itself). */
export const handoffCommandLine = (file: string): string => `pi --session ${quote(file)}`;
