// [Commits] (vcc.md §2.4.4): `git commit -m` runs (user `!` commands and bash tool calls) with the
// hash read from their own output (the result paired by toolCallId).
import type { Block } from "../blocks.js";
import { commandArgument, isBashTool } from "../blocks.js";
import { clip, MAX_SCAN_CHARS } from "../text.js";

export const COMMITS_CAP = 8;

/** The unescaped argument of the first `-m` in a `git commit` command, or undefined. */
export function commitMessage(command: string): string | undefined {
  const git = command.indexOf("git commit");
  if (git === -1 || git >= MAX_SCAN_CHARS) return undefined;
  const text = command.slice(0, MAX_SCAN_CHARS);
  const flag = /\s-[a-zA-Z]{0,3}m\s{0,5}/.exec(text.slice(git));
  if (!flag) return undefined;
  let pos = git + flag.index + flag[0].length;
  let quote = text[pos];
  let ansi = false;
  if (quote === "$" && text[pos + 1] === "'") {
    ansi = true;
    pos++;
    quote = "'";
  }
  if (quote !== '"' && quote !== "'") return undefined;
  let out = "";
  for (let i = pos + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === quote) return firstLine(out);
    if (ch === "\\" && quote === '"' && i + 1 < text.length) {
      out += text[++i];
    } else if (ch === "\\" && ansi && i + 1 < text.length) {
      const next = text[++i];
      out += next === "n" ? "\n" : next === "t" ? "\t" : next;
    } else {
      out += ch;
    }
  }
  return undefined;
}

function firstLine(message: string): string | undefined {
  const line = message.split("\n", 1)[0]?.trim() ?? "";
  return line === "" ? undefined : line;
}

/** `[branch abc1234]` first, then the second hash of `a..b`, then any 7–12 hex word. */
export function commitHash(output: string): string | undefined {
  const text = output.slice(0, 2000);
  const bracket = /\[[^\]\n]{1,120} ([0-9a-f]{7,40})\]/.exec(text);
  if (bracket) return bracket[1];
  const range = /\b[0-9a-f]{7,40}\.\.([0-9a-f]{7,40})\b/.exec(text);
  if (range) return range[1];
  return /\b([0-9a-f]{7,12})\b/.exec(text)?.[1];
}

export function buildCommits(blocks: readonly Block[]): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  const add = (message: string | undefined, output: string | undefined): void => {
    if (message === undefined) return;
    const hash = output === undefined ? undefined : commitHash(output);
    const item = hash ? `${hash}: ${clip(message, 150)}` : clip(message, 150);
    if (seen.has(item)) return;
    seen.add(item);
    items.push(item);
  };
  for (const block of blocks) {
    if (block.kind === "bash") {
      if (block.exitCode === undefined || block.exitCode === 0) add(commitMessage(block.command), block.output);
    } else if (block.kind === "tool_call" && isBashTool(block.name)) {
      const command = commandArgument(block.args);
      if (command === undefined || block.result?.isError === true) continue;
      add(commitMessage(command), block.result?.text);
    }
  }
  return items.slice(-COMMITS_CAP);
}
