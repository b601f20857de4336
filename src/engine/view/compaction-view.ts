// The oracle's `compaction[K]` objects: prepareCompaction at one keepRecentTokens value.
import { walkToRoot } from "../context/path.js";
import { computeFileLists, type FileLists } from "../compaction/file-ops.js";
import { analyzeCompaction, rawBoundaryStart, type CompactionAnalysis, type NoCompactionReason } from "../compaction/prepare.js";
import { findCutPoint } from "../compaction/raw-cut.js";
import { serializedChars, serializedFingerprint } from "../serialize/serialize-conversation.js";
import type { TextFingerprint } from "../serialize/sha.js";
import type { SessionTree } from "../tree/tree.js";
import type { PiProfile, SessionEntry } from "../types.js";

export interface RawCutView {
  startIndex: number;
  firstKeptEntryId: string | null;
  turnStartEntryId: string | null;
  isSplitTurn: boolean;
}

export interface PreparedCompactionView {
  firstKeptEntryId: string;
  isSplitTurn: boolean;
  tokensBefore: number;
  previousSummaryChars: number | null;
  messagesToSummarize: (string | null)[];
  turnPrefixMessages: (string | null)[];
  fileOps: FileLists;
  serializedHistory: TextFingerprint;
  serializedTurnPrefix: TextFingerprint;
  findCutPointRaw: RawCutView;
}

export interface NoCompactionView {
  result: null;
  why: NoCompactionReason;
  findCutPointRaw: RawCutView;
}

export type CompactionView = PreparedCompactionView | NoCompactionView;

function rawCutView(path: readonly SessionEntry[], keep: number, profile: PiProfile): RawCutView {
  const startIndex = rawBoundaryStart(path);
  const raw = findCutPoint(path, startIndex, path.length, keep, profile);
  return {
    startIndex,
    firstKeptEntryId: path[raw.firstKeptEntryIndex]?.id ?? null,
    turnStartEntryId: raw.turnStartIndex >= 0 ? (path[raw.turnStartIndex]?.id ?? null) : null,
    isSplitTurn: raw.isSplitTurn,
  };
}

export interface CompactionViewOptions {
  /** The analysis of this path at `keep` when the caller has it (planCompaction's). */
  analysis?: CompactionAnalysis;
  /** "chars": count what the summarizer reads without hashing it (sha256_16 left ""); default the full fingerprint. */
  serialized?: "fingerprint" | "chars";
}

/** prepareCompaction on a root-first path, in the oracle's shape. */
export function compactionViewOfPath(path: readonly SessionEntry[], keep: number, profile: PiProfile = "1.6", reserve = 16384, options: CompactionViewOptions = {}): CompactionView {
  const analysis = options.analysis ?? analyzeCompaction(path, { enabled: true, reserveTokens: reserve, keepRecentTokens: keep }, profile);
  const serialize = options.serialized === "chars" ? serializedChars : serializedFingerprint;
  const findCutPointRaw = rawCutView(path, keep, profile);
  const prep = analysis.preparation;
  if (!prep) return { result: null, why: analysis.reason ?? "Nothing to compact (session too small)", findCutPointRaw };
  return {
    firstKeptEntryId: prep.firstKeptEntryId,
    isSplitTurn: prep.isSplitTurn,
    tokensBefore: prep.tokensBefore,
    previousSummaryChars: prep.previousSummary === undefined ? null : prep.previousSummary.length,
    messagesToSummarize: prep.messagesToSummarize.map((m) => m.sourceId),
    turnPrefixMessages: prep.turnPrefixMessages.map((m) => m.sourceId),
    fileOps: computeFileLists(prep.fileOps),
    serializedHistory: serialize(prep.messagesToSummarize, profile),
    serializedTurnPrefix: serialize(prep.turnPrefixMessages, profile),
    findCutPointRaw,
  };
}

/** The whole `compaction` section: one key per keep value, plus `default` (the 20000 run). */
export function compactionSection(
  tree: SessionTree,
  keeps: readonly number[],
  profile: PiProfile = "1.6",
  reserve = 16384,
): Record<string, CompactionView | string> {
  const path = walkToRoot(tree.byId, tree.leafId);
  const out: Record<string, CompactionView | string> = {};
  for (const keep of new Set(keeps)) out[String(keep)] = compactionViewOfPath(path, keep, profile, reserve);
  out.default = out["20000"] ?? "see keepRecentTokens 20000";
  return out;
}
