// The confirm step's lines wrapped to the width, so what a write will do is read whole, never cut
// at the edge (a fork's path, a summary's lines). A continuation keeps its line's indent and, for a
// summary line ("    │ text"), its bar.
import { wrapParagraph } from "../kit/text-width.js";

/** Lines longer than this many columns are cut rather than wrapped (a 200 KB line would fill screens). */
const MAX_WRAPPED_COLUMNS = 4000;

export function wrapConfirmLines(lines: readonly string[], width: number): string[] {
  const out: string[] = [];
  const room = Math.max(10, width);
  for (const line of lines) {
    const indent = /^( *(?:│ )?)/.exec(line)?.[1] ?? "";
    const body = line.slice(indent.length);
    const bodyWidth = Math.max(4, room - indent.length);
    const pieces = wrapParagraph(body.length > MAX_WRAPPED_COLUMNS ? `${body.slice(0, MAX_WRAPPED_COLUMNS)}…` : body, bodyWidth);
    for (const piece of pieces) out.push(indent + piece);
  }
  return out;
}
