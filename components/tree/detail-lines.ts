// The detail pane's lines for one entry: a few facts (type, id, time, parent, label, context, tokens,
// model, usage), then every content section wrapped to the pane width. Pure; the screen memoizes it
// per (entry, width, find query). The lines are made as the pane reads them (kit/pane-lines.ts): a
// 200 KB tool result costs what its first screenful does.
import type { Cell } from "../kit/cell.js";
import { PaneLines, type PanePart } from "../kit/pane-lines.js";
import type { FlatNode } from "./flat-tree.js";
import { entryDetailSections } from "./detail-text.js";
import { formatTokens, markHits } from "./row-render.js";

type Rec = Record<string, unknown>;

export interface DetailFacts {
  inContext: boolean;
  tokens: number;
}

function kindOf(node: FlatNode): string {
  const e = node.entry as Rec;
  if (node.entry.type === "message") return `message · ${String((e.message as Rec | undefined)?.role)}`;
  return node.entry.type;
}

/**
 * Why an entry with a parent id is drawn as a root: the parent is not in the file (lost, most
 * often on a damaged line pi skips), or the entry names itself. "" when the parent is there.
 */
function lostParentNote(node: FlatNode): string {
  const e = node.entry as Rec;
  if (node.parent >= 0 || typeof e.parentId !== "string" || e.parentId === "") return "";
  if (e.parentId === e.id) return " (the entry names itself: pi shows it as a root)";
  return " (lost: no entry in the file has this id, e.g. it was on a damaged line; pi shows this entry as a root)";
}

function factLines(node: FlatNode, facts: DetailFacts): string[] {
  const e = node.entry as Rec;
  // Damaged files can lack ids or times; say so instead of printing "undefined".
  const shown = (value: unknown, missing: string) => (typeof value === "string" && value !== "" ? value : missing);
  const parent = e.parentId === null ? "(root)" : shown(e.parentId, "(none)") + lostParentNote(node);
  const lines = [`${kindOf(node)} · ${shown(e.id, "(no id)")}`, `time: ${shown(e.timestamp, "(none)")}`, `parent: ${parent}`];
  if (node.label) lines.push(`label: ${node.label}`);
  lines.push(`${facts.inContext ? "in the model's context" : "not in the model's context"} · ~${formatTokens(facts.tokens)} tokens (estimate)`);
  const msg = e.message as Rec | undefined;
  if (msg?.role === "assistant") {
    const usage = msg.usage as Rec | undefined;
    const model = [msg.provider, msg.model].filter(Boolean).join("/");
    lines.push(`model: ${model || "?"} · stop: ${String(msg.stopReason ?? "?")}`);
    if (usage) lines.push(`usage: in ${String(usage.input)} · out ${String(usage.output)} · cache r ${String(usage.cacheRead)} w ${String(usage.cacheWrite)}`);
  }
  if (msg?.role === "toolResult") lines.push(`tool: ${String(msg.toolName)}${msg.isError ? " · error" : ""}`);
  return lines;
}

/** Wrapped, sanitized, hit-marked lines of the pane, made as they are read. */
export function detailLines(node: FlatNode, facts: DetailFacts, width: number, findQuery?: string): PaneLines {
  const parts: PanePart[] = factLines(node, facts).map((line) => ({ text: line, tone: "muted" }));
  const decorate = findQuery ? (cells: Cell[]) => markHits(cells, findQuery) : undefined;
  for (const section of entryDetailSections(node.entry)) {
    parts.push({ text: "", tone: "plain" });
    // A section with no text (thinking a provider kept encrypted, an empty text block) says so
    // in its heading instead of showing a heading over nothing.
    const empty = section.body.trim() === "";
    const title = empty ? `${section.title || "content"} (empty: no text stored)` : section.title;
    if (title) parts.push({ text: title, tone: empty ? "muted" : "accent", bold: !empty });
    if (!empty) parts.push({ text: section.body, tone: "plain", block: true, decorate });
  }
  return new PaneLines({ parts, width: Math.max(1, width) });
}
