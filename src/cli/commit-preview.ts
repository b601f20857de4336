// The text a commit shows before it asks: each entry it will append, with the fields that matter.
import type { PendingCommit, SessionEntry } from "../engine/index.js";
import { appendHeading, sanitizeBlock, sanitizeLine, stringifyJson } from "../engine/index.js";

const SUMMARY_PREVIEW_LINES = 40;

function fieldsOf(entry: SessionEntry): string[] {
  const e = entry as Record<string, unknown>;
  const shown: string[] = [];
  for (const key of ["firstKeptEntryId", "tokensBefore", "fromId", "targetId", "label", "fromHook"]) {
    if (key in e) shown.push(`${key}=${sanitizeLine(stringifyJson(e[key]) ?? String(e[key]))}`);
  }
  if ("systemMessage" in e) shown.push("systemMessage=(prompt and tools checkpoint)");
  if (entry.type === "label" && !("label" in e)) shown.push("(no label: clears it)");
  return shown;
}

/** Lines describing the entries to append to `file` and where pi's leaf (`oldLeafId` now) goes, one block per entry, summaries indented. */
export function previewLines(file: string, pending: PendingCommit, oldLeafId: string | null): string[] {
  const { heading, leaf } = appendHeading(file, pending, oldLeafId);
  const lines = [sanitizeLine(heading), `  ${sanitizeLine(leaf)}`];
  for (const entry of pending.entries) {
    lines.push(`  + ${entry.type} ${sanitizeLine(entry.id)} (parent ${sanitizeLine(String(entry.parentId))}, ${entry.timestamp})`);
    const fields = fieldsOf(entry);
    if (fields.length > 0) lines.push(`    ${fields.join("  ")}`);
    const summary = (entry as { summary?: unknown }).summary;
    if (typeof summary === "string") {
      const text = sanitizeBlock(summary).split("\n");
      for (const line of text.slice(0, SUMMARY_PREVIEW_LINES)) lines.push(`    | ${line}`);
      if (text.length > SUMMARY_PREVIEW_LINES) lines.push(`    | … ${text.length - SUMMARY_PREVIEW_LINES} more lines`);
    }
  }
  return lines;
}
