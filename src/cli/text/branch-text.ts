// The `branch` command's text: the navigation, the summarized entries and where the summary goes.
import type { BranchPlan, BranchView, SessionTree } from "../../engine/index.js";
import type { SettingValue } from "../pi-settings.js";
import { countNoun, formatCount, sanitizeLine } from "../../engine/index.js";
import { fileListLines } from "./file-lists.js";
import { messageTable } from "./message-table.js";
import { truncate } from "./table.js";

export interface BranchTextInput {
  file: string;
  leafId: string | null;
  profile: string;
  view: BranchView;
  plan: BranchPlan;
  budget: SettingValue;
  tree: SessionTree;
  home: string;
  width: number | undefined;
}

export function branchText(input: BranchTextInput): string[] {
  const { view, plan } = input;
  const lines = [`${sanitizeLine(input.file)}  (dry run: nothing is written)`];
  if (plan.kind === "same-leaf") {
    lines.push(`${sanitizeLine(plan.targetId)} is the leaf already: pi says "Already at this point" and does nothing.`);
    return lines;
  }
  if (plan.kind !== "plan" || !("prepared" in view)) {
    lines.push(`pi cannot navigate there: ${"error" in view ? sanitizeLine(view.error) : "no target"}`);
    return lines;
  }
  const prepared = view.prepared;
  lines.push(
    `Navigate from ${plan.oldLeafId ?? "(no leaf)"} to ${sanitizeLine(plan.targetId)}, pi ${input.profile}; budget ${formatCount(input.budget.value)} tokens (${input.budget.source})`,
    `Common ancestor: ${plan.commonAncestorId ?? "none (different roots)"}`,
    `Entries left behind: ${view.entryIds.length}`,
    `Summarizer input: ${countNoun(prepared.messages.length, "message")}, ${formatCount(prepared.totalTokens)} tokens, ${formatCount(prepared.serialized.chars)} chars` +
      (view.preparedUnlimited && view.preparedUnlimited.messages.length !== prepared.messages.length
        ? ` (the budget drops ${countNoun(view.preparedUnlimited.messages.length - prepared.messages.length, "older message")})`
        : ""),
    ...fileListLines(prepared.fileOps),
    "",
  );
  if (plan.wouldSummarize) {
    lines.push(`The branch_summary entry would hang under ${plan.newLeafId ?? "nothing (a new root)"} with fromId ${sanitizeLine(plan.fromId)}, and become the new leaf.`);
  } else {
    lines.push(`Nothing to summarize: pi only moves the leaf to ${plan.newLeafId ?? "(none)"}.`);
  }
  if (plan.editorText !== undefined) lines.push(`The selected message goes back into the editor: "${truncate(sanitizeLine(plan.editorText), 100)}"`);
  if (prepared.messages.length > 0) lines.push("", ...messageTable(prepared.messages, input.tree, input.home, input.width));
  return lines;
}
