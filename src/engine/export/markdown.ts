// The export as Markdown: readable on GitHub and in a terminal pager. Every piece of session text is
// made inert (no escape sequence or bidi control survives); what is not prose (tool arguments,
// results, thinking, the outline) sits in code fences longer than any backtick run inside them.
import type { ExportDocument, ExportItem } from "./document.js";
import { cutText, factRows, inert, inertLine, when, type ExportOptions } from "./common.js";

const RESULT_LINES = 30;
const RESULT_CHARS = 3000;

function fence(text: string, lang = "text"): string {
  let longest = 2;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const f = "`".repeat(longest + 1);
  return `${f}${lang}\n${text}${text.endsWith("\n") ? "" : "\n"}${f}`;
}

/** Inline code that no backtick in the text can close early. */
function code(text: string): string {
  const t = inertLine(text);
  let longest = 0;
  for (const m of t.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const f = "`".repeat(longest + 1);
  return `${f}${longest ? " " : ""}${t}${longest ? " " : ""}${f}`;
}

/** Two spaces per fork above; the first row of a branch hangs from "├ ". */
export const indent = (depth: number, startsBranch: boolean): string => (startsBranch && depth > 0 ? `${"  ".repeat(depth - 1)}├ ` : "  ".repeat(depth));

export function exportMarkdown(doc: ExportDocument, options: ExportOptions = {}): string {
  const out: string[] = [`# ${inertLine(doc.title).replace(/^#+/, "")}`, ""];
  for (const [k, v] of factRows(doc, options)) out.push(`- **${k}:** ${v}`);
  out.push("", "## Outline", "", "`▶` the exported entry, `•` on the exported path, `·` elsewhere.", "");
  const outline = doc.outline.map((r) => `${indent(r.depth, r.startsBranch)}${r.isTarget ? "▶" : r.onPath ? "•" : "·"} ${inertLine(r.text)}${r.label ? ` [${inertLine(r.label)}]` : ""}  (${inertLine(r.id)})`);
  if (doc.outlineOmitted > 0) outline.push(`(${doc.outlineOmitted} entries inside straight runs not listed)`);
  out.push(fence(outline.join("\n")), "", doc.mode === "context" ? "## Context sent to the model" : "## Path", "");
  doc.items.forEach((item, i) => out.push(...itemMarkdown(item, i + 1, options), ""));
  return `${out.join("\n").trimEnd()}\n`;
}

function heading(item: ExportItem, n: number, options: ExportOptions, extra: string[]): string {
  const bits = [`${n}. ${item.title}`, ...extra];
  const t = when(item.time, options.timeZone);
  if (t) bits.push(t);
  if (item.id) bits.push(code(item.id));
  if (item.label) bits.push(`label ${code(item.label)}`);
  return `### ${bits.join(" · ")}`;
}

function itemMarkdown(item: ExportItem, n: number, options: ExportOptions): string[] {
  switch (item.kind) {
    case "toolResult": {
      const cut = cutText(inert(item.text), RESULT_LINES, RESULT_CHARS);
      return [heading(item, n, options, [cut.size, ...(item.isError ? ["error"] : [])]), "", fence(cut.text), ...(cut.cut ? ["", `*(cut to the first ${RESULT_LINES} lines / ${RESULT_CHARS} characters)*`] : [])];
    }
    case "compaction":
    case "branch_summary":
      return [heading(item, n, options, item.tokensBefore === null ? [] : [`${item.tokensBefore} tokens before`]), "", fence(inert(item.text), "markdown")];
    default: {
      const lines = [heading(item, n, options, [item.model ? code(item.model) : "", item.stopReason && item.stopReason !== "stop" ? `stop: ${inertLine(item.stopReason)}` : ""].filter(Boolean)), ""];
      if (options.thinking !== "omit") {
        for (const t of item.thinking) lines.push("<details><summary>Thinking</summary>", "", fence(inert(t)), "", "</details>", "");
      }
      if (item.text.trim()) lines.push(item.kind === "system" || item.kind === "bash" ? fence(inert(item.text)) : inert(item.text).trimEnd(), "");
      for (const call of item.toolCalls) lines.push(`**Tool call** ${code(call.name)} ${code(call.id)}`, "", fence(inert(call.arguments), "json"), "");
      return lines.slice(0, lines.length - 1);
    }
  }
}
