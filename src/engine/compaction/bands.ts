// The active path split into what a compaction summarizes, summarizes as a turn prefix, and keeps.
import type { SessionEntry } from "../types.js";
import type { CompactionAnalysis } from "./prepare.js";

export interface PathBands {
  /** Entries outside this compaction's reach: summarized by an earlier compaction, or not in context. */
  earlierIds: string[];
  /** Entries whose messages go into the history summary. */
  summarizedIds: string[];
  /** Split turn: the start of the cut turn, summarized separately. */
  turnPrefixIds: string[];
  /** Entries kept verbatim after the summary. */
  keptIds: string[];
}

export function pathBands(path: readonly SessionEntry[], analysis: CompactionAnalysis): PathBands | undefined {
  const cut = analysis.cut;
  if (!cut) return undefined;
  const ids = (from: number, to: number): string[] => analysis.units.slice(Math.max(0, from), Math.max(0, to)).map((u) => u.entry.id);
  const historyEnd = cut.isSplitTurn ? cut.turnStartIndex : cut.firstKeptEntryIndex;
  const summarizedIds = ids(analysis.boundaryStart, historyEnd);
  const turnPrefixIds = cut.isSplitTurn ? ids(cut.turnStartIndex, cut.firstKeptEntryIndex) : [];
  const keptIds = ids(cut.firstKeptEntryIndex, analysis.units.length);
  const placed = new Set([...summarizedIds, ...turnPrefixIds, ...keptIds]);
  return { earlierIds: path.map((e) => e.id).filter((id) => !placed.has(id)), summarizedIds, turnPrefixIds, keptIds };
}
