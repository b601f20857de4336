// 1.6 prepareCompaction's cut: findCutPoint over the projection (edits applied, one record per
// selected entry), plus the step past an omitted recovery attempt.
import type { ProjectedEntry } from "../context/build-context.js";
import { messageOf, sessionEntryToContextMessages } from "../context/entry-messages.js";
import { estimateTokens } from "../tokens/estimate.js";
import type { ContextEditEntry } from "../types.js";
import type { CutPointResult, CutTrace } from "./cut-types.js";
import { chooseCut, noCutPoints } from "./cut-walk.js";
import { isCutPointMessage, isTurnStartMessage } from "./raw-cut.js";

const isProjectedTurnStart = (entry: ProjectedEntry): boolean =>
  entry.sourceEntry.type !== "compaction" && entry.messages.some(isTurnStartMessage);

function findProjectedTurnStartIndex(entries: readonly ProjectedEntry[], entryIndex: number, startIndex: number): number {
  for (let i = entryIndex; i >= startIndex; i--) if (isProjectedTurnStart(entries[i])) return i;
  return -1;
}

/**
 * True when everything after the cut is a closed recovery suffix: an omitted assistant attempt
 * and its omission edits, nothing visible and no replacement of an entry outside it.
 */
function isRecoveryOmissionSuffix(suffix: readonly ProjectedEntry[]): boolean {
  const visible = (e: ProjectedEntry): boolean =>
    e.sourceEntry.type !== "context_edit" && sessionEntryToContextMessages(e.sourceEntry).length > 0;
  const omitted = (e: ProjectedEntry): boolean => visible(e) && e.messages.length === 0;
  const omittedIds = new Set(suffix.filter(omitted).map((e) => e.sourceEntry.id));
  const externalReplacement = suffix.some((e) => {
    if (e.sourceEntry.type !== "context_edit") return false;
    const edit = e.sourceEntry as ContextEditEntry;
    return edit.replacement !== null && !omittedIds.has(edit.targetId);
  });
  if (externalReplacement) return false;
  const omittedAssistant = suffix.some(
    (e) => messageOf(e.sourceEntry)?.role === "assistant" && omitted(e),
  );
  return omittedAssistant && suffix.every((e) => e.sourceEntry.type !== "compaction" && (!visible(e) || omitted(e)));
}

export function findProjectedCutPoint(
  entries: readonly ProjectedEntry[],
  startIndex: number,
  endIndex: number,
  keepRecentTokens: number,
): CutPointResult {
  const choice = chooseCut({
    startIndex,
    endIndex,
    keepRecentTokens,
    isCutPoint: (i) => entries[i].sourceEntry.type !== "compaction" && entries[i].messages.some(isCutPointMessage),
    tokensAt: (i) => {
      const tokens = entries[i].messages.reduce((sum, m) => sum + estimateTokens(m, "1.6"), 0);
      return tokens === 0 ? undefined : tokens;
    },
    fallback: "last",
  });
  if (choice === undefined) return { firstKeptEntryIndex: startIndex, turnStartIndex: -1, isSplitTurn: false, trace: noCutPoints(startIndex) };
  let cutIndex = choice.cutIndex;
  const trace: CutTrace = { budgetHitIndex: choice.budgetHitIndex, cutBeforeBackScan: cutIndex, rule: choice.rule, absorbed: 0, recoveryAdvance: false };
  if (choice.budgetHitIndex !== -1 && isRecoveryOmissionSuffix(entries.slice(cutIndex + 1, endIndex))) {
    cutIndex++;
    trace.recoveryAdvance = true;
  }
  trace.cutBeforeBackScan = cutIndex;
  while (cutIndex > startIndex) {
    const previous = entries[cutIndex - 1];
    if (previous.sourceEntry.type === "compaction" || previous.messages.length > 0) break;
    cutIndex--;
  }
  trace.absorbed = trace.cutBeforeBackScan - cutIndex;
  const startsTurn = isProjectedTurnStart(entries[cutIndex]);
  const turnStartIndex = startsTurn ? -1 : findProjectedTurnStartIndex(entries, cutIndex, startIndex);
  return { firstKeptEntryIndex: cutIndex, turnStartIndex, isSplitTurn: !startsTurn && turnStartIndex !== -1, trace };
}
