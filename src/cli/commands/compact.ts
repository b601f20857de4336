// `pi-explorer compact FILE ...`: a dry run of /compact: where pi would cut, what it would summarize,
// and the context right after. Only --commit writes (commit-actions.ts).
import { analyzeCompaction, compactionViewOfPath, contextWindowSourceText, getBranch, modelAtEnd, planCompaction, type UserSettings } from "../../engine/index.js";
import type { Command } from "../command.js";
import { commitCompaction, commitRequested } from "../commit-actions.js";
import { COMMIT_OPTIONS } from "../commit-flow.js";
import { commitCompactionWithPi, SUMMARIZER_OPTIONS, summarizerOf } from "../pi-summary-commit.js";
import { openSession, reportDiagnostics, resolveLeaf } from "../open-session.js";
import { countOption, fileArgument, stringOption } from "../option-values.js";
import { loadPiSettings, reportSettingsProblems, withFlag, type SettingValue } from "../pi-settings.js";
import { compactionText, type CompactPreview } from "../text/compaction-text.js";

const USAGE = "compact FILE [--leaf ID] [--keep-recent N] [--reserve N] [--context-window N] [--commit [--summarizer pi|compiled] [--model PROVIDER/ID] [--instructions TEXT] [--yes]]";

export const compactCommand: Command = {
  name: "compact",
  summary: "preview /compact (dry run, writes nothing): cut point, summarized messages, context after",
  usage: USAGE,
  options: {
    leaf: { type: "string", valueName: "ID", help: "compact the path to this entry instead of the file's leaf" },
    "keep-recent": { type: "string", valueName: "N", help: "compaction.keepRecentTokens (default: your pi settings, else 20000)" },
    reserve: { type: "string", valueName: "N", help: "compaction.reserveTokens (default: your pi settings, else 16384)" },
    "context-window": { type: "string", valueName: "N", help: "the model's context window, to tell whether pi would auto-compact (default: the window your pi knows for the model: models.json, pi's model catalog, its built-in list)" },
    ...COMMIT_OPTIONS,
    ...SUMMARIZER_OPTIONS,
  },
  async run(ctx) {
    const file = fileArgument(ctx, USAGE);
    const keepFlag = countOption(ctx, "keep-recent");
    const reserveFlag = countOption(ctx, "reserve");
    const windowFlag = countOption(ctx, "context-window");
    const session = openSession(file, ctx.profile, ctx.env);
    const leafId = resolveLeaf(session, stringOption(ctx, "leaf"));
    const path = getBranch(session.tree, leafId);
    // 1.6 lets a model override compaction settings; the model is the one in effect at the leaf.
    const model = modelAtEnd(path);
    const pi = loadPiSettings(ctx, { model });
    const keep = withFlag(keepFlag, pi.effective.compaction.keepRecentTokens);
    const reserve = withFlag(reserveFlag, pi.effective.compaction.reserveTokens);
    const committing = commitRequested(ctx);
    if (summarizerOf(ctx, committing) === "pi") return commitCompactionWithPi(ctx, session, { leafId, keepFlag, reserveFlag });
    if (committing) return commitCompaction(ctx, session, { leafId, keepRecentTokens: keep.value, reserveTokens: reserve.value });
    // The flag, else the model's window when the user's pi model data knows it (else no auto-compact check).
    const known = pi.contextWindow.source === "assumed" ? null : { value: pi.contextWindow.value, source: contextWindowSourceText(pi.contextWindow) };
    const contextWindow: SettingValue | null = windowFlag === undefined ? known : { value: windowFlag, source: "flag" };

    // One analysis for the plan and the oracle-shaped view; text output counts the summarizer's input
    // without hashing it (--json gives the oracle's fingerprint).
    const analysis = analyzeCompaction(path, { enabled: true, keepRecentTokens: keep.value, reserveTokens: reserve.value }, ctx.profile);
    const view = compactionViewOfPath(path, keep.value, ctx.profile, reserve.value, { analysis, serialized: ctx.out.json ? "fingerprint" : "chars" });
    const plan = planCompaction({ path, keepRecentTokens: keep.value, reserveTokens: reserve.value, contextWindow: contextWindow?.value, profile: ctx.profile, analysis });
    const preview: CompactPreview = { file, leafId, profile: ctx.profile, view, plan, keep, reserve, contextWindow };
    if (ctx.out.json) {
      ctx.out.writeJson(compactDocument({ ...preview, pi, diagnostics: session.loaded.diagnostics }));
      return 0;
    }
    ctx.out.writeLines(compactionText({ ...preview, tree: session.tree, home: ctx.home, width: ctx.out.width }));
    reportSettingsProblems(ctx.out, pi.problems);
    reportDiagnostics(ctx.out, file, session.loaded.diagnostics);
    return 0;
  },
};

interface CompactDocInput extends CompactPreview {
  pi: UserSettings;
  diagnostics: unknown[];
}

/** The oracle's compaction fields at the top level, then what the preview adds. */
function compactDocument(input: CompactDocInput): Record<string, unknown> {
  const { plan, pi } = input;
  return {
    file: input.file,
    profile: input.profile,
    leafId: input.leafId,
    dryRun: true,
    settings: {
      keepRecentTokens: input.keep,
      reserveTokens: input.reserve,
      contextWindow: input.contextWindow,
      files: pi.files,
      problems: pi.problems,
    },
    ...input.view,
    turnStartEntryId: plan.preparation?.turnStartEntryId ?? null,
    contextAfter: plan.contextAfter ? { messages: plan.contextAfter.messages, tokens: plan.contextAfter.tokens } : null,
    wouldAutoCompact: plan.autoCompact ?? null,
    warnings: plan.warnings,
    explanation: plan.why,
    diagnostics: input.diagnostics,
  };
}
