import { buildContextFromPath } from "../context/build-context.js";
import { analyzeCompaction, type CompactionPreparation, type CompactionSettings } from "../compaction/prepare.js";
import { compileSummaryOfPreparation } from "../summary/compile-preparation.js";
import { buildGlobalMessageIndex } from "../summary/message-index.js";
import { getBranch, type SessionTree } from "../tree/tree.js";
import type { CompactionEntry, PiProfile, SessionEntry } from "../types.js";
import { withFocusNote } from "./focus-note.js";
import { compactionCommit, type CommitClock, type PendingCommit } from "./pending-commit.js";

export interface CompactionCommitOptions {
  profile: PiProfile;
  settings: CompactionSettings;
  /** The leaf to compact at; default pi's leaf on load. */
  leafId?: string | null;
  /** `--instructions`: kept as a focus note on top of the summary (no LLM to steer). */
  instructions?: string;
}

export type CompactionCommitPlan =
  | { kind: "none"; reason: string }
  | {
      kind: "commit";
      pending: PendingCommit;
      entry: CompactionEntry;
      preparation: CompactionPreparation;
      /** The path the compaction is appended to (root first). */
      path: SessionEntry[];
    };

/**
 * What `/compact` would append at the leaf, with the compiled (no-LLM) summary in place of the
 * model's: pi's preparation decides the cut, tokensBefore and the file lists (details).
 */
export function planCompactionCommit(tree: SessionTree, options: CompactionCommitOptions, clock: CommitClock): CompactionCommitPlan {
  const { profile } = options;
  const leafId = options.leafId === undefined ? tree.leafId : options.leafId;
  const path = getBranch(tree, leafId);
  const analysis = analyzeCompaction(path, options.settings, profile);
  const preparation = analysis.preparation;
  if (!preparation) return { kind: "none", reason: analysis.reason ?? "Nothing to compact (session too small)" };

  const compiled = compileSummaryOfPreparation(preparation, {
    messageIndex: buildGlobalMessageIndex(tree.loaded.entries),
    cwd: typeof tree.loaded.header?.cwd === "string" ? tree.loaded.header.cwd : undefined,
    profile,
  });
  const pending = compactionCommit(
    tree,
    profile,
    leafId,
    path,
    {
      summary: withFocusNote(compiled.text, options.instructions),
      firstKeptEntryId: preparation.firstKeptEntryId,
      tokensBefore: preparation.tokensBefore,
      details: compiled.details,
    },
    clock,
  );
  return { kind: "commit", pending, entry: pending.entries[0] as CompactionEntry, preparation, path };
}

/** The context pi builds after the commit (the leaf is the new last entry). */
export const contextAfterCommit = (path: readonly SessionEntry[], pending: PendingCommit, profile: PiProfile) =>
  buildContextFromPath([...path, ...pending.entries], profile);
