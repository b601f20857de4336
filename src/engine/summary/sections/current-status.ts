// [Current Status] (vcc.md §2.4.9): what the last blocks of the span were about.
import type { Block } from "../blocks.js";
import { pathArgument } from "../blocks.js";
import { clip, collapseWhitespace } from "../text.js";

const STATUS_TAIL_BLOCKS = 20;
const CONFIRMATION = /^(?:ok|okay|yes|yeah|yep|sure|great|thanks|thx|nice|looks? good|works?|perfect|done|got it|i see|lgtm|awesome)\b/i;
const NEXT_HINT = /\b(?:next|remaining|todo|still need)\b|\bwhat\b.{0,40}\bleft\b|\bfollowing\b/i;

export function buildCurrentStatus(blocks: readonly Block[]): string[] {
  const tail = blocks.slice(-STATUS_TAIL_BLOCKS);
  let working: string | undefined;
  let lastAction: string | undefined;
  let next: string | undefined;
  for (const block of tail) {
    if (block.kind === "user") {
      const text = collapseWhitespace(block.text.slice(0, 1000));
      if (text.length >= 10 && !CONFIRMATION.test(text)) working = text;
    } else if (block.kind === "tool_call") {
      const path = pathArgument(block.args);
      if (path !== undefined) lastAction = `${block.name} "${clip(path, 80)}"`;
    } else if (block.kind === "assistant") {
      const text = block.text.slice(0, 2000);
      if (text.length > 20 && NEXT_HINT.test(text)) next = collapseWhitespace(text);
    }
  }
  const items: string[] = [];
  if (working !== undefined) items.push(`Working on: ${clip(working, 120)}`);
  if (lastAction !== undefined) items.push(`Last action: ${lastAction}`);
  if (next !== undefined) items.push(`Next: ${clip(next, 120)}`);
  return items;
}
