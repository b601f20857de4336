// What a navigation does to the model's context: the context at the old leaf against the context
// after the move (with or without the new summary), matched by source entry. The model is the diff
// view's DiffModel, so the full side-by-side view (components/diff) can show it too.
import {
  buildContextFromPath,
  estimateTokens,
  getBranch,
  type PiProfile,
  type SessionContext,
  type SessionEntry,
  type SessionTree,
} from "../../src/engine/index.js";
import { buildDiffModel, type DiffModel, type SideRow } from "../diff/diff-model.js";
import { sanitizeInline } from "../kit/sanitize.js";

const rowsOf = (context: SessionContext, profile: PiProfile): SideRow[] =>
  context.messages.map((m) => ({ role: m.message.role, id: m.sourceId, tokens: estimateTokens(m.message, profile), message: m.message }));

/** The context at pi's leaf on load against the context at the end of `pathAfter` (root first). */
export function contextChange(tree: SessionTree, pathAfter: readonly SessionEntry[], profile: PiProfile, title: string): DiffModel {
  const before = rowsOf(buildContextFromPath(getBranch(tree, tree.leafId), profile), profile);
  const after = rowsOf(buildContextFromPath(pathAfter, profile), profile);
  return buildDiffModel({ title, beforeLabel: "NOW (at pi's leaf)", afterLabel: "AFTER" }, before, after, profile);
}

const thousands = (n: number) => n.toLocaleString("en-US");

/** Two lines: the context before and after, and what changed. */
export function contextChangeLines(change: DiffModel): string[] {
  const { diff } = change;
  const delta = diff.tokensAfter - diff.tokensBefore;
  return [
    `Context now:   ${thousands(change.before.length)} messages, ~${thousands(diff.tokensBefore)} tokens (estimate)`,
    `Context after: ${thousands(change.after.length)} messages, ~${thousands(diff.tokensAfter)} tokens (${delta >= 0 ? "+" : ""}${thousands(delta)}): ` +
      `${diff.counts.removed} removed, ${diff.counts.added} added, ${diff.counts.kept} kept`,
  ];
}

/** One line per removed or added message ("- user u2a ~120"), in context order; kept ones are counted only. */
export function changedRowLines(change: DiffModel): string[] {
  const lines: string[] = [];
  for (const row of change.diff.rows) {
    const side = row.status === "removed" ? row.before : row.status === "added" ? row.after : undefined;
    if (!side) continue;
    lines.push(`  ${row.status === "removed" ? "-" : "+"} ${sanitizeInline(side.role)} ${side.id === null ? "(no entry)" : sanitizeInline(side.id)} ~${thousands(side.tokens)}`);
  }
  return lines;
}
