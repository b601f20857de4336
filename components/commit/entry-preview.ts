// The lines a commit shows before it asks: each entry it will append with the fields that matter.
// Session text is untrusted, so everything passes through the sanitizer.
import { appendHeading, type PendingCommit, type PiProfile, type SessionEntry } from "../../src/engine/index.js";
import { changedRowLines, contextChange, contextChangeLines } from "../branch/context-change.js";
import type { DiffModel } from "../diff/diff-model.js";
import { sanitizeBlock, sanitizeInline } from "../kit/sanitize.js";
import type { SessionDocument } from "../document/session-document.js";

const SHOWN_FIELDS = ["targetId", "label", "fromId", "firstKeptEntryId", "tokensBefore"];

function fieldsOf(entry: SessionEntry): string {
  const e = entry as Record<string, unknown>;
  const shown = SHOWN_FIELDS.filter((key) => key in e).map((key) => `${key}=${sanitizeInline(JSON.stringify(e[key]))}`);
  if (entry.type === "label" && !("label" in e)) shown.push("(no label: clears it)");
  return shown.join("  ");
}

/** What will be appended to `file` and where pi's leaf (`oldLeafId` now) goes, then one block per entry; summaries follow, one line per line. */
export function pendingEntryLines(file: string, pending: PendingCommit, oldLeafId: string | null): string[] {
  const { heading, leaf } = appendHeading(file, pending, oldLeafId);
  const lines = [sanitizeInline(heading), `  ${sanitizeInline(leaf)}`];
  for (const entry of pending.entries) {
    lines.push(`  + ${entry.type} ${sanitizeInline(entry.id)}  parent ${sanitizeInline(String(entry.parentId))}  ${entry.timestamp}`);
    const fields = fieldsOf(entry);
    if (fields) lines.push(`    ${fields}`);
    const summary = (entry as { summary?: unknown }).summary;
    if (typeof summary === "string") for (const line of sanitizeBlock(summary).split("\n")) lines.push(`    │ ${line}`);
  }
  return lines;
}

/**
 * What a confirm step shows for `pending` appended to `path` (root first): the context change in
 * two lines (`head`, to go under the caller's own first line) and the entries to append with the
 * messages leaving and entering the context (`lines`).
 */
export function pendingCommitView(
  document: SessionDocument,
  path: readonly SessionEntry[],
  pending: PendingCommit,
  profile: PiProfile,
  title: string,
): { change: DiffModel; head: string[]; lines: string[] } {
  const change = contextChange(document.tree, [...path, ...pending.entries], profile, title);
  return {
    change,
    head: contextChangeLines(change).map((l) => `  ${l}`),
    lines: [...pendingEntryLines(document.path, pending, document.tree.leafId), "", "  Messages leaving and entering the context:", ...changedRowLines(change)],
  };
}
