// The active path split into what a compaction summarizes, summarizes as a turn prefix, and keeps.
import type { SessionEntry } from "../types.js";
import type { CompactionAnalysis, CutUnit } from "./prepare.js";

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
  const range = (from: number, to: number): CutUnit[] => analysis.units.slice(Math.max(0, from), Math.max(0, to));
  const historyEnd = cut.isSplitTurn ? cut.turnStartIndex : cut.firstKeptEntryIndex;
  const summarized = range(analysis.boundaryStart, historyEnd);
  const turnPrefix = cut.isSplitTurn ? range(cut.turnStartIndex, cut.firstKeptEntryIndex) : [];
  const kept = range(cut.firstKeptEntryIndex, analysis.units.length);
  const ids = (units: readonly CutUnit[]): string[] => units.map((u) => u.entry.id);
  return { earlierIds: unplacedIds(path, summarized.concat(turnPrefix, kept)), summarizedIds: ids(summarized), turnPrefixIds: ids(turnPrefix), keptIds: ids(kept) };
}

/**
 * The ids of the path's entries that no placed unit has. The units are the path's own entries,
 * mostly in path order: a walk over both by identity leaves only the others to look up by id, so a
 * deep path without a compaction needs no set of all its ids.
 */
function unplacedIds(path: readonly SessionEntry[], placed: readonly CutUnit[]): string[] {
  const others: string[] = [];
  let next = 0;
  for (let i = 0; i < path.length; i++) {
    const entry = path[i];
    if (next < placed.length && placed[next].entry === entry) next++;
    else others.push(entry.id);
  }
  if (others.length === 0) return others;
  const placedIds = new Set(placed.map((u) => u.entry.id));
  return others.filter((id) => !placedIds.has(id));
}
