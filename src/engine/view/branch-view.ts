// The oracle's `branchSummary` section: navigating from the leaf to a target, as /tree does.
import { messageOf } from "../context/entry-messages.js";
import { walkToRoot } from "../context/path.js";
import { collectEntriesForBranchSummary } from "../branch/collect.js";
import { DEFAULT_BRANCH_BUDGET } from "../branch/plan.js";
import { prepareBranchEntries } from "../branch/prepare.js";
import { computeFileLists, type FileLists } from "../compaction/file-ops.js";
import { serializedFingerprint } from "../serialize/serialize-conversation.js";
import type { TextFingerprint } from "../serialize/sha.js";
import type { SessionTree } from "../tree/tree.js";
import type { PiProfile, SessionEntry } from "../types.js";
import { messageRows, type MessageRow } from "./message-rows.js";

export const FIRST_USER_TARGET = "first user message on the active path";

export interface PreparedBranchView {
  budget: number;
  totalTokens: number;
  messages: MessageRow[];
  fileOps: FileLists;
  serialized: TextFingerprint;
}

export type BranchView =
  | { skipped: "no target" }
  | { targetId: string; error: string }
  | {
      targetId: string;
      targetChoice: "cli" | typeof FIRST_USER_TARGET;
      oldLeafId: string | null;
      commonAncestorId: string | null;
      entryIds: string[];
      prepared: PreparedBranchView;
      preparedUnlimited?: PreparedBranchView;
    };

export interface BranchViewOptions {
  /** Entry to navigate to; default the first user message on the active path. */
  targetId?: string;
  budget?: number;
}

function firstUserMessage(path: readonly SessionEntry[]): string | undefined {
  return path.find((e) => messageOf(e)?.role === "user")?.id;
}

function preparedView(entries: readonly SessionEntry[], budget: number, profile: PiProfile): PreparedBranchView {
  const p = prepareBranchEntries(entries, budget, profile);
  return {
    budget,
    totalTokens: p.totalTokens,
    messages: messageRows(p.messages, profile),
    fileOps: computeFileLists(p.fileOps),
    serialized: serializedFingerprint(p.messages, profile),
  };
}

export function branchView(tree: SessionTree, options: BranchViewOptions = {}, profile: PiProfile = "1.6"): BranchView {
  const budget = options.budget ?? DEFAULT_BRANCH_BUDGET;
  let targetId = options.targetId;
  let targetChoice: "cli" | typeof FIRST_USER_TARGET = "cli";
  if (!targetId) {
    targetId = firstUserMessage(walkToRoot(tree.byId, tree.leafId));
    targetChoice = FIRST_USER_TARGET;
  }
  if (!targetId) return { skipped: "no target" };
  if (!tree.byId.has(targetId)) return { targetId, error: `Entry ${targetId} not found` };
  const collected = collectEntriesForBranchSummary(tree.byId, tree.leafId, targetId);
  const view: BranchView = {
    targetId,
    targetChoice,
    oldLeafId: tree.leafId,
    commonAncestorId: collected.commonAncestorId,
    entryIds: collected.entries.map((e) => e.id),
    prepared: preparedView(collected.entries, budget, profile),
  };
  if (budget !== 0) view.preparedUnlimited = preparedView(collected.entries, 0, profile);
  return view;
}
