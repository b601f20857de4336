// `pi-explorer context FILE [--leaf ID]`: the messages pi would send to the model from a leaf.
import { contextView, countNoun, formatCount, getBranch, sanitizeLine, type ContextView } from "../../engine/index.js";
import type { Command } from "../command.js";
import { openSession, reportDiagnostics, resolveLeaf } from "../open-session.js";
import { fileArgument, stringOption } from "../option-values.js";
import { messageTable } from "../text/message-table.js";

const USAGE = "context FILE [--leaf ID]";

export const contextCommand: Command = {
  name: "context",
  summary: "the LLM context pi builds at the leaf: each message with its source entry and token estimate",
  usage: USAGE,
  options: {
    leaf: { type: "string", valueName: "ID", help: "build the context from this entry instead of the file's leaf" },
  },
  run(ctx) {
    const file = fileArgument(ctx, USAGE);
    const session = openSession(file, ctx.profile);
    const leafId = resolveLeaf(session, stringOption(ctx, "leaf"));
    const activePathIds = getBranch(session.tree, leafId).map((e) => e.id);
    const context = contextView(session.tree, leafId, ctx.profile);
    if (ctx.out.json) {
      ctx.out.writeJson({ file, profile: ctx.profile, leafId, activePathIds, context, diagnostics: session.loaded.diagnostics });
      return 0;
    }
    ctx.out.writeLines([
      sanitizeLine(file),
      `leaf ${leafId ?? "(none)"}, active path ${activePathIds.length} entries, pi ${ctx.profile}`,
      `model ${context.model ? sanitizeLine(`${context.model.provider}/${context.model.modelId}`) : "(none)"}, thinking ${sanitizeLine(context.thinkingLevel)}`,
      "",
      ...messageTable(context.messages, session.tree, ctx.home, ctx.out.width),
      "",
      ...contextTotals(context),
    ]);
    reportDiagnostics(ctx.out, file, session.loaded.diagnostics);
    return 0;
  },
};

function contextTotals(context: ContextView): string[] {
  const lines = [`${countNoun(context.count, "message")}, ${formatCount(context.estimatedTotal)} tokens by per-message estimate`];
  const estimate = (label: string, e: ContextView["estimateContextTokens"]): string =>
    e.lastUsageIndex === null
      ? `${label}: ${formatCount(e.tokens)} tokens (no usage reported yet, all estimated)`
      : `${label}: ${formatCount(e.tokens)} tokens (usage ${formatCount(e.usageTokens)} at message #${e.lastUsageIndex + 1} + ${formatCount(e.trailingTokens)} estimated after it)`;
  lines.push(estimate("pi's context size", context.estimateContextTokens));
  if (context.estimateProjectedContextTokens) lines.push(estimate("pi 1.6 projected size", context.estimateProjectedContextTokens));
  return lines;
}
