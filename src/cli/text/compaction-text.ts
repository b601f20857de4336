// The `compact` command's text: the cut, what gets summarized, the context after, and warnings.
import type { CompactionPlan, CompactionView, SessionTree } from "../../engine/index.js";
import type { SettingValue } from "../pi-settings.js";
import { countNoun, formatCount, sanitizeLine } from "../../engine/index.js";
import { fileListLines } from "./file-lists.js";
import { messageTable } from "./message-table.js";

/** One dry run of /compact: what both the text and the --json document of `compact` report. */
export interface CompactPreview {
  file: string;
  leafId: string | null;
  profile: string;
  view: CompactionView;
  plan: CompactionPlan;
  keep: SettingValue;
  reserve: SettingValue;
  contextWindow: SettingValue | null;
}

export interface CompactionTextInput extends CompactPreview {
  tree: SessionTree;
  home: string;
  width: number | undefined;
}

const setting = (name: string, s: SettingValue): string => `${name} ${formatCount(s.value)} (${s.source})`;

function idList(ids: readonly (string | null)[]): string {
  if (ids.length === 0) return "none";
  const show = (list: readonly (string | null)[]) => list.map((id) => sanitizeLine(id ?? "?")).join(", ");
  return ids.length <= 6 ? show(ids) : `${show(ids.slice(0, 3))}, …, ${show(ids.slice(-2))}`;
}

export function compactionText(input: CompactionTextInput): string[] {
  const { view, plan } = input;
  const lines = [
    `${sanitizeLine(input.file)}  (dry run: nothing is written)`,
    `leaf ${input.leafId ?? "(none)"}, pi ${input.profile}; ${setting("keepRecentTokens", input.keep)}, ${setting("reserveTokens", input.reserve)}${input.contextWindow ? `, ${setting("context window", input.contextWindow)}` : ""}`,
    "",
  ];
  if ("result" in view) {
    lines.push(`pi would not compact: ${view.why}.`, "", sanitizeLine(plan.why));
    return lines.concat(warningLines(plan), autoLines(plan));
  }
  lines.push(
    `Cut: first kept entry ${sanitizeLine(view.firstKeptEntryId)}${view.isSplitTurn ? `, splitting the turn that starts at ${sanitizeLine(plan.preparation?.turnStartEntryId ?? "?")}` : ""}`,
    `Summarized: ${countNoun(view.messagesToSummarize.length, "message")} (${idList(view.messagesToSummarize)})`,
  );
  if (view.isSplitTurn) lines.push(`Turn prefix: ${countNoun(view.turnPrefixMessages.length, "message")} (${idList(view.turnPrefixMessages)}), summarized separately`);
  lines.push(
    `tokensBefore: ${formatCount(view.tokensBefore)}; previous summary: ${view.previousSummaryChars === null ? "none" : `${formatCount(view.previousSummaryChars)} chars, carried into the new one`}`,
    `Summarizer input: ${formatCount(view.serializedHistory.chars)} chars of history${view.isSplitTurn ? ` + ${formatCount(view.serializedTurnPrefix.chars)} chars of turn prefix` : ""}`,
    ...fileListLines(view.fileOps),
    "",
    sanitizeLine(plan.why),
  );
  if (plan.contextAfter) {
    lines.push(
      "",
      `Context after (summary stands in as a placeholder): ${countNoun(plan.contextAfter.messages.length, "message")}, ${formatCount(plan.contextAfter.tokens)} tokens by estimate`,
      ...messageTable(plan.contextAfter.messages, input.tree, input.home, input.width),
    );
  }
  return lines.concat(warningLines(plan), autoLines(plan));
}

function warningLines(plan: CompactionPlan): string[] {
  if (plan.warnings.length === 0) return [];
  return ["", "Warnings:", ...plan.warnings.map((w) => `  - ${sanitizeLine(w.message)}`)];
}

function autoLines(plan: CompactionPlan): string[] {
  if (!plan.autoCompact) return ["", "Auto-compaction: give --context-window N to check whether pi would compact on its own."];
  return ["", `Auto-compaction: ${plan.autoCompact.wouldCompact ? "pi would compact on its own" : "pi would not compact on its own"}: ${sanitizeLine(plan.autoCompact.reason)}`];
}
