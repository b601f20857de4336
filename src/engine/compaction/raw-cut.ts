// pi's exported findCutPoint on raw path entries (both releases). In 0.73 this is the cut
// prepareCompaction uses; 1.6 cuts on the projection instead (projected-cut.ts).
import { messageOf, sessionEntryToContextMessages } from "../context/entry-messages.js";
import { estimateTokens } from "../tokens/estimate.js";
import type { AgentMessage, PiProfile, SessionEntry } from "../types.js";
import type { CutPointResult, CutTrace } from "./cut-types.js";
import { chooseCut, noCutPoints } from "./cut-walk.js";

const CUT_POINT_ROLES = new Set(["user", "assistant", "bashExecution", "custom", "branchSummary", "compactionSummary"]);
const TURN_START_ROLES = new Set(["user", "bashExecution", "custom", "branchSummary", "compactionSummary"]);

export const isCutPointMessage = (m: AgentMessage): boolean => CUT_POINT_ROLES.has(m.role);
export const isTurnStartMessage = (m: AgentMessage): boolean => TURN_START_ROLES.has(m.role);

const roleOf = (entry: SessionEntry): string | undefined => messageOf(entry)?.role;

/** Where a cut may fall (never a tool result). */
function isValidCutPoint(entry: SessionEntry, profile: PiProfile): boolean {
  if (profile === "1.6") return entry.type !== "compaction" && sessionEntryToContextMessages(entry).some(isCutPointMessage);
  // 0.73 reads entry types: branch_summary and custom_message count even when empty.
  if (entry.type === "branch_summary" || entry.type === "custom_message") return true;
  const role = roleOf(entry);
  return role !== undefined && CUT_POINT_ROLES.has(role);
}

function isTurnStartEntry(entry: SessionEntry, profile: PiProfile): boolean {
  if (profile === "1.6") return entry.type !== "compaction" && sessionEntryToContextMessages(entry).some(isTurnStartMessage);
  if (entry.type === "branch_summary" || entry.type === "custom_message") return true;
  const role = roleOf(entry);
  return role === "user" || role === "bashExecution";
}

/** The turn start at or before `entryIndex` (not before `startIndex`); -1 when none. */
export function findTurnStartIndex(entries: readonly SessionEntry[], entryIndex: number, startIndex: number, profile: PiProfile = "1.6"): number {
  for (let i = entryIndex; i >= startIndex; i--) if (isTurnStartEntry(entries[i], profile)) return i;
  return -1;
}

/** Tokens an entry adds to the cut accumulation: 0.73 counts only `message` entries. */
function entryTokens(entry: SessionEntry, profile: PiProfile): number {
  if (profile === "1.6") return sessionEntryToContextMessages(entry).reduce((sum, m) => sum + estimateTokens(m, "1.6"), 0);
  const message = messageOf(entry);
  return message ? estimateTokens(message, "0.73") : 0;
}

/** The back-scan stops at a compaction or (1.6) a context-visible entry / (0.73) any message. */
function stopsBackScan(entry: SessionEntry, profile: PiProfile): boolean {
  if (entry.type === "compaction") return true;
  return profile === "1.6" ? sessionEntryToContextMessages(entry).length > 0 : entry.type === "message";
}

/**
 * pi's findCutPoint(entries, start, end, keepRecentTokens): walk newest first until the budget
 * is reached, cut at the first valid cut point at or after that entry (cut-walk.ts), then pull in
 * the metadata entries just before the cut.
 */
export function findCutPoint(
  entries: readonly SessionEntry[],
  startIndex: number,
  endIndex: number,
  keepRecentTokens: number,
  profile: PiProfile = "1.6",
): CutPointResult {
  const choice = chooseCut({
    startIndex,
    endIndex,
    keepRecentTokens,
    isCutPoint: (i) => isValidCutPoint(entries[i], profile),
    tokensAt: (i) => {
      if (profile === "0.73") return entries[i].type === "message" ? entryTokens(entries[i], profile) : undefined;
      const tokens = entryTokens(entries[i], profile);
      return tokens === 0 ? undefined : tokens;
    },
    fallback: profile === "1.6" ? "last" : "first",
  });
  if (choice === undefined) return { firstKeptEntryIndex: startIndex, turnStartIndex: -1, isSplitTurn: false, trace: noCutPoints(startIndex) };
  let cutIndex = choice.cutIndex;
  const trace: CutTrace = { budgetHitIndex: choice.budgetHitIndex, cutBeforeBackScan: cutIndex, rule: choice.rule, absorbed: 0, recoveryAdvance: false };
  while (cutIndex > startIndex && !stopsBackScan(entries[cutIndex - 1], profile)) cutIndex--;
  trace.absorbed = trace.cutBeforeBackScan - cutIndex;
  const cutEntry = entries[cutIndex];
  // 0.73 tests only for a user message here; 1.6 for any turn start.
  const startsTurn = profile === "1.6" ? isTurnStartEntry(cutEntry, profile) : roleOf(cutEntry) === "user";
  const turnStartIndex = startsTurn ? -1 : findTurnStartIndex(entries, cutIndex, startIndex, profile);
  return { firstKeptEntryIndex: cutIndex, turnStartIndex, isSplitTurn: !startsTurn && turnStartIndex !== -1, trace };
}
