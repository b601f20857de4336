// The full content of one entry for the detail pane (and full-text find): every text block, thinking,
// tool call arguments, tool output, summaries and their file lists, custom data. Images are shown as
// `[image: mime, size]`. Returns raw session text; the pane sanitizes it before drawing.
import type { SessionEntry } from "../../src/engine/index.js";
import { stringifyJson } from "../../src/engine/index.js";

type Rec = Record<string, unknown>;

export interface DetailSection {
  /** Short heading such as "text", "thinking", "tool call: read", "output"; "" for none. */
  title: string;
  body: string;
}

/** Human size of a base64 payload: the decoded byte count, e.g. "12.3 KB". */
function base64Size(data: unknown): string {
  if (typeof data !== "string") return "0 B";
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  const bytes = Math.max(0, Math.floor((data.length * 3) / 4) - padding);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const json = (value: unknown): string => {
  try {
    return stringifyJson(value, 2) ?? String(value);
  } catch {
    return String(value);
  }
};

function contentSections(content: unknown, into: DetailSection[]): void {
  if (typeof content === "string") {
    into.push({ title: "text", body: content });
    return;
  }
  if (!Array.isArray(content)) return;
  for (const block of content) {
    if (typeof block !== "object" || block === null) continue;
    const b = block as Rec;
    if (b.type === "text") into.push({ title: "text", body: String(b.text ?? "") });
    else if (b.type === "thinking") into.push({ title: b.redacted ? "thinking (redacted)" : "thinking", body: String(b.thinking ?? "") });
    else if (b.type === "toolCall") into.push({ title: `tool call: ${String(b.name)} (${String(b.id)})`, body: json(b.arguments) });
    else if (b.type === "image") into.push({ title: "", body: `[image: ${String(b.mimeType ?? "image/unknown")}, ${base64Size(b.data)}]` });
    else into.push({ title: String(b.type), body: json(b) });
  }
}

function messageSections(msg: Rec, into: DetailSection[]): void {
  const role = String(msg.role);
  if (role === "bashExecution") {
    into.push({ title: "command", body: String(msg.command ?? "") });
    into.push({ title: `output (exit ${String(msg.exitCode ?? "?")}${msg.cancelled ? ", cancelled" : ""}${msg.truncated ? ", truncated" : ""})`, body: String(msg.output ?? "") });
    return;
  }
  if (role === "branchSummary" || role === "compactionSummary") {
    into.push({ title: "summary", body: String(msg.summary ?? "") });
    return;
  }
  contentSections(msg.content, into);
  if (role === "assistant" && msg.errorMessage) into.push({ title: "error", body: String(msg.errorMessage) });
  if (role === "system" && msg.sections) into.push({ title: "sections", body: json(msg.sections) });
  if (role === "toolResult" && msg.details !== undefined) into.push({ title: "details", body: json(msg.details) });
}

/** The sections of an entry's full content, in reading order. */
export function entryDetailSections(entry: SessionEntry): DetailSection[] {
  const e = entry as Rec;
  const out: DetailSection[] = [];
  switch (entry.type) {
    case "message":
      messageSections((e.message ?? {}) as Rec, out);
      break;
    case "custom_message":
      contentSections(e.content, out);
      if (e.details !== undefined) out.push({ title: "details", body: json(e.details) });
      break;
    case "compaction":
      out.push({ title: "summary", body: String(e.summary ?? "") });
      out.push({ title: "", body: `first kept entry: ${String(e.firstKeptEntryId)} · tokens before: ${String(e.tokensBefore)}` });
      if (e.details !== undefined) out.push({ title: "details", body: json(e.details) });
      break;
    case "branch_summary":
      out.push({ title: "summary", body: String(e.summary ?? "") });
      out.push({ title: "", body: `from: ${String(e.fromId)}` });
      if (e.details !== undefined) out.push({ title: "details", body: json(e.details) });
      break;
    case "custom":
      out.push({ title: `custom: ${String(e.customType)}`, body: json(e.data) });
      break;
    case "label":
      out.push({ title: "", body: `label on ${String(e.targetId)}: ${e.label === undefined ? "(cleared)" : String(e.label)}` });
      break;
    case "session_info":
      out.push({ title: "", body: `title: ${e.name ? String(e.name) : "(empty)"}` });
      break;
    case "model_change":
      out.push({ title: "", body: `model: ${String(e.provider)}/${String(e.modelId)}` });
      break;
    case "thinking_level_change":
      out.push({ title: "", body: `thinking level: ${String(e.thinkingLevel)}` });
      break;
    case "context_edit":
      out.push({ title: `context ${e.replacement === null ? "omit" : "replace"}: ${String(e.targetId)}`, body: e.replacement === null ? "" : json(e.replacement) });
      break;
    default: {
      const { id: _id, parentId: _p, timestamp: _t, type: _type, ...rest } = e;
      out.push({ title: `entry type: ${entry.type}`, body: json(rest) });
    }
  }
  return out;
}

/** Everything searchable about an entry: id, label, and the full content. */
export function entryFullText(entry: SessionEntry, label: string | undefined): string {
  const parts = [entry.id, entry.type];
  if (label) parts.push(label);
  for (const s of entryDetailSections(entry)) parts.push(s.title, s.body);
  const msg = (entry as Rec).message as Rec | undefined;
  if (msg) parts.push(String(msg.role));
  return parts.join("\n");
}
