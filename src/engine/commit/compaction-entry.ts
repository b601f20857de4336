import type { AgentMessage, CompactionEntry, PiProfile } from "../types.js";
import { stampEntry, type EntryContext } from "./new-entry.js";
import { getCurrentSystemMessage } from "../context/system-message.js";

/** The file lists pi stores in a compaction's or branch summary's `details`. */
export interface FileListDetails {
  readFiles: string[];
  modifiedFiles: string[];
}

export interface CompactionEntryInput extends EntryContext {
  profile: PiProfile;
  /** The leaf the compaction is appended to (its parentId). */
  leafId: string | null;
  summary: string;
  /** First kept entry; 1.6 also accepts null ("retain none": the entry names itself). */
  firstKeptEntryId: string | null;
  tokensBefore: number;
  details: FileListDetails;
  /** 1.6 only: the projected context messages at the leaf, replayed into the `systemMessage` checkpoint. */
  projectionMessages?: readonly AgentMessage[];
}

/**
 * The compaction entry pi's appendCompaction writes for its own (non-extension) summary:
 * `fromHook: false`, so pi keeps carrying the file lists forward. No LLM was called, so the
 * 1.6 `usage` field is absent (pi omits it the same way for results without usage).
 */
export function buildCompactionEntry(input: CompactionEntryInput): CompactionEntry {
  const { id, timestamp } = stampEntry(input);
  if (input.profile === "0.73" && input.firstKeptEntryId === null) throw new Error("pi 0.73 cannot write a compaction that keeps nothing");
  const entry: CompactionEntry = {
    type: "compaction",
    id,
    parentId: input.leafId,
    timestamp,
    summary: input.summary,
    firstKeptEntryId: input.firstKeptEntryId ?? id,
    tokensBefore: input.tokensBefore,
    details: input.details,
    fromHook: false,
  };
  // 0.73 has no systemMessage checkpoint; 1.6 adds it last, after fromHook, as pi writes it.
  if (input.profile === "0.73") return entry;
  const systemMessage = getCurrentSystemMessage(input.projectionMessages ?? []);
  return systemMessage ? { ...entry, systemMessage: { ...systemMessage, timestamp: Date.parse(timestamp) } } : entry;
}
