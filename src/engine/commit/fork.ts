import type { LabelEntry, PiProfile, SessionEntry, SessionHeader } from "../types.js";
import { isoTimestamp, newEntryId, uuidV7, type RandomSource } from "./random.js";

export interface ForkInput {
  profile: PiProfile;
  /** getBranch(leafId): the path root first, labels included. */
  path: readonly SessionEntry[];
  /** The resolved labels in pi's label-map order (insertion order of set/delete in file order). */
  labels: ReadonlyMap<string, { label: string; timestamp: string }>;
  /** The old file's path as pi records it (`parentSession`). */
  parentSession: string;
  /** The cwd the source session holds (see sessionCwd). */
  cwd: unknown;
  nowMs: number;
  random: RandomSource;
}

export interface ForkResult {
  header: SessionHeader;
  /** The entries after the header: the label-free path, then the re-created labels. */
  entries: SessionEntry[];
  /** pi's file name for the new session: `<timestamp with : and . as ->_<id>.jsonl`. */
  fileName: string;
  /** The new file's leaf (its last entry). */
  leafId: string;
}

// 1.6 (0.79.2+) re-chains the kept path around dropped labels, and redirects a compaction's
// firstKeptEntryId from a dropped label to the next kept entry. 0.73 copies entries verbatim.
function pathWithoutLabels(path: readonly SessionEntry[], profile: PiProfile): SessionEntry[] {
  if (profile === "0.73") return path.filter((e) => e.type !== "label");
  const kept: SessionEntry[] = [];
  const replacementByLabelId = new Map<string, string>();
  let pending: string[] = [];
  let parentId: string | null = null;
  for (const entry of path) {
    if (entry.type === "label") {
      pending.push(entry.id);
      continue;
    }
    for (const labelId of pending) replacementByLabelId.set(labelId, entry.id);
    pending = [];
    if (entry.type === "compaction") {
      const first = entry.firstKeptEntryId as string;
      const firstKeptEntryId = first === entry.id ? entry.id : (replacementByLabelId.get(first) ?? first);
      kept.push({ ...entry, parentId, firstKeptEntryId });
    } else {
      kept.push({ ...entry, parentId });
    }
    parentId = entry.id;
  }
  return kept;
}

/**
 * pi's createBranchedSession(leafId) for a persisted session: a new v3 header (new UUIDv7,
 * now, same cwd, parentSession = the old file), the path without labels, then one label entry
 * per resolved label on the path, chained after it and carrying the original label timestamp.
 */
export function buildFork(input: ForkInput): ForkResult {
  if (input.path.length === 0) throw new Error("Entry not found: the fork point is not in the session");
  const kept = pathWithoutLabels(input.path, input.profile);
  const sessionId = uuidV7(input.nowMs, input.random);
  const timestamp = isoTimestamp(input.nowMs);
  const header: SessionHeader = {
    type: "session",
    version: 3,
    id: sessionId,
    timestamp,
    cwd: input.cwd as string,
    parentSession: input.parentSession,
  };
  const pathIds = new Set(kept.map((e) => e.id));
  const labelsOnPath = [...input.labels].filter(([targetId]) => pathIds.has(targetId));
  const labelEntries: LabelEntry[] = [];
  let parentId: string | null = kept.at(-1)?.id || null;
  for (const [targetId, { label, timestamp: labelTimestamp }] of labelsOnPath) {
    const entry: LabelEntry = {
      type: "label",
      id: newEntryId(pathIds, input.random),
      parentId,
      timestamp: labelTimestamp,
      targetId,
      label,
    };
    pathIds.add(entry.id);
    labelEntries.push(entry);
    parentId = entry.id;
  }
  const entries = [...kept, ...labelEntries];
  // A leaf whose path is labels only (a damaged file) would give a fork with nothing in it.
  if (entries.length === 0) throw new Error("the path to that entry holds only labels, so a fork would have no entries");
  return {
    header,
    entries,
    fileName: `${timestamp.replace(/[:.]/g, "-")}_${sessionId}.jsonl`,
    leafId: entries.at(-1)!.id,
  };
}
