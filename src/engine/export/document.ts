// What an export holds, before any format: title, models, dates, usage totals, an outline of the tree
// with the exported path marked, and the items of the path (or, with `context`, of what the model
// would be sent at that entry). Markdown and HTML render this one model, so they show the same things.
import { buildContextFromPath } from "../context/build-context.js";
import { textOf } from "../display/tree-row-text.js";
import { stringifyJson } from "../serialize/json-text.js";
import { getBranch, type SessionTree } from "../tree/tree.js";
import type { AgentMessage, PiProfile, SessionEntry } from "../types.js";
import { entryTime } from "../usage/entry-usage.js";
import { isRecord } from "../usage/figures.js";
import { sessionUsage } from "../usage/report.js";
import type { UsageTotals } from "../usage/totals.js";

export interface OutlineRow {
  id: string;
  /** Indent: one step per fork above the row (as pi's /tree indents). */
  depth: number;
  text: string;
  onPath: boolean;
  /** The exported entry. */
  isTarget: boolean;
  /** The first row of a branch (its entry or the first listed one below it hangs under a fork). */
  startsBranch: boolean;
  label: string | undefined;
}

export interface ToolCallItem {
  id: string;
  name: string;
  /** The arguments as pretty JSON. */
  arguments: string;
}

export type ExportItem =
  | { kind: "user" | "assistant" | "custom" | "system" | "bash"; id: string | null; time: number; label: string | undefined; title: string; text: string; thinking: string[]; toolCalls: ToolCallItem[]; model: string | null; stopReason: string | null }
  | { kind: "toolResult"; id: string | null; time: number; label: string | undefined; title: string; text: string; isError: boolean; toolName: string }
  | { kind: "compaction" | "branch_summary"; id: string | null; time: number; label: string | undefined; title: string; text: string; tokensBefore: number | null };

export interface ExportDocument {
  title: string;
  file: string;
  sessionId: string;
  cwd: string;
  targetId: string | null;
  /** "path": the raw entries root..target; "context": what pi sends the model with target as leaf. */
  mode: "path" | "context";
  models: string[];
  first: number | null;
  last: number | null;
  session: UsageTotals;
  path: UsageTotals;
  outline: OutlineRow[];
  /** Outline rows left out (entries that are neither messages nor summaries off the path). */
  outlineOmitted: number;
  items: ExportItem[];
}

export interface ExportInput {
  tree: SessionTree;
  file: string;
  /** The entry to export the path to (default: the file's leaf). */
  targetId?: string | null;
  context?: boolean;
  profile?: PiProfile;
}

const oneLine = (s: string, max = 100): string => {
  const t = s.replace(/\s+/g, " ").trim();
  return Array.from(t).length > max ? `${Array.from(t).slice(0, max - 1).join("")}…` : t;
};

export function exportDocument(input: ExportInput): ExportDocument {
  const { tree } = input;
  const profile = input.profile ?? "1.6";
  const targetId = input.targetId === undefined ? tree.leafId : input.targetId;
  const path = getBranch(tree, targetId);
  const usage = sessionUsage(tree, { leafId: targetId });
  const onPath = new Set(path.map((e) => e.id));
  const labelOf = (id: string | null): string | undefined => (id === null ? undefined : tree.labels.get(id)?.label);
  const items: ExportItem[] = input.context
    ? buildContextFromPath(path, profile).messages.map(({ message, sourceId }) => messageItem(message, sourceId, messageTime(message), labelOf(sourceId)))
    : path.flatMap((e) => entryItems(e, labelOf(e.id)));
  const { rows, omitted } = outline(tree, onPath, targetId);
  const header = tree.loaded.header;
  return {
    title: tree.sessionName ?? (oneLine(firstUser(tree.loaded.entries)) || header?.id || "session"),
    file: input.file,
    sessionId: header?.id ?? "",
    cwd: typeof header?.cwd === "string" ? header.cwd : "",
    targetId,
    mode: input.context ? "context" : "path",
    models: usage.session.models,
    first: usage.session.first,
    last: usage.session.last,
    session: usage.session,
    path: usage.path,
    outline: rows,
    outlineOmitted: omitted,
    items,
  };
}

function messageTime(m: AgentMessage): number {
  if (typeof m.timestamp === "number") return m.timestamp;
  return typeof m.timestamp === "string" ? Date.parse(m.timestamp) : Number.NaN;
}

function firstUser(entries: readonly SessionEntry[]): string {
  for (const e of entries) {
    const m = (e as { message?: AgentMessage }).message;
    if (e.type === "message" && m?.role === "user") return textOf(m.content);
  }
  return "";
}

function entryItems(e: SessionEntry, label: string | undefined): ExportItem[] {
  const time = entryTime(e);
  if (e.type === "message") {
    const m = (e as { message?: unknown }).message;
    return isRecord(m) ? [messageItem(m as AgentMessage, e.id, time, label)] : [];
  }
  if (e.type === "compaction" || e.type === "branch_summary") {
    const r = e as Record<string, unknown>;
    return [
      {
        kind: e.type,
        id: e.id,
        time,
        label,
        title: e.type === "compaction" ? "Compaction summary" : "Branch summary",
        text: typeof r.summary === "string" ? r.summary : "",
        tokensBefore: typeof r.tokensBefore === "number" ? r.tokensBefore : null,
      },
    ];
  }
  if (e.type === "custom_message") {
    const r = e as Record<string, unknown>;
    return [{ kind: "custom", id: e.id, time, label, title: `Extension message (${String(r.customType)})`, text: textOf(r.content), thinking: [], toolCalls: [], model: null, stopReason: null }];
  }
  return [];
}

function messageItem(m: AgentMessage, id: string | null, time: number, label: string | undefined): ExportItem {
  const blocks = Array.isArray(m.content) ? (m.content as unknown[]).filter(isRecord) : [];
  const text = typeof m.content === "string" ? m.content : textOf(m.content);
  switch (m.role) {
    case "toolResult":
      return { kind: "toolResult", id, time, label, title: `Result of ${String(m.toolName ?? "tool")}`, text, isError: m.isError === true, toolName: String(m.toolName ?? "") };
    case "compactionSummary":
    case "branchSummary":
      return {
        kind: m.role === "compactionSummary" ? "compaction" : "branch_summary",
        id,
        time,
        label,
        title: m.role === "compactionSummary" ? "Compaction summary" : "Branch summary",
        text: typeof m.summary === "string" ? m.summary : text,
        tokensBefore: typeof m.tokensBefore === "number" ? m.tokensBefore : null,
      };
    case "bashExecution":
      return { kind: "bash", id, time, label, title: "Shell command (!)", text: `$ ${String(m.command ?? "")}\n${String(m.output ?? "")}`, thinking: [], toolCalls: [], model: null, stopReason: null };
    default: {
      const kind = m.role === "user" ? "user" : m.role === "assistant" ? "assistant" : m.role === "system" ? "system" : "custom";
      const sectionText = m.role === "system" && isRecord(m.sections) ? Object.entries(m.sections).filter(([, v]) => typeof v === "string").map(([k, v]) => `## ${k}\n${String(v)}`).join("\n\n") : "";
      return {
        kind,
        id,
        time,
        label,
        title: kind === "user" ? "User" : kind === "assistant" ? "Assistant" : kind === "system" ? "System prompt" : `Message (${m.role})`,
        text: text || sectionText,
        thinking: blocks.filter((b) => b.type === "thinking" && typeof b.thinking === "string").map((b) => b.thinking as string),
        toolCalls: blocks
          .filter((b) => b.type === "toolCall")
          .map((b) => ({ id: String(b.id ?? ""), name: String(b.name ?? ""), arguments: stringifyJson(b.arguments ?? {}, 2) ?? "" })),
        model: kind === "assistant" ? `${String(m.provider ?? "?")}/${String(m.responseModel ?? m.model ?? "?")}` : null,
        stopReason: typeof m.stopReason === "string" ? m.stopReason : null,
      };
    }
  }
}

/** The tree as rows: user messages, summaries, labeled entries, branch points and leaves (and the path's target). */
function outline(tree: SessionTree, onPath: Set<string>, targetId: string | null): { rows: OutlineRow[]; omitted: number } {
  const rows: OutlineRow[] = [];
  let omitted = 0;
  const stack: { e: SessionEntry; depth: number; fork: boolean }[] = [];
  for (let i = tree.roots.length - 1; i >= 0; i--) stack.push({ e: tree.roots[i], depth: tree.roots.length > 1 ? 1 : 0, fork: tree.roots.length > 1 });
  while (stack.length > 0) {
    const { e, depth, fork } = stack.pop() as { e: SessionEntry; depth: number; fork: boolean };
    const children = typeof e.id === "string" ? tree.childrenOf(e.id) : [];
    const m = (e as { message?: AgentMessage }).message;
    const label = tree.labels.get(e.id)?.label;
    const notable =
      (e.type === "message" && m?.role === "user") || e.type === "compaction" || e.type === "branch_summary" || label !== undefined || children.length !== 1 || e.id === targetId;
    if (notable) rows.push({ id: e.id, depth, text: outlineText(e), onPath: onPath.has(e.id), isTarget: e.id === targetId, startsBranch: fork, label });
    else omitted++;
    const childDepth = children.length > 1 ? depth + 1 : depth;
    // A fork's children start branches; an unlisted entry hands that on to the next listed one.
    for (let i = children.length - 1; i >= 0; i--) stack.push({ e: children[i], depth: childDepth, fork: children.length > 1 || (fork && !notable) });
  }
  return { rows, omitted };
}

function outlineText(e: SessionEntry): string {
  const m = (e as { message?: AgentMessage }).message;
  if (e.type === "message" && m) {
    const t = oneLine(textOf(m.content), 80);
    const calls = Array.isArray(m.content) ? (m.content as unknown[]).filter((b) => isRecord(b) && b.type === "toolCall").length : 0;
    return `${m.role}: ${t || (calls ? `(${calls} tool call${calls === 1 ? "" : "s"})` : "(no text)")}`;
  }
  if (e.type === "compaction") return "[compaction]";
  if (e.type === "branch_summary") return `[branch summary] ${oneLine(String((e as { summary?: unknown }).summary ?? ""), 60)}`;
  return `[${e.type}]`;
}
