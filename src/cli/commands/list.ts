// `pi-explorer list`: the sessions pi's /resume would offer, newest first.
import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { formatAge, formatBytes, listSessions, sanitizeLine, type SessionInfo } from "../../engine/index.js";
import type { Command, CommandContext } from "../command.js";
import { unreadableFile } from "../errors.js";
import { noPositionals, stringOption } from "../option-values.js";
import { loadPiSettings, reportSettingsProblems } from "../pi-settings.js";
import { formatTable, truncate } from "../text/table.js";

const USAGE = "list [--all] [--dir PATH]";

export const listCommand: Command = {
  name: "list",
  summary: "list sessions of this directory (or every project, or a sessions directory), newest first",
  usage: USAGE,
  options: {
    all: { type: "boolean", help: "every project under the agent's sessions folder (with --dir: every session in it)" },
    dir: { type: "string", valueName: "PATH", help: "an explicit sessions directory (like pi's --session-dir)" },
  },
  run(ctx) {
    noPositionals(ctx, USAGE);
    const dirFlag = explicitDirFlag(ctx);
    const settings = loadPiSettings(ctx, { cliSessionDir: dirFlag });
    reportSettingsProblems(ctx.out, settings.problems);
    const sessionDir = settings.effective.sessionDir.value;
    const all = ctx.values.all === true;
    const sessions = listSessions({ agentDir: settings.agentDir, cwd: ctx.cwd, sessionDir, all, profile: ctx.profile, home: ctx.home, baseDir: ctx.cwd });
    if (ctx.out.json) {
      ctx.out.writeJson(sessions.map(toJson));
      return 0;
    }
    if (sessions.length === 0) {
      const where = sessionDir ?? (all ? `${settings.agentDir}/sessions` : `the sessions of ${ctx.cwd}`);
      ctx.out.writeLines([`No sessions found in ${sanitizeLine(where)}.`]);
      return 0;
    }
    ctx.out.writeLines(sessionTable(sessions, ctx.now));
    return 0;
  },
};

/** --dir as an absolute path; it must be an existing directory (pi's env and settings dirs are not checked). */
function explicitDirFlag(ctx: CommandContext): string | undefined {
  const raw = stringOption(ctx, "dir");
  if (raw === undefined) return undefined;
  const dir = isAbsolute(raw) ? raw : resolve(ctx.cwd, raw);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw unreadableFile(`${raw}: no such directory`);
  }
  if (!isDir) throw unreadableFile(`${raw}: not a directory`);
  return dir;
}

const isoOrNull = (d: Date): string | null => (Number.isNaN(d.getTime()) ? null : d.toISOString());

/** pi's SessionInfo with ISO dates; allMessagesText is left out (it is every message's text). */
function toJson(s: SessionInfo): Record<string, unknown> {
  return {
    path: s.path,
    id: s.id,
    cwd: s.cwd,
    name: s.name ?? null,
    parentSessionPath: s.parentSessionPath ?? null,
    created: isoOrNull(s.created),
    modified: isoOrNull(s.modified),
    messageCount: s.messageCount,
    firstMessage: s.firstMessage,
    sizeBytes: s.sizeBytes,
    branchCount: s.branchCount,
    compactionCount: s.compactionCount,
    damagedLines: s.damagedLines,
  };
}

function sessionTable(sessions: readonly SessionInfo[], now: Date): string[] {
  const rows = sessions.map((s) => [
    truncate(sanitizeLine(s.name ?? s.firstMessage) || "(no messages)", 60),
    String(s.messageCount),
    String(s.branchCount),
    String(s.compactionCount),
    formatBytes(s.sizeBytes),
    formatAge(s.modified, now),
    sanitizeLine(s.path),
  ]);
  return formatTable(
    ["session", "messages", "branches", "compactions", "size", "age", "file"],
    rows,
    ["left", "right", "right", "right", "right", "right", "left"],
  );
}
