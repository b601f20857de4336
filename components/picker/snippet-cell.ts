// A content-search snippet cut to the columns a picker row has left: the highlighted match is kept
// whole when it fits, the text before it gives way first, then the text after.
import { displayWidth, truncateToWidth } from "../kit/text-width.js";
import { truncateStart } from "./display.js";

export interface SnippetParts {
  before: string;
  mark: string;
  after: string;
}

export function fitSnippet(parts: SnippetParts, room: number): SnippetParts {
  if (room <= 0) return { before: "", mark: "", after: "" };
  const mark = truncateToWidth(parts.mark, room);
  let left = room - displayWidth(mark);
  // Some of the words before the match, when they fit with at least a few columns after it.
  const beforeRoom = Math.min(displayWidth(parts.before), Math.max(0, Math.floor(left / 3)));
  const before = beforeRoom > 0 ? truncateStart(parts.before, beforeRoom) : "";
  left -= displayWidth(before);
  const after = left > 0 ? truncateToWidth(parts.after, left) : "";
  return { before, mark, after };
}
