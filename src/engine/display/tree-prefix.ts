// pi's gutter/connector prefix for one /tree row (3 columns per level, │ gutters, ├─ / └─
// connectors); shared by the app's /tree and the CLI's `tree` text.
import type { VisibleTree } from "./tree-visible-rows.js";

/** Display levels of a row's prefix (3 columns each). */
export function displayIndent(v: VisibleTree, row: number): number {
  return v.multipleRoots ? Math.max(0, v.indent[row] - 1) : v.indent[row];
}

/**
 * The prefix of one row, only the columns [fromCol, toCol): rows thousands of levels deep are drawn
 * without building their whole prefix. `connectorMark` is the character after ├ / └ ("─", or the
 * app's fold markers).
 */
export function treeRowPrefix(v: VisibleTree, row: number, connectorMark = "─", fromCol = 0, toCol = Infinity): string {
  const levels = displayIndent(v, row);
  const firstLevel = Math.max(0, Math.floor(fromCol / 3));
  const endLevel = Math.min(levels, Math.ceil(toCol / 3));
  if (endLevel <= firstLevel) return "";
  const hasConnector = v.showConnector[row] === 1 && v.virtualRootChild[row] === 0;
  const connectorLevel = hasConnector ? levels - 1 : -1;
  // Gutters run inner -> outer with falling positions; the outermost wins at a level (pi's Array.find).
  const gutterAt = new Map<number, boolean>();
  for (let g = v.gutters[row]; g !== null && g.position >= firstLevel; g = g.outer) gutterAt.set(g.position, g.show);
  let out = "";
  for (let level = firstLevel; level < endLevel; level++) {
    const gutter = gutterAt.get(level);
    if (gutter !== undefined) out += gutter ? "│  " : "   ";
    else if (level === connectorLevel) out += `${v.isLast[row] ? "└" : "├"}${connectorMark} `;
    else out += "   ";
  }
  const skip = fromCol - firstLevel * 3;
  return out.slice(skip, skip + (toCol - fromCol));
}
