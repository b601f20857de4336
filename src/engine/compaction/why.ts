// One plain-English sentence on why the cut falls where it does.
import { countNoun, formatCount } from "../display/units.js";
import type { CompactionAnalysis } from "./prepare.js";

export function explainCut(analysis: CompactionAnalysis, keepRecentTokens: number): string {
  const { cut, units, preparation } = analysis;
  if (analysis.reason === "Already compacted") return "The last entry is already a compaction, so pi has nothing new to compact.";
  if (!cut) return "pi found nothing to compact.";
  const idAt = (i: number): string => units[i]?.entry.id ?? "?";
  const kept = idAt(cut.firstKeptEntryIndex);
  let reach: string;
  switch (cut.trace.rule) {
    case "at-or-after":
      reach = `Counting back from the newest entry, keepRecentTokens (${formatCount(keepRecentTokens)}) is reached at ${idAt(cut.trace.budgetHitIndex)}, so the cut falls on the next valid cut point, ${idAt(cut.trace.cutBeforeBackScan)}`;
      break;
    case "first":
    case "last":
      reach = `keepRecentTokens (${formatCount(keepRecentTokens)}) is reached inside trailing tool results, so the cut falls back to ${idAt(cut.trace.cutBeforeBackScan)}`;
      break;
    case "budget-not-reached":
      reach = `The whole conversation is under keepRecentTokens (${formatCount(keepRecentTokens)}), so everything from ${kept} is kept`;
      break;
    default:
      reach = "There is no message to cut at";
  }
  if (cut.trace.absorbed > 0) reach += ` and moves back over ${countNoun(cut.trace.absorbed, "metadata entry")} to ${kept}`;
  // pi's reason is its own sentence ("Nothing to compact (session too small)").
  if (!preparation) return `${reach}. ${analysis.reason ?? "pi would not compact"}.`;
  const summarized = preparation.messagesToSummarize.length;
  if (cut.isSplitTurn) {
    return `${reach}. That splits the turn starting at ${idAt(cut.turnStartIndex)}: its first ${countNoun(preparation.turnPrefixMessages.length, "message")} are summarized as a turn prefix and the rest is kept, so pi writes two summaries (${countNoun(summarized, "earlier message")} of history, and the turn prefix) merged into one compaction.`;
  }
  return `${reach}, which starts a turn: ${countNoun(summarized, "message")} before it are summarized and everything from ${kept} is kept.`;
}
