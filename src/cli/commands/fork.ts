// `pi-explorer fork FILE [--leaf ID] [--out PATH]`: pi's /fork (createBranchedSession) into a new file.
import { dirname, join, resolve } from "node:path";
import { buildFork, getBranch, sanitizeLine, sessionCwd, sessionFilePath, writeNewSessionFile } from "../../engine/index.js";
import type { Command } from "../command.js";
import { commitClock, confirmCommit, EXIT_NOT_WRITTEN, openForCommit, reportCommitError, YES_OPTION } from "../commit-flow.js";
import { usageError } from "../errors.js";
import { fileArgument, stringOption } from "../option-values.js";

const USAGE = "fork FILE [--leaf ID] [--out PATH] [--yes]";

/** buildFork, with what it cannot fork (a path of labels only) as a usage error naming the file. */
function forkOrRefuse(file: string, build: () => ReturnType<typeof buildFork>): ReturnType<typeof buildFork> {
  try {
    return build();
  } catch (error) {
    throw usageError(`${file}: ${error instanceof Error ? error.message : String(error)} (--leaf)`);
  }
}

export const forkCommand: Command = {
  name: "fork",
  summary: "copy the path to a leaf into a new v3 session file, as pi's /fork does (works on v1/v2 files too)",
  usage: USAGE,
  options: {
    leaf: { type: "string", valueName: "ID", help: "fork the path to this entry (default: the file's leaf)" },
    out: { type: "string", valueName: "PATH", help: "the new file (default: pi's name, next to FILE); never overwritten" },
    ...YES_OPTION,
  },
  async run(ctx) {
    const file = fileArgument(ctx, USAGE);
    const session = openForCommit(file, ctx.profile, ctx.env);
    const leaf = stringOption(ctx, "leaf") ?? session.tree.leafId;
    if (leaf === null) throw usageError(`${file}: the session has no entries, so there is nothing to fork`);
    const path = getBranch(session.tree, leaf);
    if (path.length === 0) throw usageError(`${file}: no entry with id "${leaf}" (--leaf)`);
    const env = { cwd: ctx.cwd, home: ctx.home };
    const fork = forkOrRefuse(file, () => buildFork({
      profile: ctx.profile,
      path,
      labels: session.tree.labels,
      parentSession: sessionFilePath(file, ctx.profile, env),
      cwd: sessionCwd(session.loaded.header, ctx.profile, env),
      ...commitClock(ctx),
    }));
    const outOption = stringOption(ctx, "out");
    const out = outOption === undefined ? join(dirname(resolve(ctx.cwd, file)), fork.fileName) : resolve(ctx.cwd, outOption);
    const labels = fork.entries.filter((e) => e.type === "label").length;
    const preview = [
      `Will create ${sanitizeLine(out)}: a new v3 session ${fork.header.id}`,
      `  with the ${fork.entries.length - labels} entries from the root to ${sanitizeLine(leaf)}${labels > 0 ? ` and ${labels} re-created label(s)` : ""}`,
      `  parentSession ${sanitizeLine(String(fork.header.parentSession))}; pi continues from ${fork.leafId}`,
    ];
    if (!(await confirmCommit(ctx, preview))) return EXIT_NOT_WRITTEN;
    try {
      writeNewSessionFile(out, fork.header, fork.entries);
    } catch (error) {
      return reportCommitError(ctx, error);
    }
    if (ctx.out.json) {
      ctx.out.writeJson({ file: out, sessionId: fork.header.id, parentSession: fork.header.parentSession, entries: fork.entries.length, newLeafId: fork.leafId });
    } else {
      ctx.out.writeLines([`Wrote ${sanitizeLine(out)} (${fork.entries.length + 1} lines); pi continues from ${fork.leafId}.`]);
    }
    return 0;
  },
};
