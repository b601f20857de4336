// The lines a commit shows before it asks: each entry it will append with the fields that matter.
// Session text is untrusted, so everything passes through the sanitizer.
import type { SessionEntry } from "../../src/engine/index.js";
import { sanitizeBlock, sanitizeInline } from "../kit/sanitize.js";

const SHOWN_FIELDS = ["targetId", "label", "fromId", "firstKeptEntryId", "tokensBefore"];

function fieldsOf(entry: SessionEntry): string {
  const e = entry as Record<string, unknown>;
  const shown = SHOWN_FIELDS.filter((key) => key in e).map((key) => `${key}=${sanitizeInline(JSON.stringify(e[key]))}`);
  if (entry.type === "label" && !("label" in e)) shown.push("(no label: clears it)");
  return shown.join("  ");
}

/** What will be appended to `file`, one block per entry; summaries follow, one line per line. */
export function pendingEntryLines(file: string, entries: readonly SessionEntry[]): string[] {
  const lines = [`Will append ${entries.length} ${entries.length === 1 ? "entry" : "entries"} to ${sanitizeInline(file)}:`];
  for (const entry of entries) {
    lines.push(`  + ${entry.type} ${sanitizeInline(entry.id)}  parent ${sanitizeInline(String(entry.parentId))}  ${entry.timestamp}`);
    const fields = fieldsOf(entry);
    if (fields) lines.push(`    ${fields}`);
    const summary = (entry as { summary?: unknown }).summary;
    if (typeof summary === "string") for (const line of sanitizeBlock(summary).split("\n")) lines.push(`    │ ${line}`);
  }
  return lines;
}
