// The files a summarizer is told about, for `compact` and `branch` text output.
import { sanitizeLine, type FileLists } from "../../engine/index.js";

const listOrNone = (files: readonly string[]): string => (files.length ? files.map(sanitizeLine).join(", ") : "none");

export function fileListLines(lists: FileLists): string[] {
  return [`Files read: ${listOrNone(lists.readFiles)}`, `Files modified: ${listOrNone(lists.modifiedFiles)}`];
}
