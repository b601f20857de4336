// [Earlier Turns] (vcc.md §2.4.8, V1): one line per turn, "request → actions".
import type { Block, ToolCallBlock } from "../blocks.js";
import { commandArgument, isBashTool, isWriteTool, pathArgument } from "../blocks.js";
import { compressCommand } from "../command.js";
import { clip, clipAtWord, lastSegments } from "../text.js";
import { collapseSkillBlocks, truncateContentWords } from "../words.js";

export const EARLIER_TURNS_CAP = 15;
const MAX_ACTION_CHARS = 60;

interface Turn {
  /** The block that opened the turn; its text is shortened only for the turns that are shown. */
  openedBy: Block | undefined;
  calls: ToolCallBlock[];
}

function actionOf(name: string, args: Record<string, unknown>): { text: string; edit: boolean } {
  const path = pathArgument(args);
  if (path !== undefined) {
    if (isWriteTool(name)) return { text: `edited ${lastSegments(path, 2)}`, edit: true };
    return { text: `${name.toLowerCase()} ${lastSegments(path, 2)}`, edit: false };
  }
  const command = isBashTool(name) ? commandArgument(args) : undefined;
  if (command !== undefined) return { text: `ran ${clip(compressCommand(command), MAX_ACTION_CHARS)}`, edit: false };
  return { text: name.toLowerCase(), edit: false };
}

function opener(block: Block | undefined): string {
  if (block?.kind === "bash") return `$ ${compressCommand(block.command)}`;
  if (block?.kind === "user") return truncateContentWords(collapseSkillBlocks(block.text.slice(0, 2000)), 12);
  return "";
}

function renderTurn(turn: Turn): string {
  const parts: string[] = [];
  const text = opener(turn.openedBy);
  if (text.length > 3) parts.push(clipAtWord(text, 50));
  const actions = turn.calls.map((c) => actionOf(c.name, c.args));
  const editTexts = new Set(actions.filter((a) => a.edit).map((a) => a.text));
  const unique = [...new Set(actions.map((a) => a.text))].slice(0, 5);
  const edits = unique.filter((a) => editTexts.has(a));
  const others = unique.length - edits.length;
  if (unique.length === 0) parts.push("(no actions)");
  else if (edits.length > 0 && others > 2) parts.push(`${edits.join(", ")} +${others} more`);
  else parts.push(unique.join(", "));
  return parts.join(" → ");
}

export function buildEarlierTurns(blocks: readonly Block[]): string[] {
  const turns: Turn[] = [];
  let current: Turn | undefined;
  for (const block of blocks) {
    if (block.kind === "user" || block.kind === "bash") {
      current = { openedBy: block, calls: [] };
      turns.push(current);
    } else if (block.kind === "tool_call") {
      if (!current) {
        current = { openedBy: undefined, calls: [] };
        turns.push(current);
      }
      current.calls.push(block);
    }
  }
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const turn of turns.slice(-EARLIER_TURNS_CAP * 2)) {
    const line = renderTurn(turn);
    if (seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return lines.slice(-EARLIER_TURNS_CAP);
}
