// What /tree navigation with a summary would do: what gets summarized, and where it is attached.
import { contentText } from "../context/content-text.js";
import { messageOf } from "../context/entry-messages.js";
import { serializedFingerprint } from "../serialize/serialize-conversation.js";
import type { TextFingerprint } from "../serialize/sha.js";
import { computeFileLists, type FileLists } from "../compaction/file-ops.js";
import type { AgentMessage, PiProfile, SessionEntry } from "../types.js";
import { collectEntriesForBranchSummary } from "./collect.js";
import { prepareBranchEntries, type PreparedBranch } from "./prepare.js";

/** pi's default branch-summary budget: a 128000 window minus the 16384 reserve. */
export const DEFAULT_BRANCH_BUDGET = 128000 - 16384;

export interface BranchPlanInput {
  byId: ReadonlyMap<string, SessionEntry>;
  oldLeafId: string | null;
  targetId: string;
  /** Token budget for the summarized messages; 0 = no limit. */
  budget?: number;
  profile?: PiProfile;
}

export interface BranchAttachment {
  /** The leaf after navigation, and the parent of the summary entry (null: it becomes a root). */
  newLeafId: string | null;
  /** Text pi puts into an empty editor (selected user or custom message). */
  editorText: string | undefined;
  /** The `fromId` the summary entry would carry: 0.73 the attach point, 1.6 the old leaf ("root" for none). */
  fromId: string;
}

export type BranchPlan =
  | { kind: "same-leaf"; targetId: string }
  | { kind: "not-found"; targetId: string; error: string }
  | ({
      kind: "plan";
      targetId: string;
      oldLeafId: string | null;
      commonAncestorId: string | null;
      entryIds: string[];
      prepared: PreparedBranch;
      fileLists: FileLists;
      serialized: TextFingerprint;
      /** pi writes no summary when nothing was collected: the move is then in memory only. */
      wouldSummarize: boolean;
    } & BranchAttachment);

/** pi's new-leaf rule: a selected user/custom message is re-asked, so the leaf is its parent. */
export function navigationAttachment(target: SessionEntry, oldLeafId: string | null, profile: PiProfile = "1.6"): BranchAttachment {
  const e = target as SessionEntry & Record<string, unknown>;
  let newLeafId: string | null = target.id;
  let editorText: string | undefined;
  const message = messageOf(target);
  if (message?.role === "user") {
    newLeafId = target.parentId;
    editorText = contentText(message.content, "");
  } else if (e.type === "custom_message") {
    newLeafId = target.parentId;
    editorText = contentText(e.content as AgentMessage["content"], "");
  }
  const fromId = profile === "1.6" ? (oldLeafId ?? "root") : (newLeafId ?? "root");
  return { newLeafId, editorText, fromId };
}

export function planBranch(input: BranchPlanInput): BranchPlan {
  const { byId, oldLeafId, targetId } = input;
  const profile = input.profile ?? "1.6";
  if (targetId === oldLeafId) return { kind: "same-leaf", targetId };
  const target = byId.get(targetId);
  if (!target) return { kind: "not-found", targetId, error: `Entry ${targetId} not found` };
  const collected = collectEntriesForBranchSummary(byId, oldLeafId, targetId);
  const prepared = prepareBranchEntries(collected.entries, input.budget ?? DEFAULT_BRANCH_BUDGET, profile);
  return {
    kind: "plan",
    targetId,
    oldLeafId,
    commonAncestorId: collected.commonAncestorId,
    entryIds: collected.entries.map((e) => e.id),
    prepared,
    fileLists: computeFileLists(prepared.fileOps),
    serialized: serializedFingerprint(prepared.messages, profile),
    wouldSummarize: collected.entries.length > 0,
    ...navigationAttachment(target, oldLeafId, profile),
  };
}
