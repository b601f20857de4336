// The sessions folder of the commands that list sessions (`list`, `recall --all`): their --dir option
// is pi's --session-dir, and without it pi's own choice applies ($PI_CODING_AGENT_SESSION_DIR, then
// settings.json "sessionDir"), so both commands see the sessions pi's /resume would offer.
import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { expandCliSessionDir, sanitizeLine, unusableAgentDir, type AllSessionsOptions, type PiProfile, type UserSettings } from "../engine/index.js";
import type { CommandContext } from "./command.js";
import { unreadableFile, usageError } from "./errors.js";
import { stringOption } from "./option-values.js";
import { loadPiSettings, reportSettingsProblems } from "./pi-settings.js";

/** One line when $PI_CODING_AGENT_DIR is a file: URL pi cannot turn into a path (the commands refuse, the picker says so). */
export function agentDirProblem(env: Record<string, string | undefined>, home: string, profile: PiProfile): string | undefined {
  const bad = unusableAgentDir(env, home, profile);
  return bad === undefined ? undefined : `PI_CODING_AGENT_DIR=${sanitizeLine(bad)}: not a file URL pi can turn into a path (pi ${profile} fails to start with it too)`;
}

/** --dir ("~" expanded as pi expands --session-dir) as an absolute path; it must be an existing directory. */
function explicitDirFlag(ctx: CommandContext): string | undefined {
  const raw = stringOption(ctx, "dir");
  if (raw === undefined) return undefined;
  let expanded: string;
  try {
    expanded = expandCliSessionDir(raw, ctx.profile, ctx.home);
  } catch {
    throw usageError(`--dir ${raw}: not a file URL of this machine`);
  }
  const dir = isAbsolute(expanded) ? expanded : resolve(ctx.cwd, expanded);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw unreadableFile(`${raw}: no such directory`);
  }
  if (!isDir) throw unreadableFile(`${raw}: not a directory`);
  return dir;
}

/**
 * The user's pi settings with --dir as pi's --session-dir; settings problems are reported (one line
 * each) and never fatal. pi 0.73 lists every project from <agentDir>/sessions whatever the sessions
 * folder, so --dir with --all is refused there rather than silently ignored.
 */
export function sessionDirSettings(ctx: CommandContext, all: boolean): UserSettings {
  const badAgentDir = agentDirProblem(ctx.env, ctx.home, ctx.profile);
  if (badAgentDir !== undefined) throw usageError(badAgentDir);
  const dirFlag = explicitDirFlag(ctx);
  if (all && dirFlag !== undefined && ctx.profile === "0.73") {
    throw usageError("--dir does not apply with --all under --pi 0.73 (pi 0.73 lists every project from <agentDir>/sessions)");
  }
  const settings = loadPiSettings(ctx, { cliSessionDir: dirFlag });
  reportSettingsProblems(ctx.out, settings.problems);
  return settings;
}

/** What the engine's listing needs besides the cwd: the same for `list` and `recall --all`. */
export function listingOptions(ctx: CommandContext, settings: UserSettings): AllSessionsOptions {
  return { agentDir: settings.agentDir, sessionDir: settings.effective.sessionDir.value, profile: ctx.profile, home: ctx.home, baseDir: ctx.cwd };
}

/** The one warning for a listed path that is not a regular file (a FIFO, a device, a folder). */
export function warnSkippedPath(ctx: CommandContext, path: string, why: string): void {
  ctx.out.warn(`pi-explorer: skipped ${sanitizeLine(path)}: it is ${why}, not a session file`);
}
