// One picker row as plain strings, cut to the width it may take. Pure, so widths are tested exactly.
import { formatAge, formatCost, type SessionInfo } from "../../src/engine/index.js";
import { displayWidth, padToWidth, truncateToWidth } from "../kit/text-width.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { formatSize, sessionTitle, shortenHome, truncateStart } from "./display.js";
import { fitSnippet, type SnippetParts } from "./snippet-cell.js";

/** Below this width a row keeps only pi's own columns: message count and age. */
const WIDE_ROW_MIN = 64;
/** From this width a row also shows the session's recorded cost (narrower lists leave it to the preview pane). */
const COST_ROW_MIN = 80;

export interface RowColumns {
  showPath: boolean;
  showCwd: boolean;
  home?: string;
  now: Date;
  width: number;
  /** The content search's snippet for this row: shown where the path would be, its match highlighted. */
  snippet?: SnippetParts;
}

const right = (text: string, width: number): string => text.padStart(width);

const COST_WIDTH = 8;
/** The session's recorded cost ("" when it records no usage), at most COST_WIDTH columns. */
function costCell(session: SessionInfo): string {
  const usage = session.usage;
  if (!usage || usage.usages === 0) return "";
  const text = formatCost(usage);
  return text.length <= COST_WIDTH ? text : `$${Math.round(usage.cost)}${usage.withoutCost > 0 ? "+" : ""}`;
}

/** Column captions matching statsText, for the line above the list. */
export function statsCaption(width: number): string {
  if (width < WIDE_ROW_MIN) return `${right("msgs", 5)} ${right("age", 4)}`;
  const cost = width >= COST_ROW_MIN ? ` ${right("cost", COST_WIDTH)}` : "";
  return `${right("msgs", 5)} ${right("br", 3)} ${right("cmp", 3)} ${right("size", 6)}${cost} ${right("age", 4)}`;
}

/** Message count, branches, compactions, size and age, in fixed-width columns. */
function statsText(session: SessionInfo, now: Date, width: number): string {
  const msgs = right(String(session.messageCount), 5);
  const age = right(formatAge(session.modified, now), 4);
  if (width < WIDE_ROW_MIN) return `${msgs} ${age}`;
  const cost = width >= COST_ROW_MIN ? ` ${right(costCell(session), COST_WIDTH)}` : "";
  return `${msgs} ${right(String(session.branchCount), 3)} ${right(String(session.compactionCount), 3)} ${right(formatSize(session.sizeBytes), 6)}${cost} ${age}`;
}

export interface RowParts {
  /** "› " on the selected row, else two spaces. */
  cursor: string;
  prefix: string;
  title: string;
  /** Gap plus the optional path / cwd, in dim. */
  location: string;
  /** The snippet after the gap (instead of path / cwd), cut to fit; empty parts when there is none. */
  snippet: SnippetParts;
  stats: string;
}

/**
 * Split a row into its parts so that cursor + prefix + title + location + stats is exactly `width`
 * columns. The title gets what is left after the stats, at least 10 columns as in pi; tree glyphs
 * of very deep forks are cut from the left.
 */
export function formatRow(session: SessionInfo, treeGlyphs: string, selected: boolean, cols: RowColumns): RowParts {
  const cursor = selected ? "› " : "  ";
  const stats = statsText(session, cols.now, cols.width);
  const where: string[] = [];
  if (cols.showPath) where.push(sanitizeInline(shortenHome(session.path, cols.home)));
  if (cols.showCwd && session.cwd) where.push(sanitizeInline(shortenHome(session.cwd, cols.home)));
  const snippet = cols.snippet && !cols.showPath ? { before: sanitizeInline(cols.snippet.before), mark: sanitizeInline(cols.snippet.mark), after: sanitizeInline(cols.snippet.after) } : null;
  if (snippet) where.splice(0, where.length, `${snippet.before}${snippet.mark}${snippet.after}`);
  const room = Math.max(0, cols.width - displayWidth(cursor) - displayWidth(stats) - 1);
  const prefix = displayWidth(treeGlyphs) > room / 3 ? truncateStart(treeGlyphs, Math.floor(room / 3)) : treeGlyphs;
  let locationText = where.join(" ");
  // A snippet gets up to half the row (it is what the row was found by); a path or cwd a third.
  const titleRoom = Math.max(10, room - displayWidth(prefix) - (locationText ? Math.min(displayWidth(locationText) + 1, Math.floor(room / (snippet ? 2 : 3))) : 0));
  const title = truncateToWidth(sanitizeInline(sessionTitle(session)), titleRoom);
  const locationRoom = Math.max(0, room - displayWidth(prefix) - displayWidth(title) - 1);
  const fitted = snippet ? fitSnippet(snippet, locationRoom) : { before: "", mark: "", after: "" };
  locationText = snippet ? fitted.before + fitted.mark + fitted.after : locationText ? truncateStart(locationText, locationRoom) : "";
  const used = displayWidth(cursor) + displayWidth(prefix) + displayWidth(title) + displayWidth(stats);
  const gap = Math.max(1, cols.width - used - displayWidth(locationText) - (locationText ? 1 : 0));
  if (snippet) return { cursor, prefix, title, location: padToWidth("", gap), snippet: { ...fitted, after: `${fitted.after}${locationText ? " " : ""}` }, stats };
  const location = padToWidth("", gap) + (locationText ? locationText + " " : "");
  return { cursor, prefix, title, location, snippet: fitted, stats };
}

/** "$12.34 recorded" over the sessions listed ("" when none records usage): the caption's total. */
export function listedCost(sessions: readonly SessionInfo[]): string {
  const sum = { cost: 0, usages: 0, withoutCost: 0 };
  for (const s of sessions) {
    if (!s.usage) continue;
    sum.cost += s.usage.cost;
    sum.usages += s.usage.usages;
    sum.withoutCost += s.usage.withoutCost;
  }
  return sum.usages === 0 || sum.usages === sum.withoutCost ? "" : `${formatCost(sum)} recorded`;
}
