// [User Preferences] (vcc.md §2.4.2): at most one stated preference or correction per user message.
import type { Block } from "../blocks.js";
import { forEachLine } from "../text.js";

const PREFERENCES_CAP = 10;

const PREFERENCE = new RegExp(
  [
    "\\bprefer(?:s|red|ring)?\\b",
    "\\bdon'?t want\\b",
    "\\b(?:always|never) [a-z]",
    "\\bplease (?:use|avoid|keep|make|don'?t|do not|format|write)\\b",
    "\\b(?:style|format|language|naming)\\s{0,3}[:=]\\s{0,3}\\S",
    "\\bstop (?:doing|using)\\b",
    "\\bthat'?s wrong\\b",
    "\\b(?:revert|undo) that\\b",
    "不要|不用|别再|回退|错了|停止",
  ].join("|"),
  "i",
);
const QUESTION = /^(?:what|where|when|who|whom|whose|why|how|which)\b.*\?$/i;

export function buildPreferences(blocks: readonly Block[], goal: readonly string[]): string[] {
  const goalKeys = new Set(goal.map((g) => g.trim().toLowerCase()));
  const seen = new Set<string>();
  const items: string[] = [];
  for (const block of blocks) {
    if (block.kind !== "user" || items.length >= PREFERENCES_CAP) continue;
    forEachLine(block.text, 200, (raw) => {
      const line = raw.trim();
      if (line.length < 5 || line.length > 200) return false;
      if (!PREFERENCE.test(line) || QUESTION.test(line)) return false;
      const key = line.toLowerCase();
      if (seen.has(key) || goalKeys.has(key)) return true;
      seen.add(key);
      items.push(line);
      return true;
    });
  }
  return items;
}
