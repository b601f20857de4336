// pi's prepareCompaction per release: where to cut, what to summarize, what to keep.
import { buildContextFromPath, contextMessages, lastCompactionIndex, projectPath, type ContextMessage, type ProjectedEntry } from "../context/build-context.js";
import { summarizerMessage073 } from "../context/entry-messages.js";
import { estimateProjectedContextTokens } from "../tokens/projected.js";
import { estimateContextTokens } from "../tokens/usage.js";
import type { AgentMessage, CompactionEntry, PiProfile, SessionEntry } from "../types.js";
import type { CutPointResult } from "./cut-types.js";
import { carryOverFileOps, createFileOps, extractFileOpsFromMessage, type FileOps } from "./file-ops.js";
import { findProjectedCutPoint } from "./projected-cut.js";
import { findCutPoint } from "./raw-cut.js";

export interface CompactionSettings {
  enabled: boolean;
  reserveTokens: number;
  keepRecentTokens: number;
}

export const DEFAULT_COMPACTION_SETTINGS: CompactionSettings = { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 };

export interface CompactionPreparation {
  firstKeptEntryId: string;
  /** Messages the history summary covers, with the entries they came from. */
  messagesToSummarize: ContextMessage[];
  /** Split turn only: the start of the cut turn, summarized separately. */
  turnPrefixMessages: ContextMessage[];
  isSplitTurn: boolean;
  tokensBefore: number;
  previousSummary: string | undefined;
  fileOps: FileOps;
  settings: CompactionSettings;
}

export type NoCompactionReason = "Already compacted" | "Nothing to compact (session too small)";

/** One unit the cut works on: a raw path entry (0.73) or a projected entry (1.6). */
export interface CutUnit {
  entry: SessionEntry;
  /** The messages it gives the summarizer (compaction entries give none); their source is `entry`. */
  messages: readonly AgentMessage[];
}

/** Everything prepareCompaction decided, including what a preview needs to explain it. */
export interface CompactionAnalysis {
  preparation: CompactionPreparation | undefined;
  reason: NoCompactionReason | undefined;
  /** The units the cut indices refer to. */
  units: CutUnit[];
  boundaryStart: number;
  cut: CutPointResult | undefined;
}

/** The 0.73 boundary on the raw path: the newest compaction's kept entry, else just after it, else 0. */
export function rawBoundaryStart(path: readonly SessionEntry[]): number {
  const prev = lastCompactionIndex(path);
  if (prev < 0) return 0;
  const kept = path.findIndex((e) => e.id === path[prev].firstKeptEntryId);
  return kept >= 0 ? kept : prev + 1;
}

/** The messages of units[from, to), with the entries they came from. */
function collect(units: readonly CutUnit[], from: number, to: number): ContextMessage[] {
  const out: ContextMessage[] = [];
  for (let i = Math.max(0, from); i < Math.min(to, units.length); i++) {
    const sourceId = units[i].entry.id;
    const messages = units[i].messages;
    for (let j = 0; j < messages.length; j++) out.push({ message: messages[j], sourceId });
  }
  return out;
}

/**
 * The conversation messages of a projected entry: its system messages are prompt state (the
 * compaction stores their replay). The projection's own array when it holds none, so a 15,000-entry
 * path is not copied entry by entry.
 */
function conversationOf(pe: ProjectedEntry): AgentMessage[] {
  if (pe.sourceEntry.type === "compaction") return [];
  return pe.messages.some((m) => m.role === "system") ? pe.messages.filter((m) => m.role !== "system") : pe.messages;
}

interface Boundary {
  units: CutUnit[];
  boundaryStart: number;
  previousCompaction: CompactionEntry | undefined;
  tokensBefore: number;
  cut: CutPointResult;
}

function boundary073(path: readonly SessionEntry[], keep: number): Boundary {
  const prevIndex = lastCompactionIndex(path);
  const previousCompaction = prevIndex >= 0 ? (path[prevIndex] as CompactionEntry) : undefined;
  const boundaryStart = rawBoundaryStart(path);
  const units = path.map((entry) => {
    const message = entry.type === "compaction" ? undefined : summarizerMessage073(entry);
    return { entry, messages: message ? [message] : [] };
  });
  const tokensBefore = estimateContextTokens(contextMessages(buildContextFromPath(path, "0.73")), "0.73").tokens;
  return { units, boundaryStart, previousCompaction, tokensBefore, cut: findCutPoint(path, boundaryStart, path.length, keep, "0.73") };
}

function boundary16(path: readonly SessionEntry[], keep: number): Boundary {
  const projection = projectPath(path);
  // System messages are prompt state, not conversation: the compaction stores their replay.
  const units = projection.map((pe) => ({ entry: pe.sourceEntry, messages: conversationOf(pe) }));
  const prevIndex = projection.findIndex((pe) => pe.sourceEntry.type === "compaction" && pe.messages.length > 0);
  const previousCompaction = prevIndex >= 0 ? (projection[prevIndex].sourceEntry as CompactionEntry) : undefined;
  const boundaryStart = prevIndex >= 0 ? prevIndex + 1 : 0;
  const tokensBefore = estimateProjectedContextTokens(projection, path).tokens;
  return { units, boundaryStart, previousCompaction, tokensBefore, cut: findProjectedCutPoint(projection, boundaryStart, projection.length, keep) };
}

/** prepareCompaction with the working shown: the cut, the units it indexes, and why not. */
export function analyzeCompaction(path: readonly SessionEntry[], settings: CompactionSettings, profile: PiProfile = "1.6"): CompactionAnalysis {
  if (path.length > 0 && path[path.length - 1].type === "compaction") {
    return { preparation: undefined, reason: "Already compacted", units: [], boundaryStart: 0, cut: undefined };
  }
  const b = profile === "1.6" ? boundary16(path, settings.keepRecentTokens) : boundary073(path, settings.keepRecentTokens);
  const base = { units: b.units, boundaryStart: b.boundaryStart, cut: b.cut };
  const nothing = { ...base, preparation: undefined, reason: "Nothing to compact (session too small)" as const };
  const firstKept = b.units[b.cut.firstKeptEntryIndex]?.entry;
  if (!firstKept?.id) return nothing;
  const historyEnd = b.cut.isSplitTurn ? b.cut.turnStartIndex : b.cut.firstKeptEntryIndex;
  const messagesToSummarize = collect(b.units, b.boundaryStart, historyEnd);
  const turnPrefixMessages = b.cut.isSplitTurn ? collect(b.units, b.cut.turnStartIndex, b.cut.firstKeptEntryIndex) : [];
  // 0.73 hands back an empty preparation; 1.6 says there is nothing to do.
  if (profile === "1.6" && messagesToSummarize.length === 0 && turnPrefixMessages.length === 0) return nothing;
  const fileOps = createFileOps();
  if (b.previousCompaction) carryOverFileOps(b.previousCompaction, fileOps);
  for (let i = 0; i < messagesToSummarize.length; i++) extractFileOpsFromMessage(messagesToSummarize[i].message, fileOps, profile);
  if (b.cut.isSplitTurn) for (let i = 0; i < turnPrefixMessages.length; i++) extractFileOpsFromMessage(turnPrefixMessages[i].message, fileOps, profile);
  const preparation: CompactionPreparation = {
    firstKeptEntryId: firstKept.id,
    messagesToSummarize,
    turnPrefixMessages,
    isSplitTurn: b.cut.isSplitTurn,
    tokensBefore: b.tokensBefore,
    previousSummary: b.previousCompaction?.summary,
    fileOps,
    settings,
  };
  return { ...base, preparation, reason: undefined };
}

/** pi's prepareCompaction(pathEntries, settings): undefined when pi would not compact. */
export function prepareCompaction(path: readonly SessionEntry[], settings: CompactionSettings, profile: PiProfile = "1.6"): CompactionPreparation | undefined {
  return analyzeCompaction(path, settings, profile).preparation;
}
