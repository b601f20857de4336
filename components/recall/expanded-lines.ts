// The expanded entry (key `e`): its head, then its whole text, sanitized and wrapped to the width as
// far as it is read (kit/pane-lines.ts: a 200 KB tool result costs what its first screenful does).
import type { ExpandedEntry } from "../../src/engine/index.js";
import { PaneLines } from "../kit/pane-lines.js";
import { entryHeadCells } from "./result-lines.js";

const INDENT = "  ";

export function expandedLines(entry: ExpandedEntry, width: number): PaneLines {
  return new PaneLines({
    lines: [[{ text: INDENT, tone: "plain" }, ...entryHeadCells(entry)]],
    parts: [{ text: entry.text, tone: "plain", block: true, indent: INDENT }],
    width: Math.max(1, width - 1),
  });
}
