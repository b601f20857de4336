// `pi-explorer list`: the sessions pi's /resume would offer, newest first.
import { allSessionsRoot, formatAge, formatBytes, listSessionsInSteps, sanitizeLine, type SessionInfo } from "../../engine/index.js";
import type { Command } from "../command.js";
import { noPositionals } from "../option-values.js";
import { listingOptions, sessionDirSettings, warnSkippedPath } from "../session-dir-option.js";
import { formatTable, truncate } from "../text/table.js";
import { listProgressText, progressReporter } from "../progress-line.js";

const USAGE = "list [--all] [--dir PATH]";

export const listCommand: Command = {
  name: "list",
  summary: "list sessions of this directory (or every project, or a sessions directory), newest first",
  usage: USAGE,
  options: {
    all: { type: "boolean", help: "every project under the agent's sessions folder (pi 1.6 with a sessions directory: every session in it)" },
    dir: { type: "string", valueName: "PATH", help: "an explicit sessions directory (pi's --session-dir; default: $PI_CODING_AGENT_SESSION_DIR, then settings sessionDir)" },
  },
  run(ctx) {
    noPositionals(ctx, USAGE);
    const all = ctx.values.all === true;
    const settings = sessionDirSettings(ctx, all);
    const sessionDir = settings.effective.sessionDir.value;
    const listing = listingOptions(ctx, settings);
    // Every file is read whole (seconds for a few GB): a line on stderr says how far it got.
    const steps = listSessionsInSteps({ ...listing, cwd: ctx.cwd, all, onSkipped: (path, why) => warnSkippedPath(ctx, path, why) });
    const reporter = progressReporter(ctx.out, () => performance.now(), listProgressText);
    try {
      while (steps.step()) reporter.onProgress(steps);
    } finally {
      reporter.done();
    }
    const sessions = steps.result();
    if (ctx.out.json) {
      ctx.out.writeJson(sessions.map(toJson));
      return 0;
    }
    if (sessions.length === 0) {
      const where = all ? `in ${allSessionsRoot(listing).dir}` : sessionDir ? `in ${sessionDir} for ${ctx.cwd}` : `for ${ctx.cwd}`;
      ctx.out.writeLines([`No sessions found ${sanitizeLine(where)}.`]);
      return 0;
    }
    ctx.out.writeLines(sessionTable(sessions, ctx.now));
    return 0;
  },
};

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
