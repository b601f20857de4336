// The compiler's entry points: the text pi would store for a compaction or a branch summary,
// built without an LLM. Pure and deterministic: same input, same bytes.
import type { PiProfile } from "../types.js";
import { DEFAULT_PROFILE } from "../types.js";
import { buildBrief, capBrief } from "./brief.js";
import type { SummaryDocument } from "./document.js";
import {
  documentSections,
  HISTORY_LEAD,
  NO_PRIOR_HISTORY,
  parseSummary,
  renderDocument,
  SPLIT_TURN_SEPARATOR,
  TURN_PREFIX_LEAD,
} from "./document.js";
import { computeCompactionFileLists, fileListsBlock } from "./file-lists.js";
import { mergeDocuments } from "./merge.js";
import { normalizeMessages } from "./normalize.js";
import { buildCommits } from "./sections/commits.js";
import { buildCurrentStatus } from "./sections/current-status.js";
import { buildEarlierTurns } from "./sections/earlier-turns.js";
import { collectFileGroups } from "./sections/files.js";
import { buildGoal } from "./sections/goal.js";
import { buildOutstanding } from "./sections/outstanding.js";
import { buildPreferences } from "./sections/preferences.js";
import type { FileLists } from "../compaction/file-ops.js";
import type { CompiledSummary, MessageIndex, SummarySection, SummarySourceMessage } from "./types.js";

export interface CompactionSummaryInput {
  /** The plan's messages before the cut (or before the split turn's start). */
  messagesToSummarize: readonly SummarySourceMessage[];
  /** The split turn's messages before the cut (empty when the cut is not split). */
  turnPrefixMessages: readonly SummarySourceMessage[];
  isSplitTurn: boolean;
  /** Summary text of the latest compaction on the path, if any. */
  previousSummary?: string;
  /** pi's cumulative lists for this compaction; computed from `previousDetails` + the messages when absent. */
  fileLists?: FileLists;
  /** `details` of the previous compaction (pass it only when that compaction is not `fromHook`). */
  previousDetails?: unknown;
  /** Global `#N` per entry id, from buildGlobalMessageIndex over the whole file. */
  messageIndex: MessageIndex;
  /** Session cwd: paths inside it are shown relative in our sections (never in pi's lists). */
  cwd?: string;
  profile?: PiProfile;
  /**
   * pi 0.73 writes `No prior history.` when a split turn has no history, losing the previous
   * summary text (pi 1.x carries it). We carry it unless this is set.
   */
  dropPreviousOnEmptyHistory?: boolean;
}

export interface CompiledCompactionSummary extends CompiledSummary {
  /** The split turn's prefix summary, when the cut splits a turn. */
  turnContext?: { sections: SummarySection[]; brief: string[] };
}

export interface BranchSummaryInput {
  /** The messages of the abandoned branch, in order (a branch plan's prepared messages). */
  messages: readonly SummarySourceMessage[];
  /** pi's lists for the branch; computed from the messages' tool calls when absent. */
  fileLists?: FileLists;
  messageIndex: MessageIndex;
  cwd?: string;
  profile?: PiProfile;
}

/** pi's chars/4 token estimate, rounded up. */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function compileDocument(
  messages: readonly SummarySourceMessage[],
  messageIndex: MessageIndex,
  fileLists: FileLists | undefined,
  cwd: string | undefined,
): SummaryDocument {
  const blocks = normalizeMessages(messages, messageIndex);
  const goal = buildGoal(blocks);
  return {
    earlier: [],
    goal,
    preferences: buildPreferences(blocks, goal),
    files: collectFileGroups(blocks, fileLists, cwd),
    commits: buildCommits(blocks),
    outstanding: buildOutstanding(blocks, cwd),
    earlierTurns: buildEarlierTurns(blocks),
    currentStatus: buildCurrentStatus(blocks),
    brief: capBrief(buildBrief(blocks, cwd)),
  };
}

/** A stored summary read back as one document (its split-turn part folded in). */
function previousDocument(previousSummary: string | undefined): SummaryDocument | undefined {
  if (previousSummary === undefined || previousSummary === "") return undefined;
  const { history, turnContext } = parseSummary(previousSummary);
  return turnContext ? mergeDocuments(history, turnContext) : history;
}

/** What pi would store in a compaction entry's `summary` and `details` for this plan. */
export function compileCompactionSummary(input: CompactionSummaryInput): CompiledCompactionSummary {
  const profile = input.profile ?? DEFAULT_PROFILE;
  const split = input.isSplitTurn && input.turnPrefixMessages.length > 0;
  const spanned = split ? [...input.messagesToSummarize, ...input.turnPrefixMessages] : input.messagesToSummarize;
  const lists = input.fileLists ?? computeCompactionFileLists(input.previousDetails, spanned, profile);
  const previous = previousDocument(input.previousSummary);

  let history: SummaryDocument | undefined;
  let historyText: string;
  if (split && input.messagesToSummarize.length === 0) {
    // Nothing before the split turn: pi 1.x carries the previous summary as the history part.
    history = input.dropPreviousOnEmptyHistory === true ? undefined : previous;
    historyText = history ? renderDocument(history, HISTORY_LEAD) : NO_PRIOR_HISTORY;
  } else {
    const fresh = compileDocument(input.messagesToSummarize, input.messageIndex, lists, input.cwd);
    history = previous ? mergeDocuments(previous, fresh) : fresh;
    historyText = renderDocument(history, HISTORY_LEAD);
  }

  let text = historyText;
  let turnContext: CompiledCompactionSummary["turnContext"];
  if (split) {
    const prefix = compileDocument(input.turnPrefixMessages, input.messageIndex, undefined, input.cwd);
    text += SPLIT_TURN_SEPARATOR + renderDocument(prefix, TURN_PREFIX_LEAD);
    turnContext = { sections: documentSections(prefix), brief: prefix.brief };
  }
  text += fileListsBlock(lists);

  return {
    text,
    sections: history ? documentSections(history) : [],
    brief: history?.brief ?? [],
    tokens: estimateTextTokens(text),
    details: { readFiles: [...lists.readFiles], modifiedFiles: [...lists.modifiedFiles] },
    ...(turnContext ? { turnContext } : {}),
  };
}

// pi prefixes every stored branch summary with a two-line lead-in and a blank line; this is our
// own wording of it.
export const BRANCH_SUMMARY_LEAD_IN =
  "The user went down another branch of this conversation and then came back here.\nWhat happened on that branch:\n\n";
/** pi's text when a branch has nothing to summarize (no lead-in, no file lists). */
export const NO_BRANCH_CONTENT = "No content to summarize";

/** What pi would store in a branch_summary entry's `summary` and `details` for these messages. */
export function compileBranchSummary(input: BranchSummaryInput): CompiledSummary {
  const profile = input.profile ?? DEFAULT_PROFILE;
  if (input.messages.length === 0) {
    return { text: NO_BRANCH_CONTENT, sections: [], brief: [], tokens: estimateTextTokens(NO_BRANCH_CONTENT), details: { readFiles: [], modifiedFiles: [] } };
  }
  const lists = input.fileLists ?? computeCompactionFileLists(undefined, input.messages, profile);
  // A compaction inside the abandoned branch: its summary is the earlier part of this one.
  let previousSummary: string | undefined;
  for (const { message } of input.messages) {
    if (message.role === "compactionSummary" && typeof message.summary === "string") previousSummary = message.summary;
  }
  const previous = previousDocument(previousSummary);
  const fresh = compileDocument(input.messages, input.messageIndex, lists, input.cwd);
  const doc = previous ? mergeDocuments(previous, fresh) : fresh;
  const text = BRANCH_SUMMARY_LEAD_IN + renderDocument(doc, HISTORY_LEAD) + fileListsBlock(lists);
  return {
    text,
    sections: documentSections(doc),
    brief: doc.brief,
    tokens: estimateTextTokens(text),
    details: { readFiles: [...lists.readFiles], modifiedFiles: [...lists.modifiedFiles] },
  };
}
