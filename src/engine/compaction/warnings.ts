// Things pi does silently that a user previewing a compaction should know.
import { formatCount } from "../display/units.js";
import type { PiProfile } from "../types.js";
import type { CompactionAnalysis } from "./prepare.js";

export type CompactionWarningKind =
  | "nothing-to-compact"
  | "empty-preparation"
  | "tool-results-exceed-keep"
  | "metadata-absorbed"
  | "previous-summary-dropped"
  | "recovery-attempt-skipped";

export interface CompactionWarning {
  kind: CompactionWarningKind;
  message: string;
}

export function compactionWarnings(analysis: CompactionAnalysis, keepRecentTokens: number, profile: PiProfile): CompactionWarning[] {
  const out: CompactionWarning[] = [];
  const { cut, preparation, units } = analysis;
  if (analysis.reason) out.push({ kind: "nothing-to-compact", message: `pi would not compact: ${analysis.reason}.` });
  if (!cut) return out;
  const idAt = (i: number): string => units[i]?.entry.id ?? "?";
  if (cut.trace.rule === "first" || cut.trace.rule === "last") {
    const effect =
      cut.trace.rule === "first"
        ? "so pi 0.73 falls back to the first cut point and keeps everything"
        : `so pi falls back to the last cut point (${idAt(cut.firstKeptEntryIndex)}) and keeps only from there`;
    out.push({
      kind: "tool-results-exceed-keep",
      message: `The tool results after the last cut point alone reach keepRecentTokens (${formatCount(keepRecentTokens)}), ${effect}.`,
    });
  }
  if (cut.trace.absorbed > 0) {
    out.push({
      kind: "metadata-absorbed",
      message: `The cut moved back from ${idAt(cut.trace.cutBeforeBackScan)} to ${idAt(cut.firstKeptEntryIndex)} to keep ${cut.trace.absorbed} metadata ${cut.trace.absorbed === 1 ? "entry" : "entries"} before it${cut.isSplitTurn ? "; the cut now splits a turn" : ""}.`,
    });
  }
  if (cut.trace.recoveryAdvance) {
    out.push({ kind: "recovery-attempt-skipped", message: "The cut moved past an omitted failed attempt (context_edit), as pi 1.6 does after overflow recovery." });
  }
  if (preparation && preparation.messagesToSummarize.length === 0 && preparation.turnPrefixMessages.length === 0) {
    out.push({ kind: "empty-preparation", message: "pi 0.73 would still compact, summarizing no messages at all." });
  }
  if (profile === "0.73" && preparation?.isSplitTurn && preparation.messagesToSummarize.length === 0 && preparation.previousSummary !== undefined) {
    out.push({
      kind: "previous-summary-dropped",
      message: 'The history part is empty, so pi 0.73 writes "No prior history." and the previous summary is lost.',
    });
  }
  return out;
}
