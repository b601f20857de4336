// The brief transcript (vcc.md §2.5): who said and did what, one line per message part, each with
// its global `(#N)` ref; then a rolling window of the last BRIEF_MAX_LINES lines.
import type { Block } from "./blocks.js";
import { compressCommand } from "./command.js";
import { clip, firstNonEmptyLine } from "./text.js";
import { toolCallText } from "./tool-line.js";
import { collapseSkillBlocks, truncateContentWords } from "./words.js";

const BRIEF_MAX_LINES = 120;
const TOOL_LINES_PER_SECTION = 8;
const MAX_LINE_CHARS = 3000;
const USER_WORDS = 256;
const ASSISTANT_WORDS = 200;
const CUSTOM_WORDS = 60;
const FILLER = /^(?:hmm+|wait|actually|oh|okay|ok|well|so)[\s,.!:;-]{1,5}/i;

/** Header lines the brief can contain; anything else is a content line. */
const BRIEF_HEADERS = ["[user]", "[assistant]", "[tool_error]", "[custom]", "[branch summary]"];
const BRIEF_OMITTED_MARKER = "...(earlier lines omitted)";
// Blocks after the brief's start that surely yield a line of their own; far more than the window.
const TAIL_GUARANTEED_LINES = 300;

function isBriefHeader(line: string): boolean {
  return BRIEF_HEADERS.some((h) => line === h || (line.startsWith(h) && line[h.length] === " "));
}

interface BriefLine {
  text: string;
  refs: number[];
  count: number;
  tool: boolean;
}
interface BriefSection {
  kind: "user" | "assistant" | "tool_error" | "custom" | "branch summary";
  tool: string;
  refs: number[];
  count: number;
  lines: BriefLine[];
}

function refsText(refs: readonly number[]): string {
  if (refs.length === 0) return "";
  const shown = refs.length > 8 ? [...refs.slice(0, 4).map((r) => `#${r}`), "…", ...refs.slice(-3).map((r) => `#${r}`)] : refs.map((r) => `#${r}`);
  return ` (${shown.join(", ")})`;
}

function renderLine(line: BriefLine): string {
  return `${clip(line.text, MAX_LINE_CHARS)}${refsText(line.refs)}${line.count > 1 ? ` x${line.count}` : ""}`;
}

function header(section: BriefSection): string {
  if (section.kind === "tool_error") {
    return `[tool_error] ${section.tool || "tool"}${refsText(section.refs)}${section.count > 1 ? ` x${section.count}` : ""}`;
  }
  return `[${section.kind}]`;
}

class BriefBuilder {
  readonly sections: BriefSection[] = [];

  push(kind: BriefSection["kind"], text: string, ref: number | undefined, tool = false): void {
    const refs = ref === undefined ? [] : [ref];
    const last = this.sections[this.sections.length - 1];
    const line: BriefLine = { text, refs, count: 1, tool };
    if (last && last.kind === kind && kind !== "tool_error") {
      const prev = last.lines[last.lines.length - 1];
      // Identical consecutive tool calls collapse into one line; a line without ref never merges.
      if (tool && prev?.tool && prev.text === text && prev.refs.length > 0 && refs.length > 0) {
        for (const r of refs) prev.refs.push(r);
        prev.count++;
        return;
      }
      last.lines.push(line);
      return;
    }
    this.sections.push({ kind, tool: "", refs: [], count: 1, lines: [line] });
  }

  pushError(tool: string, text: string, ref: number | undefined): void {
    const refs = ref === undefined ? [] : [ref];
    const last = this.sections[this.sections.length - 1];
    // Consecutive identical single-line errors of one tool collapse into one section.
    if (last?.kind === "tool_error" && last.tool === tool && last.lines[0]?.text === text && last.refs.length > 0 && refs.length > 0) {
      for (const r of refs) last.refs.push(r);
      last.count++;
      return;
    }
    this.sections.push({ kind: "tool_error", tool, refs, count: 1, lines: [{ text, refs: [], count: 1, tool: false }] });
  }

  render(): string[] {
    const out: string[] = [];
    for (const section of this.sections) {
      if (out.length > 0) out.push("");
      out.push(header(section));
      const toolLines = section.lines.filter((l) => l.tool).length;
      let skip = Math.max(0, toolLines - TOOL_LINES_PER_SECTION);
      const omitted = skip;
      for (const line of section.lines) {
        if (line.tool && skip > 0) {
          skip--;
          if (skip === 0) out.push(`* (${omitted} earlier tool-call entries omitted)`);
          continue;
        }
        out.push(renderLine(line));
      }
    }
    return out;
  }
}

function assistantText(text: string): string {
  let t = text.trimStart();
  for (let i = 0; i < 2; i++) {
    const filler = FILLER.exec(t);
    if (!filler) break;
    t = t.slice(filler[0].length);
  }
  return truncateContentWords(t, ASSISTANT_WORDS);
}

/**
 * Where building the brief can start without changing its last BRIEF_MAX_LINES lines: a user block
 * (it opens a [user] section, which holds no tool lines, so no later section's collapsing or tool
 * cap depends on what came before) followed by enough lines that everything before it falls out
 * of the window. Long spans then cost only their tail.
 */
function briefStart(blocks: readonly Block[]): number {
  let lines = 0;
  for (let i = blocks.length - 1; i > 0; i--) {
    const kind = blocks[i]?.kind;
    if (kind === "user" || kind === "bash" || kind === "custom" || kind === "branch_summary") lines++;
    if (lines >= TAIL_GUARANTEED_LINES && kind === "user") return i;
  }
  return 0;
}

/** Brief lines for a span of blocks, before the rolling window is applied. */
export function buildBrief(blocks: readonly Block[], cwd: string | undefined): string[] {
  const brief = new BriefBuilder();
  for (let i = briefStart(blocks); i < blocks.length; i++) {
    const block = blocks[i] as Block;
    switch (block.kind) {
      case "user": {
        const text = truncateContentWords(collapseSkillBlocks(block.text), USER_WORDS);
        if (text !== "") brief.push("user", text, block.ref);
        break;
      }
      case "bash": {
        const exit = block.exitCode !== undefined && block.exitCode !== 0 ? ` [exit ${block.exitCode}]` : "";
        brief.push("user", `$ ${compressCommand(block.command)}${exit}`, block.ref);
        break;
      }
      case "assistant": {
        const text = assistantText(block.text);
        if (text !== "") brief.push("assistant", text, block.ref);
        break;
      }
      case "tool_call":
        brief.push("assistant", toolCallText(block, cwd), block.ref, true);
        break;
      case "tool_result": {
        if (!block.isError) break;
        const first = firstNonEmptyLine(block.text);
        if (first === "" || first === "(no output)") break;
        const body = block.exitCode !== undefined ? `exit ${block.exitCode}: ${first}` : first;
        brief.pushError(block.name || "tool", clip(body, 150), block.ref);
        break;
      }
      case "custom":
        brief.push("custom", `${block.customType}: ${truncateContentWords(block.text, CUSTOM_WORDS)}`, block.ref);
        break;
      case "branch_summary":
        brief.push("branch summary", clip(block.firstLine, 150), block.ref);
        break;
    }
  }
  return brief.render();
}

/**
 * Keeps the last BRIEF_MAX_LINES lines, starting at a header, behind one omission marker.
 * Applying it again to its own output changes nothing (the marker is not counted).
 */
export function capBrief(lines: readonly string[]): string[] {
  let body = [...lines];
  let omitted = false;
  if (body[0] === BRIEF_OMITTED_MARKER) {
    omitted = true;
    body = body.slice(1);
  }
  while (body.length > 0 && body[0] === "") body.shift();
  while (body.length > 0 && body[body.length - 1] === "") body.pop();
  if (body.length > BRIEF_MAX_LINES) {
    omitted = true;
    body = body.slice(-BRIEF_MAX_LINES);
    // Keep sections whole at the top: skip to the first header.
    const first = body.findIndex(isBriefHeader);
    if (first > 0) body = body.slice(first);
  }
  return omitted ? [BRIEF_OMITTED_MARKER, "", ...body] : body;
}
