// One tree row's text for an entry, the way pi's /tree shows it: the engine's row segments (the same
// ones the app draws), joined and sanitized to one line.
import { entryRowSegments, sanitizeLine, type SessionEntry, type ToolCallInfo } from "../../engine/index.js";

export function entryRowText(entry: SessionEntry, toolCalls: ReadonlyMap<string, ToolCallInfo>, home: string): string {
  return sanitizeLine(
    entryRowSegments(entry, toolCalls, home)
      .map((segment) => segment.text)
      .join(""),
  );
}
