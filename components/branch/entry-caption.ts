// A short, sanitized one-line caption of an entry for the flow's plan ("user u2a: Try approach A…").
import { textPrefix, type SessionEntry as Entry } from "../../src/engine/index.js";
import { clipInline } from "../kit/clip.js";

const MAX_TEXT = 60;
/** Characters of an entry a caption is made from (a tool result can be 200 KB). */
const CAPTION_CHARS = 1000;

function entryText(entry: Entry): string {
  const e = entry as Record<string, unknown>;
  const message = e.message as { content?: unknown } | undefined;
  if (message) return textPrefix(message.content, CAPTION_CHARS);
  if (typeof e.summary === "string") return e.summary.slice(0, CAPTION_CHARS);
  if (e.content !== undefined) return textPrefix(e.content, CAPTION_CHARS);
  if (typeof e.label === "string") return e.label;
  return "";
}

function kindOf(entry: Entry): string {
  const role = (entry as { message?: { role?: unknown } }).message?.role;
  return entry.type === "message" && typeof role === "string" ? role : entry.type;
}

/** "<kind> <id>: <first words>", safe to draw. */
export function entryCaption(entry: Entry | undefined, id: string | null): string {
  if (id === null) return "(none)";
  if (entry === undefined) return clipInline(id, MAX_TEXT);
  const short = clipInline(entryText(entry).trimStart(), MAX_TEXT).trimEnd();
  return `${kindOf(entry)} ${clipInline(entry.id, MAX_TEXT)}${short ? `: ${short}` : ""}`;
}
