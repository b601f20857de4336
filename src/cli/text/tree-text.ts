// The `tree` command's text: a header, then one row per visible entry with its id in front
// (pi's /tree shows no ids; a CLI user needs them for --leaf and --target).
import { sanitizeLine, type SessionTree, type TreeFilterMode } from "../../engine/index.js";
import { truncate } from "./table.js";
import { layoutTreeRows } from "./tree-rows.js";

const PIPE_TEXT_LIMIT = 200;
/** Deeper rows keep only their innermost levels: 5,000 branch points can nest thousands of levels. */
const MAX_PREFIX_LEVELS = 24;

export interface TreeTextOptions {
  file: string;
  leafId: string | null;
  /** Entries on the path from the root to the leaf. */
  activePathLength: number;
  filter: TreeFilterMode;
  home: string;
  /** Cut each row to this many columns (a terminal); undefined = rows are not cut. */
  width: number | undefined;
}

export function renderTreeText(tree: SessionTree, options: TreeTextOptions): string[] {
  const rows = layoutTreeRows(tree, {
    leafId: options.leafId,
    filter: options.filter,
    home: options.home,
    maxPrefixLevels: MAX_PREFIX_LEVELS,
  });
  // A loop, not Math.max(...rows): spreading 125,000 rows overflows the call stack.
  let idWidth = 0;
  for (const r of rows) idWidth = Math.max(idWidth, sanitizeLine(r.entry.id).length);
  const lines = [
    `${sanitizeLine(options.file)}${tree.sessionName ? `  "${sanitizeLine(tree.sessionName)}"` : ""}`,
    `${tree.byId.size} entries, ${tree.roots.length} root${tree.roots.length === 1 ? "" : "s"}, leaf ${options.leafId ?? "(none)"}, active path ${options.activePathLength} entries (• marks it)`,
    "",
  ];
  for (const row of rows) {
    const id = sanitizeLine(row.entry.id).padEnd(idWidth);
    const label = row.label ? `[${sanitizeLine(row.label)}] ` : "";
    // Off a terminal rows are not cut to a width, but summaries are cut to pi's 200-character previews.
    const text = options.width ? row.text : truncate(row.text, PIPE_TEXT_LIMIT);
    const line = `${id}  ${row.prefix}${row.onActivePath ? "• " : ""}${label}${text}`;
    lines.push(options.width ? truncate(line, options.width) : line);
  }
  lines.push("", `(${rows.length} rows${options.filter === "default" ? "" : `, filter ${options.filter}`})`);
  return lines;
}
