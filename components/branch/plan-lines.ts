// The plan of a navigation in words: where the leaf goes, the common ancestor, what would be
// summarized and what pi's budget drops (which pi never shows).
import { DEFAULT_BRANCH_BUDGET, countNoun, formatCount, type BranchPlan, type SessionTree } from "../../src/engine/index.js";
import { appendRefusalNote } from "../commit/append-refusal.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { entryCaption } from "./entry-caption.js";

export type NavigationPlan = Extract<BranchPlan, { kind: "plan" }>;

const MAX_LISTED_IDS = 6;

function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, MAX_LISTED_IDS).map(sanitizeInline).join(", ");
  return ids.length > MAX_LISTED_IDS ? `${shown}, … ${ids.length - MAX_LISTED_IDS} more` : shown;
}

/** The plan block shown above every stage of the flow. */
export function planLines(plan: NavigationPlan, tree: SessionTree, budget = DEFAULT_BRANCH_BUDGET): string[] {
  const caption = (id: string | null) => entryCaption(id === null ? undefined : tree.byId.get(id), id);
  const lines = [
    `Target     ${caption(plan.targetId)}`,
    `Leaf now   ${caption(plan.oldLeafId)}`,
    `Ancestor   ${plan.commonAncestorId === null ? "(none: the target is under another root)" : caption(plan.commonAncestorId)}`,
    `New leaf   ${plan.newLeafId === null ? "(empty conversation: the target is a root user message)" : caption(plan.newLeafId)}`,
  ];
  if (plan.editorText !== undefined) lines.push("           (the target is re-asked: pi moves to its parent and puts its text back in the editor)");
  const { prepared } = plan;
  const dropped = prepared.droppedIds.length;
  lines.push(
    `Abandoned  ${countNoun(plan.entryIds.length, "entry")} from the leaf back to the ancestor; ${countNoun(prepared.keptIds.length, "message")} summarized (~${formatCount(prepared.totalTokens)} tokens)`,
    dropped > 0
      ? `Dropped    ${countNoun(dropped, "oldest message")} do${dropped === 1 ? "es" : ""} not fit pi's budget of ${formatCount(budget)} tokens: ${idList(prepared.droppedIds)}`
      : `Dropped    none (budget ${formatCount(budget)} tokens)`,
    `Files      ${plan.fileLists.readFiles.length} read, ${plan.fileLists.modifiedFiles.length} modified`,
  );
  const refusal = appendRefusalNote(tree.loaded.fileVersion);
  if (refusal !== null) lines.push(`Note       ${refusal}`);
  return lines;
}
