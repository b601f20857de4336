// `compact --commit` and `branch --summarize --commit`: the preview commands' write step.
import { planBranchCommit, planCompactionCommit, sanitizeLine } from "../engine/index.js";
import type { CommandContext } from "./command.js";
import { commitClock, commitPending, EXIT_NOT_WRITTEN, type SessionForCommit } from "./commit-flow.js";
import { usageError } from "./errors.js";

/** true when --commit was given; --instructions / --yes without it are usage errors, not silently ignored. */
export function commitRequested(ctx: CommandContext): boolean {
  if (ctx.values.commit === true) return true;
  for (const name of ["instructions", "yes"]) {
    if (ctx.values[name] !== undefined) throw usageError(`--${name} only applies with --commit (without it nothing is written)`);
  }
  return false;
}

const instructionsOf = (ctx: CommandContext): string | undefined =>
  typeof ctx.values.instructions === "string" ? ctx.values.instructions : undefined;

function nothingToWrite(ctx: CommandContext, file: string, reason: string): number {
  ctx.out.warn(`pi-explorer: ${sanitizeLine(file)}: ${sanitizeLine(reason)}; nothing was written`);
  return EXIT_NOT_WRITTEN;
}

/**
 * Append the compaction pi's /compact would write at `leafId`, with the compiled summary. `session`
 * is the one read the command made: the plan, the guard and the append all work on those bytes.
 */
export async function commitCompaction(
  ctx: CommandContext,
  session: SessionForCommit,
  options: { leafId: string | null; keepRecentTokens: number; reserveTokens: number },
): Promise<number> {
  const file = session.file;
  const settings = { enabled: true, keepRecentTokens: options.keepRecentTokens, reserveTokens: options.reserveTokens };
  const plan = planCompactionCommit(session.tree, { profile: ctx.profile, settings, leafId: options.leafId, instructions: instructionsOf(ctx) }, commitClock(ctx));
  if (plan.kind === "none") return nothingToWrite(ctx, file, plan.reason);
  return commitPending(ctx, session, plan.pending, { firstKeptEntryId: plan.entry.firstKeptEntryId, tokensBefore: plan.entry.tokensBefore });
}

/** Append the branch_summary pi's /tree → "Summarize" would write, with the compiled summary (on `session`, as above). */
export async function commitBranch(
  ctx: CommandContext,
  session: SessionForCommit,
  options: { oldLeafId: string | null; targetId: string; budget: number },
): Promise<number> {
  if (ctx.values.summarize !== true) throw usageError("a branch commit needs --summarize: navigation alone writes nothing in pi");
  const file = session.file;
  const plan = planBranchCommit(
    session.tree,
    { profile: ctx.profile, targetId: options.targetId, oldLeafId: options.oldLeafId, budget: options.budget, instructions: instructionsOf(ctx) },
    commitClock(ctx),
  );
  if (plan.kind === "none") return nothingToWrite(ctx, file, plan.reason);
  return commitPending(ctx, session, plan.pending, { attachedTo: plan.entry.parentId, fromId: plan.entry.fromId });
}
