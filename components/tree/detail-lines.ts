// The detail pane's lines for one entry: a few facts (type, id, time, parent, label, context, tokens,
// model, usage), then every content section wrapped to the pane width. Pure; the screen memoizes it
// per (entry, width, find query).
import type { Cell } from "../kit/cell.js";
import { sanitizeBlock, sanitizeInline } from "../kit/sanitize.js";
import { wrapText } from "../kit/text-width.js";
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

function factLines(node: FlatNode, facts: DetailFacts): string[] {
  const e = node.entry as Rec;
  // Damaged files can lack ids or times; say so instead of printing "undefined".
  const shown = (value: unknown, missing: string) => (typeof value === "string" && value !== "" ? value : missing);
  const parent = e.parentId === null ? "(root)" : shown(e.parentId, "(none)");
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

/** Wrapped, sanitized, hit-marked lines of the pane. */
export function detailLines(node: FlatNode, facts: DetailFacts, width: number, findQuery?: string): Cell[][] {
  const w = Math.max(1, width);
  const out: Cell[][] = [];
  for (const line of factLines(node, facts)) {
    for (const part of wrapText(sanitizeInline(line), w)) out.push([{ text: part, tone: "muted" }]);
  }
  for (const section of entryDetailSections(node.entry)) {
    out.push([{ text: "", tone: "plain" }]);
    if (section.title) {
      for (const part of wrapText(sanitizeInline(section.title), w)) out.push([{ text: part, tone: "accent", bold: true }]);
    }
    for (const part of wrapText(sanitizeBlock(section.body), w)) out.push(markHits([{ text: part, tone: "plain" }], findQuery));
  }
  return out;
}
