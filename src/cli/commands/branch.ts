// `pi-explorer branch FILE --target ID`: a dry run of /tree navigation with "Summarize": which
// entries the branch summary covers, what fits the budget, and where the summary would attach.
// Only --summarize --commit writes (commit-actions.ts).
import { branchView, contextWindowSourceText, getBranch, modelAtEnd, planBranch, type BranchPlan } from "../../engine/index.js";
import type { Command } from "../command.js";
import { usageError } from "../errors.js";
import { commitBranch, commitRequested } from "../commit-actions.js";
import { COMMIT_OPTIONS } from "../commit-flow.js";
import { commitBranchWithPi, SUMMARIZER_OPTIONS, summarizerOf } from "../pi-summary-commit.js";
import { openSession, reportDiagnostics, requireEntry, resolveLeaf } from "../open-session.js";
import { countOption, fileArgument, stringOption } from "../option-values.js";
import { loadPiSettings, reportSettingsProblems, withFlag } from "../pi-settings.js";
import { withLeaf } from "../session-views.js";
import { branchText } from "../text/branch-text.js";

const USAGE = "branch FILE --target ID [--leaf ID] [--budget N] [--summarize --commit [--summarizer pi|compiled] [--model PROVIDER/ID] [--instructions TEXT] [--yes]]";

export const branchCommand: Command = {
  name: "branch",
  summary: "preview /tree navigation with a branch summary (dry run): what is summarized, where it attaches",
  usage: USAGE,
  options: {
    target: { type: "string", valueName: "ID", help: "the entry to navigate to (required)" },
    leaf: { type: "string", valueName: "ID", help: "navigate from this entry instead of the file's leaf" },
    budget: { type: "string", valueName: "N", help: "token budget of the summarized messages (default 128000 - branchSummary.reserveTokens; 0 = no limit)" },
    summarize: { type: "boolean", help: "navigate with a branch summary (what --commit writes)" },
    ...COMMIT_OPTIONS,
    ...SUMMARIZER_OPTIONS,
  },
  async run(ctx) {
    const file = fileArgument(ctx, USAGE);
    const targetFlag = stringOption(ctx, "target");
    if (targetFlag === undefined) throw usageError(`branch needs --target ID (usage: pi-explorer ${USAGE})`);
    const budgetFlag = countOption(ctx, "budget");
    const session = openSession(file, ctx.profile, ctx.env);
    const leafId = resolveLeaf(session, stringOption(ctx, "leaf"));
    const targetId = requireEntry(session, targetFlag, "target");
    // The budget is the model's context window (the model in effect at the leaf) minus the reserve.
    const pi = loadPiSettings(ctx, { model: modelAtEnd(getBranch(session.tree, leafId)) });
    const reserve = pi.effective.branchSummary.reserveTokens;
    const window = pi.contextWindow;
    const source = window.source === "assumed" ? reserve.source : `${reserve.source}; context window ${window.value} from ${contextWindowSourceText(window)}`;
    const budget = withFlag(budgetFlag, { value: window.value - reserve.value, source });
    const committing = commitRequested(ctx);
    if (summarizerOf(ctx, committing) === "pi") {
      if (ctx.values.summarize !== true) throw usageError("a branch commit needs --summarize: navigation alone writes nothing in pi");
      return commitBranchWithPi(ctx, session, { oldLeafId: leafId, targetId, budgetFlag });
    }
    if (committing) return commitBranch(ctx, session, { oldLeafId: leafId, targetId, budget: budget.value });

    const view = branchView(withLeaf(session.tree, leafId), { targetId, budget: budget.value }, ctx.profile);
    const plan = planBranch({ byId: session.tree.byId, oldLeafId: leafId, targetId, budget: budget.value, profile: ctx.profile });
    if (ctx.out.json) {
      ctx.out.writeJson({
        file,
        profile: ctx.profile,
        leafId,
        dryRun: true,
        budget,
        ...view,
        attach: attachment(plan),
        settingsProblems: pi.problems,
        diagnostics: session.loaded.diagnostics,
      });
      return 0;
    }
    ctx.out.writeLines(branchText({ file, leafId, profile: ctx.profile, view, plan, budget, tree: session.tree, home: ctx.home, width: ctx.out.width }));
    reportSettingsProblems(ctx.out, pi.problems);
    reportDiagnostics(ctx.out, file, session.loaded.diagnostics);
    return 0;
  },
};

/** Where pi would put the summary entry and the new leaf; null when the target is the leaf already. */
function attachment(plan: BranchPlan): Record<string, unknown> | null {
  if (plan.kind !== "plan") return null;
  return {
    newLeafId: plan.newLeafId,
    summaryParentId: plan.wouldSummarize ? plan.newLeafId : null,
    summaryFromId: plan.wouldSummarize ? plan.fromId : null,
    wouldSummarize: plan.wouldSummarize,
    editorText: plan.editorText ?? null,
  };
}
