// A short, sanitized one-line caption of an entry for the flow's plan ("user u2a: Try approach A…").
import type { SessionEntry } from "../../src/engine/index.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { truncateToWidth } from "../kit/text-width.js";
import { textOf } from "../tree/row-text.js";

const MAX_TEXT = 60;

function entryText(entry: SessionEntry): string {
  const e = entry as Record<string, unknown>;
  const message = e.message as { content?: unknown } | undefined;
  if (message) return textOf(message.content);
  if (typeof e.summary === "string") return e.summary;
  if (e.content !== undefined) return textOf(e.content);
  if (typeof e.label === "string") return e.label;
  return "";
}

function kindOf(entry: SessionEntry): string {
  const role = (entry as { message?: { role?: unknown } }).message?.role;
  return entry.type === "message" && typeof role === "string" ? role : entry.type;
}

/** "<kind> <id>: <first words>", safe to draw. */
export function entryCaption(entry: SessionEntry | undefined, id: string | null): string {
  if (id === null) return "(none)";
  if (entry === undefined) return sanitizeInline(id);
  const text = sanitizeInline(entryText(entry)).trim();
  const short = truncateToWidth(text, MAX_TEXT);
  return `${kindOf(entry)} ${sanitizeInline(entry.id)}${short ? `: ${short}` : ""}`;
}
