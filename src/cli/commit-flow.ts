// The one path every write of pi-explorer takes: show what will be written, ask (unless --yes),
// then hand the entries to the engine's guarded append (or exclusive create, for a fork).
import {
  appendEntries,
  CommitError,
  cannotAppendText,
  sanitizeLine,
  type CommitClock,
  type FileSnapshot,
  type LoadedSession,
  type PendingCommit,
  type PiProfile,
  type SessionTree,
} from "../engine/index.js";
import type { CommandContext, OptionSpec } from "./command.js";
import { processCommitClock, processLockOwner } from "../host/commit-process.js";
import { type Asker, terminalAsker } from "./commit-process.js";
import { previewLines } from "./commit-preview.js";
import { CliError } from "./errors.js";
import { openSession } from "./open-session.js";
import { findRunningPi } from "../pi-bridge/running-pi.js";

/** Exit code when a commit was refused, failed, or not confirmed: nothing was written. */
export const EXIT_NOT_WRITTEN = 4;
/** Exit code when the entries were written but something went wrong around them (the message says what). */
export const EXIT_WRITTEN_WITH_PROBLEM = 5;
/** Exit code of Ctrl+C at the question (nothing was written), as a shell reports SIGINT. */
export const EXIT_INTERRUPTED = 130;

export const YES_OPTION: Record<string, OptionSpec> = {
  yes: { type: "boolean", short: "y", help: "write without asking first" },
};

/** Options of the preview commands (compact, branch) that turn them into commits. */
export const COMMIT_OPTIONS: Record<string, OptionSpec> = {
  commit: { type: "boolean", help: "write the result into the session file (asks first; nothing is written without it)" },
  instructions: {
    type: "string",
    valueName: "TEXT",
    help: "focus for the summary; with no LLM to steer it is kept as a [Focus] note on top of the summary",
  },
  ...YES_OPTION,
};

export interface SessionForCommit {
  file: string;
  loaded: LoadedSession;
  snapshot: FileSnapshot;
  tree: SessionTree;
}

/**
 * Read a session and remember exactly how it looked, so the append can refuse if it changes (the
 * same read and messages as every command's, see open-session.ts).
 */
export function openForCommit(file: string, profile: PiProfile, env: Record<string, string | undefined> = {}): SessionForCommit {
  return openSession(file, profile, env);
}

/** The clock and randomness of one commit (ids, timestamps, session ids). */
export const commitClock = (ctx: CommandContext): CommitClock => processCommitClock(ctx.now.getTime());

/**
 * Show `preview` and ask. true: go ahead. false: the user said no, or there is no terminal to
 * ask on and no --yes (both reported on stderr).
 */
export async function confirmCommit(ctx: CommandContext, preview: readonly string[], ask: Asker | undefined = terminalAsker()): Promise<boolean> {
  const yes = ctx.values.yes === true;
  if (ctx.out.json) {
    if (!yes) for (const line of preview) ctx.out.warn(line);
  } else {
    ctx.out.writeLines(preview);
  }
  if (yes) return true;
  if (!ask) {
    ctx.out.warn("pi-explorer: stdin is not a terminal, so there is no one to ask; add --yes to write. Nothing was written.");
    return false;
  }
  const answer = await ask("Write this?");
  if (answer === "interrupted") throw new CliError("interrupted; nothing was written", EXIT_INTERRUPTED);
  if (answer !== "yes") ctx.out.warn("Nothing was written.");
  return answer === "yes";
}

/** Report a CommitError as one line; anything else is not ours to handle. Exit 4: nothing written; 5: written, with a problem. */
export function reportCommitError(ctx: CommandContext, error: unknown): number {
  if (!(error instanceof CommitError)) throw error;
  ctx.out.warn(`pi-explorer: ${sanitizeLine(error.message)}`);
  return error.kind === "written" ? EXIT_WRITTEN_WITH_PROBLEM : EXIT_NOT_WRITTEN;
}

/** Preview, ask, append, report: the whole append commit for one pending batch. */
export async function commitPending(
  ctx: CommandContext,
  session: SessionForCommit,
  pending: PendingCommit,
  report: Record<string, unknown> = {},
  /** Lines shown after the entries, before the question (a pi summary's figures, a running pi). */
  notes: readonly string[] = [],
): Promise<number> {
  const oldFile = cannotAppendText(session.loaded.fileVersion, { kind: "cli", path: sanitizeLine(session.file) });
  if (oldFile !== null) {
    ctx.out.warn(`pi-explorer: ${sanitizeLine(session.file)}: ${oldFile}`);
    return EXIT_NOT_WRITTEN;
  }
  // pi keeps its leaf in memory: a line appended while it runs on the file ends up on a side branch.
  const cwd = session.loaded.header?.cwd;
  const running = findRunningPi({ file: session.file, sessionCwd: typeof cwd === "string" ? cwd : undefined, nowMs: ctx.now.getTime() });
  const warnings = running ? [`Warning: ${running.line}.`] : [];
  if (!(await confirmCommit(ctx, [...previewLines(session.file, pending, session.tree.leafId), ...notes, ...warnings]))) return EXIT_NOT_WRITTEN;
  let result;
  try {
    result = appendEntries({
      snapshot: session.snapshot,
      fileVersion: session.loaded.fileVersion,
      entries: pending.entries,
      plannedOnLeafId: session.tree.leafId,
      lock: processLockOwner(Date.now()),
    });
  } catch (error) {
    return reportCommitError(ctx, error);
  }
  if (ctx.out.json) ctx.out.writeJson({ file: session.file, written: result.entryIds, newLeafId: result.newLeafId, ...report });
  else ctx.out.writeLines([`Wrote ${result.entryIds.join(", ")} to ${sanitizeLine(session.file)}; pi continues from ${result.newLeafId}.`]);
  return 0;
}
