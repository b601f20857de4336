// Shell commands shortened for one-line display (vcc.md §2.5 "compressed command").
import { clip, firstNonEmptyLine } from "./text.js";

const PIPE_TAILS = new Set(["head", "tail", "sort", "wc", "column", "tr", "cut", "awk", "uniq", "python3", "node", "bun"]);
const MAX_COMMAND = 120;

/** First non-empty line, without a leading `cd <dir> &&` and up to 3 trailing display pipes, ≤ 120 chars. */
export function compressCommand(command: string): string {
  let line = firstNonEmptyLine(command);
  const cd = /^cd\s+(?:"[^"\n]{0,300}"|'[^'\n]{0,300}'|[^\s&;|"']{1,300})\s*&&\s*/.exec(line);
  if (cd) line = line.slice(cd[0].length);
  for (let i = 0; i < 3; i++) {
    const bar = line.lastIndexOf("|");
    if (bar <= 0 || line[bar - 1] === "|") break;
    const tail = line.slice(bar + 1).trim();
    const program = tail.split(/\s/, 1)[0] ?? "";
    if (!PIPE_TAILS.has(program)) break;
    line = line.slice(0, bar).trimEnd();
  }
  return clip(line, MAX_COMMAND);
}
