// [Session Goal] (vcc.md §2.4.1): the first substantive user request, plus the latest scope change.
import type { Block } from "../blocks.js";
import { clip, forEachLine } from "../text.js";
import { collapseSkillBlocks } from "../words.js";

export const GOAL_CAP = 8;
const MAX_GOAL_LINE = 200;

const ACK = /^(?:ok|okay|yes|no|sure|yeah|yep|go|hi|hey|thx|thanks|y|n|k)[.!?]*$/i;
const CODE_START = /^(?:function|const|let|var|import|export|class)\b/;
const PASTED_START = /^(?:[\u2500-\u257f[<#|>]|```|https?:\/\/|\/)/;
const TEMPLATE_STOP = /^(?:for each\b|do not implement\b)/i;
const BULLET = /^(?:[-*•+]|\d{1,3}[.)])\s+/;
const PIVOT = /\b(?:instead|actually|change of plan|forget that|new task|switch to|now i want|pivot|let'?s do|stop\b.{0,80}\band)\b/i;
const TASK_VERB = /\b(?:fix|implement|add|create|build|refactor|debug|investigate|update|remove|delete|migrate|deploy|test|write|set up)\b/i;

/** Substantive candidate lines of a user text (bullets stripped), stopping at template markers. */
function candidateLines(text: string, max: number): string[] {
  const lines: string[] = [];
  forEachLine(collapseSkillBlocks(text), 200, (raw) => {
    const line = raw.trim().replace(BULLET, "");
    if (TEMPLATE_STOP.test(line)) return true;
    if (line.length <= 5 || line.length > MAX_GOAL_LINE) return false;
    if (ACK.test(line) || /^ok /i.test(line)) return false;
    if (CODE_START.test(line) || PASTED_START.test(line) || line.includes("\\n")) return false;
    lines.push(line);
    return lines.length >= max;
  });
  return lines;
}

export function buildGoal(blocks: readonly Block[]): string[] {
  let goal: string[] = [];
  let scopeChange: string[] = [];
  for (const block of blocks) {
    if (block.kind !== "user") continue;
    if (goal.length === 0) {
      goal = candidateLines(block.text, 3);
      continue;
    }
    const head = block.text.slice(0, 200);
    if (PIVOT.test(head)) {
      const lines = candidateLines(block.text, 3);
      if (lines.length > 0) scopeChange = lines;
    } else if (TASK_VERB.test(head)) {
      const lines = candidateLines(block.text, 2);
      if (lines.length > 0 && (lines[0] ?? "").length > 15) scopeChange = lines;
    }
  }
  const items = goal.map((l) => clip(l, MAX_GOAL_LINE));
  if (scopeChange.length > 0) items.push("[Scope change]", ...scopeChange.map((l) => clip(l, MAX_GOAL_LINE)));
  return items.slice(0, GOAL_CAP);
}
