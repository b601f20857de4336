// A compaction preview that follows settings keys: a cache in front of planCompaction (plan.ts), the
// one function that decides the plan, so the app and the CLI cannot disagree. The context before, the per-entry tokens and the
// message index are computed once per path and profile; each cut is memoized by keepRecentTokens, the
// auto-compact check by (reserve, window), and the compiled summary plus the context after by the cut
// itself, so a key press that leaves the cut where it was costs only a map lookup. The plan (cut,
// bands, why, warnings) and the outcome (summary, context after) are separate calls, so a UI can draw
// the moved cut first and compile the summary after the frame.
import { buildContextFromPath } from "../context/build-context.js";
import type { CompiledCompactionSummary } from "../summary/compile.js";
import { compileSummaryOfPreparation } from "../summary/compile-preparation.js";
import { buildGlobalMessageIndex } from "../summary/message-index.js";
import { estimateBuiltContext } from "../tokens/context-estimate.js";
import { estimateTokens } from "../tokens/estimate.js";
import type { ContextTokenEstimate } from "../tokens/usage.js";
import { contextRows, type ContextRow } from "../tokens/rows.js";
import type { PiProfile, SessionEntry } from "../types.js";
import { checkAutoCompaction, type AutoCompactCheck } from "./auto-compact.js";
import type { PathBands } from "./bands.js";
import { simulatedCompactionEntry } from "./context-after.js";
import { planCompaction } from "./plan.js";
import { analyzeCompaction, type CompactionAnalysis, type NoCompactionReason } from "./prepare.js";
import type { CompactionWarning } from "./warnings.js";

export interface PreviewSettings {
  keepRecentTokens: number;
  reserveTokens: number;
  contextWindow: number;
}

/** What the compaction would write and what the model would see next (absent when pi would not compact). */
export interface PreviewOutcome {
  summary: CompiledCompactionSummary;
  after: ContextRow[];
  tokensAfter: number;
}

/** Everything but the outcome: what a settings key must update within one frame. */
export interface CompactionPreviewPlan {
  profile: PiProfile;
  settings: PreviewSettings;
  bands: PathBands | undefined;
  firstKeptEntryId: string | undefined;
  /** Split turn: the entry the cut turn starts at. */
  turnStartEntryId: string | undefined;
  isSplitTurn: boolean;
  noCompactionReason: NoCompactionReason | undefined;
  why: string;
  warnings: CompactionWarning[];
  autoCompact: AutoCompactCheck;
  /**
   * pi's count of the context now (estimateContextTokens: the last trusted usage plus estimates of the
   * messages after it; 1.6 projected): what a compaction stores as tokensBefore. The same with or
   * without a cut, so it never moves with keepRecentTokens.
   */
  tokensBefore: number;
  /** How tokensBefore was counted (usage anchor and trailing estimate). */
  contextNow: ContextTokenEstimate;
  before: ContextRow[];
  /** The cut this plan stands for ("" when pi would not compact): plans with equal keys share an outcome. */
  cutKey: string;
}

export interface CompactionPreview extends CompactionPreviewPlan {
  outcome: PreviewOutcome | undefined;
}

export interface CompactionPreviewer {
  readonly profile: PiProfile;
  /** Plan and outcome together. */
  preview(settings: PreviewSettings): CompactionPreview;
  /** The cut and what explains it, without compiling a summary. */
  plan(settings: PreviewSettings): CompactionPreviewPlan;
  /** The summary and context after for a plan (compiled once per cut); undefined when pi would not compact. */
  outcome(plan: CompactionPreviewPlan): PreviewOutcome | undefined;
  /** The outcome when already compiled (or known to be none); null when it still has to be compiled. */
  cachedOutcome(plan: CompactionPreviewPlan): PreviewOutcome | undefined | null;
  /** Tokens each path entry adds to the cut accumulation (what the bands show per row). */
  entryTokens(): ReadonlyMap<string, number>;
}

export interface PreviewerInput {
  /** The active path, root first (its last entry is the leaf). */
  path: readonly SessionEntry[];
  /** Every entry of the file in file order: the summary's `#N` references count over all of them. */
  allEntries: readonly SessionEntry[];
  profile: PiProfile;
  /** Session cwd, for relative paths in the summary. */
  cwd?: string;
}

const sum = (rows: readonly ContextRow[]): number => rows.reduce((s, r) => s + r.tokens, 0);

export function createCompactionPreviewer(input: PreviewerInput): CompactionPreviewer {
  const { path, profile } = input;
  const builtBefore = buildContextFromPath(path, profile);
  const before = contextRows(builtBefore.messages, profile);
  // pi's figure for the context now; prepareCompaction's tokensBefore is this very count.
  const contextNow = estimateBuiltContext(builtBefore, path, profile);
  const analyses = new Map<number, CompactionAnalysis>();
  const autoChecks = new Map<string, AutoCompactCheck>();
  const outcomes = new Map<string, PreviewOutcome>();
  let messageIndex: Map<string, number> | undefined;
  let tokensByEntry: Map<string, number> | undefined;
  // The simulated entry's time only matters for timestamps inside it: the leaf's keeps output stable.
  const timestamp = path.length > 0 && typeof path[path.length - 1].timestamp === "string" ? path[path.length - 1].timestamp : new Date(0).toISOString();

  const analysisFor = (keep: number): CompactionAnalysis => {
    let a = analyses.get(keep);
    if (!a) {
      a = analyzeCompaction(path, { enabled: true, reserveTokens: 0, keepRecentTokens: keep }, profile);
      analyses.set(keep, a);
    }
    return a;
  };

  const cutKeyOf = (analysis: CompactionAnalysis): string => {
    const { preparation: prep, cut } = analysis;
    return prep && cut ? `${prep.firstKeptEntryId}\u0000${cut.firstKeptEntryIndex}\u0000${cut.turnStartIndex}` : "";
  };

  const outcomeFor = (analysis: CompactionAnalysis): PreviewOutcome | undefined => {
    const prep = analysis.preparation;
    const cut = analysis.cut;
    if (!prep || !cut) return undefined;
    const key = cutKeyOf(analysis);
    const cached = outcomes.get(key);
    if (cached) return cached;
    messageIndex ??= buildGlobalMessageIndex(input.allEntries);
    const summary = compileSummaryOfPreparation(prep, { messageIndex, cwd: input.cwd, profile });
    const entry = simulatedCompactionEntry(path, prep, profile, { timestamp });
    // The compiled text already ends with pi's file lists: it is exactly what would be stored.
    entry.summary = summary.text;
    const after = contextRows(buildContextFromPath([...path, entry], profile).messages, profile);
    const outcome = { summary, after, tokensAfter: sum(after) };
    outcomes.set(key, outcome);
    return outcome;
  };

  const autoFor = (reserve: number, window: number): AutoCompactCheck => {
    const key = `${reserve}/${window}`;
    let c = autoChecks.get(key);
    if (!c) {
      c = checkAutoCompaction({ path, contextWindow: window, reserveTokens: reserve, profile });
      autoChecks.set(key, c);
    }
    return c;
  };

  const planFor = (settings: PreviewSettings): CompactionPreviewPlan => {
    const analysis = analysisFor(settings.keepRecentTokens);
    const autoCompact = autoFor(settings.reserveTokens, settings.contextWindow);
    // The context after comes with the outcome (compiled summary in place), after the frame.
    const decided = planCompaction({ path, profile, ...settings, analysis, autoCompact, contextAfter: false });
    const prep = decided.preparation;
    return {
      profile,
      settings,
      bands: decided.bands,
      firstKeptEntryId: prep?.firstKeptEntryId,
      turnStartEntryId: prep?.turnStartEntryId ?? undefined,
      isSplitTurn: prep?.isSplitTurn ?? false,
      noCompactionReason: decided.noCompactionReason,
      why: decided.why,
      warnings: decided.warnings,
      autoCompact,
      tokensBefore: prep?.tokensBefore ?? contextNow.tokens,
      contextNow,
      before,
      cutKey: cutKeyOf(analysis),
    };
  };

  return {
    profile,
    plan: planFor,
    preview(settings) {
      const plan = planFor(settings);
      return { ...plan, outcome: outcomeFor(analysisFor(settings.keepRecentTokens)) };
    },
    outcome(plan) {
      return outcomeFor(analysisFor(plan.settings.keepRecentTokens));
    },
    cachedOutcome(plan) {
      if (plan.cutKey === "") return undefined;
      return outcomes.get(plan.cutKey) ?? null;
    },
    entryTokens() {
      if (!tokensByEntry) {
        tokensByEntry = new Map();
        for (const unit of analysisFor(0).units) {
          const tokens = unit.messages.reduce((s, m) => s + estimateTokens(m, profile), 0);
          tokensByEntry.set(unit.entry.id, (tokensByEntry.get(unit.entry.id) ?? 0) + tokens);
        }
      }
      return tokensByEntry;
    },
  };
}
