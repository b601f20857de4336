// The one function that decides a compaction plan: pi's preparation plus what pi does not tell you
// (bands, the why, warnings, the auto-compact check, the context after). The CLI calls it directly;
// the app's previewer (previewer.ts) is a cache in front of it, so both show the same plan.
import type { ContextMessage } from "../context/build-context.js";
import { buildSessionPath } from "../context/path.js";
import type { PiProfile, SessionEntry } from "../types.js";
import { checkAutoCompaction, type AutoCompactCheck } from "./auto-compact.js";
import { pathBands, type PathBands } from "./bands.js";
import { contextAfterCompaction, type ContextAfter, type ContextAfterOptions } from "./context-after.js";
import { computeFileLists, type FileLists } from "./file-ops.js";
import { analyzeCompaction, type CompactionAnalysis, type NoCompactionReason } from "./prepare.js";
import { compactionWarnings, type CompactionWarning } from "./warnings.js";
import { explainCut } from "./why.js";

export interface CompactionPlanInput extends ContextAfterOptions {
  /** The active path (root first), or all entries of a session together with `leafId`. */
  path: readonly SessionEntry[];
  leafId?: string | null;
  keepRecentTokens: number;
  reserveTokens: number;
  /** The model's context window, for `autoCompact`; without it that check is left out. */
  contextWindow?: number;
  profile?: PiProfile;
  /** analyzeCompaction of this path with these settings, when the caller has it already. */
  analysis?: CompactionAnalysis;
  /** The auto-compact check for (contextWindow, reserveTokens), when the caller has it already (a cache). */
  autoCompact?: AutoCompactCheck;
  /** false: leave out the context after (a caller that builds its own later, after the frame); default true. */
  contextAfter?: boolean;
}

export interface PlannedPreparation {
  firstKeptEntryId: string;
  turnStartEntryId: string | null;
  isSplitTurn: boolean;
  messagesToSummarize: ContextMessage[];
  turnPrefixMessages: ContextMessage[];
  previousSummary: string | undefined;
  fileLists: FileLists;
  tokensBefore: number;
}

export interface CompactionPlan {
  profile: PiProfile;
  keepRecentTokens: number;
  /** undefined when pi would not compact (see `noCompactionReason`). */
  preparation: PlannedPreparation | undefined;
  noCompactionReason: NoCompactionReason | undefined;
  bands: PathBands | undefined;
  autoCompact: AutoCompactCheck | undefined;
  /** undefined when pi would not compact, or when the input asked for no context after. */
  contextAfter: ContextAfter | undefined;
  warnings: CompactionWarning[];
  why: string;
}

export function planCompaction(input: CompactionPlanInput): CompactionPlan {
  const profile = input.profile ?? "1.6";
  // A caller with the analysis passes the path it analyzed: no need to walk it again.
  const path = input.analysis && input.leafId === undefined ? input.path : buildSessionPath(input.path, input.leafId);
  const settings = { enabled: true, reserveTokens: input.reserveTokens, keepRecentTokens: input.keepRecentTokens };
  const analysis = input.analysis ?? analyzeCompaction(path, settings, profile);
  const prep = analysis.preparation;
  const cut = analysis.cut;
  const preparation: PlannedPreparation | undefined =
    prep && cut
      ? {
          firstKeptEntryId: prep.firstKeptEntryId,
          turnStartEntryId: cut.isSplitTurn ? (analysis.units[cut.turnStartIndex]?.entry.id ?? null) : null,
          isSplitTurn: prep.isSplitTurn,
          messagesToSummarize: prep.messagesToSummarize,
          turnPrefixMessages: prep.turnPrefixMessages,
          previousSummary: prep.previousSummary,
          fileLists: computeFileLists(prep.fileOps),
          tokensBefore: prep.tokensBefore,
        }
      : undefined;
  return {
    profile,
    keepRecentTokens: input.keepRecentTokens,
    preparation,
    noCompactionReason: analysis.reason,
    bands: pathBands(path, analysis),
    autoCompact:
      input.autoCompact ??
      (input.contextWindow === undefined ? undefined : checkAutoCompaction({ path, contextWindow: input.contextWindow, reserveTokens: input.reserveTokens, profile })),
    contextAfter: prep && input.contextAfter !== false ? contextAfterCompaction(path, prep, profile, input) : undefined,
    warnings: compactionWarnings(analysis, input.keepRecentTokens, profile),
    why: explainCut(analysis, input.keepRecentTokens),
  };
}

