// Inputs and outputs of the deterministic summary compiler (../shared/spec/vcc.md).
import type { AgentMessage } from "../types.js";
import type { FileLists } from "../compaction/file-ops.js";

/**
 * One message of a compaction or branch plan and the entry it came from. Same shape as the
 * context builder's ContextMessage, so plans can be passed through unchanged.
 */
export interface SummarySourceMessage {
  message: AgentMessage;
  /** Id of the session entry that produced the message; null for synthesized messages. */
  sourceId: string | null;
}

/** Global message ordinal per entry id (`#N`, 0-based, counted over every branch of the file). */
export type MessageIndex = ReadonlyMap<string, number>;

/** One bracketed section of a compiled summary: `[title]` followed by its item lines. */
export interface SummarySection {
  title: string;
  /** Rendered lines without the leading `- ` bullet (verbatim lines for the earlier-summary section). */
  items: string[];
}

/** What a compile returns: the text pi would store, its parts, and its size. */
export interface CompiledSummary {
  /** Exactly what pi would store in the entry's `summary` field. */
  text: string;
  /** Sections of the history part (after merging with a previous summary). */
  sections: SummarySection[];
  /** Brief transcript lines of the history part. */
  brief: string[];
  /** pi's chars/4 estimate of `text` (rounded up). */
  tokens: number;
  /** The `details` pi would store: the cumulative file lists. */
  details: FileLists;
}
