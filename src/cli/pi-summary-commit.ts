// `compact --commit --summarizer pi` and `branch --summarize --commit --summarizer pi`: the summary
// made by the user's own pi (src/pi-bridge), checked against the preview, then the guarded append.
import { getBranch, planBranch, resolveAgentDir, sanitizeLine, type SessionEntry } from "../engine/index.js";
import { findPi, type FoundPi } from "../pi-bridge/find-pi.js";
import { branchPreview, compactionPreview } from "../pi-bridge/previews.js";
import { modelLabel, runPiSummary, type PiOperation, type PiSummaryOutcome, type PiSummaryRequest } from "../pi-bridge/run-pi-summary.js";
import { summaryFigures } from "../pi-bridge/summary-figures.js";
import type { CommandContext, OptionSpec } from "./command.js";
import { commitPending, EXIT_NOT_WRITTEN, openForCommit, type SessionForCommit } from "./commit-flow.js";
import { usageError } from "./errors.js";
import { loadPiSettings, withFlag } from "./pi-settings.js";

export const SUMMARIZER_OPTIONS: Record<string, OptionSpec> = {
  summarizer: {
    type: "string",
    valueName: "pi|compiled",
    help: "with --commit: who writes the summary: compiled (default; deterministic, no LLM, no cost) or pi (your pi's own LLM summary, with its model and credentials)",
  },
  model: { type: "string", valueName: "PROVIDER/ID", help: "with --summarizer pi: another model your pi can reach (default: the one pi restores at the leaf)" },
  "pi-command": { type: "string", valueName: "PATH", help: "with --summarizer pi: the pi to use (default $PI_EXPLORER_PI_COMMAND, else pi on PATH)" },
};

/** --summarizer (default compiled); its companions only with --summarizer pi and --commit. */
export function summarizerOf(ctx: CommandContext, committing: boolean): "pi" | "compiled" {
  const value = ctx.values.summarizer;
  if (value !== undefined && value !== "pi" && value !== "compiled") throw usageError(`--summarizer takes pi or compiled, not ${sanitizeLine(String(value))}`);
  if (value !== undefined && !committing) throw usageError("--summarizer only applies with --commit (without it nothing is written)");
  for (const name of ["model", "pi-command"]) {
    if (ctx.values[name] !== undefined && value !== "pi") throw usageError(`--${name} only applies with --summarizer pi`);
  }
  if (typeof ctx.values.model === "string" && !/^[^/\s]+\/\S+$/.test(ctx.values.model)) throw usageError("--model takes PROVIDER/ID, e.g. anthropic/claude-sonnet-4-5");
  return value === "pi" ? "pi" : "compiled";
}

function notWritten(ctx: CommandContext, file: string, line: string): number {
  ctx.out.warn(`pi-explorer: ${sanitizeLine(file)}: ${sanitizeLine(line)}; nothing was written`);
  return EXIT_NOT_WRITTEN;
}

const optionalString = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** The user's pi, or a line that says why there is none; `--pi` must agree with its release. */
function userPi(ctx: CommandContext, file: string): FoundPi | number {
  const found = findPi({ piCommand: optionalString(ctx.values["pi-command"]), env: ctx.env, cwd: ctx.cwd });
  if (!found.ok) return notWritten(ctx, file, found.problem);
  if (ctx.values.pi !== undefined && ctx.values.pi !== found.pi.profile) {
    return notWritten(ctx, file, `your pi is ${found.pi.version}, so --pi ${String(ctx.values.pi)} would preview another release than the one that summarizes; drop --pi or use --pi ${found.pi.profile}`);
  }
  return found.pi;
}

interface PiSession {
  pi: FoundPi;
  /** The context with the profile of the user's pi. */
  piCtx: CommandContext;
  /** The command's one read when it was made for the release of the user's pi, else a read for that release. */
  session: SessionForCommit;
}

/** The user's pi and the session as its release reads it, or the exit code of why there is none. */
function piSession(ctx: CommandContext, read: SessionForCommit): PiSession | number {
  const pi = userPi(ctx, read.file);
  if (typeof pi === "number") return pi;
  const session = pi.profile === ctx.profile ? read : openForCommit(read.file, pi.profile, ctx.env);
  return { pi, piCtx: { ...ctx, profile: pi.profile }, session };
}

interface PiCommitInput {
  ctx: CommandContext;
  file: string;
  session: SessionForCommit;
  pi: FoundPi;
  leafId: string | null;
  operation: PiOperation;
  settings?: Record<string, unknown>;
  preview: PiSummaryRequest["preview"];
  /** The entry pi wrote must hang here. */
  expectedParent: string | null;
}

function reportFailure(ctx: CommandContext, file: string, outcome: Exclude<PiSummaryOutcome, { ok: true }>): number {
  const code = notWritten(ctx, file, outcome.message);
  if (outcome.differences) {
    ctx.out.warn("  field: preview | pi");
    for (const difference of outcome.differences) ctx.out.warn(`  ${sanitizeLine(difference.field)}: ${sanitizeLine(difference.preview)} | ${sanitizeLine(difference.pi)}`);
  }
  return code;
}

async function commitWithPi(input: PiCommitInput): Promise<number> {
  const { ctx, file, session, pi } = input;
  ctx.out.warn(`pi-explorer: asking your pi ${pi.version} (${sanitizeLine(pi.command)}, Node ${pi.nodeVersion})…`);
  const started = Date.now();
  const outcome = await runPiSummary({
    pi,
    file,
    operation: input.operation,
    leafId: input.leafId,
    model: optionalString(ctx.values.model),
    settings: input.settings,
    agentDir: resolveAgentDir(ctx.env, ctx.home, pi.profile),
    env: { HOME: ctx.home, ...ctx.env },
    timeoutMs: Number(ctx.env.PI_EXPLORER_PI_TIMEOUT_MS) || undefined,
    preview: input.preview,
    onStage: (stage) => {
      if (stage.stage === "working") ctx.out.warn(`pi-explorer: ${modelLabel(stage.ready.model)} (thinking ${stage.ready.thinkingLevel}) is writing the summary…`);
      if (stage.stage === "ready" && stage.ready.model && stage.ready.fallback) ctx.out.warn(`pi-explorer: pi: ${sanitizeLine(stage.ready.fallback)}`);
    },
  });
  if (!outcome.ok) return reportFailure(ctx, file, outcome);
  const entry: SessionEntry = outcome.entry;
  if (entry.parentId !== input.expectedParent) {
    return notWritten(ctx, file, `pi's entry hangs under ${String(entry.parentId)}, not under ${String(input.expectedParent)} as previewed`);
  }
  const figures = summaryFigures(entry, outcome.ready, Date.now() - started);
  return commitPending(ctx, session, { entries: [entry], newLeafId: entry.id }, { summarizer: "pi", ...figures.report, entry }, figures.text);
}

/** `compact --commit --summarizer pi`. Flags (--keep-recent, --reserve) are handed to pi as setting overrides. */
export async function commitCompactionWithPi(
  ctx: CommandContext,
  read: SessionForCommit,
  options: { leafId: string | null; keepFlag: number | undefined; reserveFlag: number | undefined },
): Promise<number> {
  const file = read.file;
  const found = piSession(ctx, read);
  if (typeof found === "number") return found;
  const { pi, piCtx, session } = found;
  const path = getBranch(session.tree, options.leafId);
  const compaction: Record<string, number> = {};
  if (options.keepFlag !== undefined) compaction.keepRecentTokens = options.keepFlag;
  if (options.reserveFlag !== undefined) compaction.reserveTokens = options.reserveFlag;
  return commitWithPi({
    ctx: piCtx,
    file,
    session,
    pi,
    leafId: options.leafId,
    operation: { kind: "compact", instructions: optionalString(ctx.values.instructions) },
    settings: Object.keys(compaction).length > 0 ? { compaction } : undefined,
    expectedParent: options.leafId,
    preview: compactionPreview({
      path,
      profile: pi.profile,
      // Settings as pi resolves them for the model it uses (1.6 modelOverrides), flags on top.
      settingsFor: (model) => {
        const settings = loadPiSettings(piCtx, { model }).effective.compaction;
        return {
          keepRecentTokens: withFlag(options.keepFlag, settings.keepRecentTokens).value,
          reserveTokens: withFlag(options.reserveFlag, settings.reserveTokens).value,
        };
      },
    }),
  });
}

/** `branch --target ID --summarize --commit --summarizer pi`: the budget is pi's model's window minus branchSummary.reserveTokens. */
export async function commitBranchWithPi(
  ctx: CommandContext,
  read: SessionForCommit,
  options: { oldLeafId: string | null; targetId: string; budgetFlag: number | undefined },
): Promise<number> {
  const file = read.file;
  const found = piSession(ctx, read);
  if (typeof found === "number") return found;
  const { pi, piCtx, session } = found;
  const plan = planBranch({ byId: session.tree.byId, oldLeafId: options.oldLeafId, targetId: options.targetId, budget: 0, profile: pi.profile });
  if (plan.kind === "same-leaf") return notWritten(ctx, file, `entry ${options.targetId} is already the leaf; pi writes nothing`);
  if (plan.kind === "not-found") return notWritten(ctx, file, plan.error);
  if (!plan.wouldSummarize) return notWritten(ctx, file, "the abandoned branch is empty, so pi writes no summary");
  return commitWithPi({
    ctx: piCtx,
    file,
    session,
    pi,
    leafId: options.oldLeafId,
    operation: { kind: "branch", targetId: options.targetId, instructions: optionalString(ctx.values.instructions) },
    expectedParent: plan.newLeafId,
    preview: branchPreview({
      byId: session.tree.byId,
      oldLeafId: options.oldLeafId,
      targetId: options.targetId,
      profile: pi.profile,
      reserveTokens: loadPiSettings(piCtx).effective.branchSummary.reserveTokens.value,
      budget: options.budgetFlag,
    }),
  });
}
