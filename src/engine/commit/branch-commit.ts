import { planBranch, DEFAULT_BRANCH_BUDGET, type BranchPlan } from "../branch/plan.js";
import { compileBranchSummary } from "../summary/compile.js";
import { buildGlobalMessageIndex } from "../summary/message-index.js";
import { getBranch, type SessionTree } from "../tree/tree.js";
import type { BranchSummaryEntry, PiProfile, SessionEntry } from "../types.js";
import { withFocusNote } from "./focus-note.js";
import { branchSummaryCommit, type CommitClock, type PendingCommit } from "./pending-commit.js";

export interface BranchCommitOptions {
  profile: PiProfile;
  targetId: string;
  /** The leaf navigated away from; default pi's leaf on load. */
  oldLeafId?: string | null;
  budget?: number;
  instructions?: string;
}

export type BranchCommitPlan =
  | { kind: "none"; reason: string }
  | {
      kind: "commit";
      pending: PendingCommit;
      entry: BranchSummaryEntry;
      plan: Extract<BranchPlan, { kind: "plan" }>;
      /** The path the summary is appended to: root .. attach point (empty for a root summary). */
      path: SessionEntry[];
    };

/**
 * What `/tree` → target → "Summarize" would append, with the compiled (no-LLM) summary. pi writes
 * nothing when the target is the leaf or when the abandoned branch has no entries.
 */
export function planBranchCommit(tree: SessionTree, options: BranchCommitOptions, clock: CommitClock): BranchCommitPlan {
  const { profile, targetId } = options;
  const oldLeafId = options.oldLeafId === undefined ? tree.leafId : options.oldLeafId;
  const plan = planBranch({ byId: tree.byId, oldLeafId, targetId, budget: options.budget ?? DEFAULT_BRANCH_BUDGET, profile });
  if (plan.kind === "same-leaf") return { kind: "none", reason: `Entry ${targetId} is already the leaf; pi writes nothing` };
  if (plan.kind === "not-found") return { kind: "none", reason: plan.error };
  if (!plan.wouldSummarize) return { kind: "none", reason: "the abandoned branch is empty, so pi writes no summary (the move alone is not saved)" };
  const compiled = compileBranchSummary({
    messages: plan.prepared.messages,
    fileLists: plan.fileLists,
    messageIndex: buildGlobalMessageIndex(tree.loaded.entries),
    cwd: typeof tree.loaded.header?.cwd === "string" ? tree.loaded.header.cwd : undefined,
    profile,
  });
  const pending = branchSummaryCommit(
    tree,
    profile,
    { oldLeafId, attachId: plan.newLeafId },
    { summary: withFocusNote(compiled.text, options.instructions), details: { readFiles: [...plan.fileLists.readFiles], modifiedFiles: [...plan.fileLists.modifiedFiles] } },
    clock,
  );
  const path = plan.newLeafId === null ? [] : getBranch(tree, plan.newLeafId);
  return { kind: "commit", pending, entry: pending.entries[0] as BranchSummaryEntry, plan, path };
}
