// The expanded entry (key `e`): its head, then its whole text, sanitized and wrapped to the width.
import type { ExpandedEntry } from "../../src/engine/index.js";
import type { Cell } from "../kit/cell.js";
import { sanitizeBlock } from "../kit/sanitize.js";
import { wrapText } from "../kit/text-width.js";
import { entryHeadCells } from "./result-lines.js";

const INDENT = "  ";

export function expandedLines(entry: ExpandedEntry, width: number): Cell[][] {
  const body = wrapText(sanitizeBlock(entry.text), Math.max(1, width - INDENT.length - 1));
  return [[{ text: INDENT, tone: "plain" }, ...entryHeadCells(entry)], ...body.map((line): Cell[] => [{ text: INDENT + line, tone: "plain" }])];
}
