// What a navigation does to the model's context: the context at the old leaf against the context
// after the move (with or without the new summary), matched by source entry. The model is the diff
// view's DiffModel, so the full side-by-side view (components/diff) can show it too. The two totals
// are pi's own count (the engine's estimateBuiltContext, as on the tree's status line); the rows
// stay per-message estimates.
import {
  buildContextFromPath,
  estimateBuiltContext,
  estimateTokens,
  formatCount,
  getBranch,
  type ContextTokenEstimate,
  type PiProfile,
  type SessionContext,
  type SessionEntry,
  type SessionTree,
} from "../../src/engine/index.js";
import { buildDiffModel, type DiffModel, type SideRow } from "../diff/diff-model.js";
import { sanitizeInline } from "../kit/sanitize.js";

const rowsOf = (context: SessionContext, profile: PiProfile): SideRow[] =>
  context.messages.map((m) => ({ role: m.message.role, id: m.sourceId, tokens: estimateTokens(m.message, profile), message: m.message }));

/** The diff of two contexts with pi's own count of each (usage-anchored, not a sum of the rows). */
export interface ContextChange extends DiffModel {
  estimate: { before: ContextTokenEstimate; after: ContextTokenEstimate };
}

/** The context at pi's leaf on load against the context at the end of `pathAfter` (root first). */
export function contextChange(tree: SessionTree, pathAfter: readonly SessionEntry[], profile: PiProfile, title: string): ContextChange {
  const pathBefore = getBranch(tree, tree.leafId);
  const contextBefore = buildContextFromPath(pathBefore, profile);
  const contextAfter = buildContextFromPath(pathAfter, profile);
  const estimate = { before: estimateBuiltContext(contextBefore, pathBefore, profile), after: estimateBuiltContext(contextAfter, pathAfter, profile) };
  return {
    ...buildDiffModel({ title, beforeLabel: "NOW (at pi's leaf)", afterLabel: "AFTER" }, rowsOf(contextBefore, profile), rowsOf(contextAfter, profile), profile),
    estimate,
    counted: { before: estimate.before.tokens, after: estimate.after.tokens },
  };
}

/** How a total was reached: anchored on a usage the provider reported, or estimated throughout. */
const basis = (estimate: ContextTokenEstimate): string => (estimate.lastUsageIndex === null ? "estimate" : "last usage + estimate");

/** Two lines: pi's count of the context before and after, and what changed. */
export function contextChangeLines(change: ContextChange): string[] {
  const { diff, estimate } = change;
  const delta = estimate.after.tokens - estimate.before.tokens;
  return [
    `Context now:   ${formatCount(change.before.length)} messages, ~${formatCount(estimate.before.tokens)} tokens (${basis(estimate.before)})`,
    `Context after: ${formatCount(change.after.length)} messages, ~${formatCount(estimate.after.tokens)} tokens (${delta >= 0 ? "+" : ""}${formatCount(delta)}, ${basis(estimate.after)}): ` +
      `${diff.counts.removed} removed, ${diff.counts.added} added, ${diff.counts.kept} kept`,
  ];
}

/** One line per removed or added message ("- user u2a ~120", its own estimate), in context order; kept ones are counted only. */
export function changedRowLines(change: DiffModel): string[] {
  const lines: string[] = [];
  for (const row of change.diff.rows) {
    const side = row.status === "removed" ? row.before : row.status === "added" ? row.after : undefined;
    if (!side) continue;
    lines.push(`  ${row.status === "removed" ? "-" : "+"} ${sanitizeInline(side.role)} ${side.id === null ? "(no entry)" : sanitizeInline(side.id)} ~${formatCount(side.tokens)}`);
  }
  return lines;
}
