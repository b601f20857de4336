// Turns the rows inside the tree window into drawable cells: pi's gutter/connector prefix, fold and
// active-path markers, label, content, plus our right-hand column (id/time, token estimate, context
// marker). Only the visible window is built, so the cost per frame is O(window), not O(entries).
import { clipInline } from "../kit/clip.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { displayWidth, sliceColumns } from "../kit/text-width.js";
import type { Cell } from "../kit/cell.js";
import { rowSegments } from "./row-text.js";
import { windowStart, type TreeState } from "./tree-reducer.js";
import { isFoldable, type VisibleTree } from "./visible-tree.js";
import { displayIndent, treeRowPrefix } from "../../src/engine/index.js";

export interface DrawnRow {
  key: string;
  selected: boolean;
  /** Left part, already cut to the body width (horizontal scroll applied). */
  body: Cell[];
  /** Right-hand column, fixed width. */
  right: Cell[];
  /** Columns `body` takes. */
  bodyWidth: number;
}

/** Per-session facts the rows show beyond pi: what is in the model's context, and token estimates. */
export interface RowFacts {
  /** 1 for each node whose entry contributes to the model context at the leaf. */
  inContext: Uint8Array;
  /** Estimated tokens an entry contributes (0 = none). */
  tokens(node: number): number;
  /** "Now", for pi's label time format (passed in so renders are deterministic). */
  now: Date;
}

/**
 * pi's gutter/connector prefix for one row, only the columns [fromCol, toCol), with the app's fold
 * markers on the connector (the layout itself is the engine's, shared with the CLI).
 */
export function treePrefix(v: VisibleTree, row: number, folded: boolean, fromCol = 0, toCol = Infinity): string {
  return treeRowPrefix(v, row, folded ? "⊞" : isFoldable(v, row) ? "⊟" : "─", fromCol, toCol);
}

/** pi's formatLabelTimestamp: HH:MM today, M/D HH:MM this year, else YY/M/D HH:MM (local time). */
function formatLabelTime(timestamp: string, now: Date): string {
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return "";
  const time = `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
  if (d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate()) return time;
  if (d.getFullYear() === now.getFullYear()) return `${d.getMonth() + 1}/${d.getDate()} ${time}`;
  return `${String(d.getFullYear()).slice(-2)}/${d.getMonth() + 1}/${d.getDate()} ${time}`;
}

/** "842", "1.2k", "48k". */
export function formatTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens < 100_000) return `${(tokens / 1000).toFixed(1).replace(/\.0$/, "")}k`;
  return `${Math.round(tokens / 1000)}k`;
}

/** Entry time as "MM-DD HH:MM" (local), for the id/time column. */
function shortTime(timestamp: string): string {
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return "?".padEnd(11);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Split cells at find hits (case-insensitive), marking the matching parts. */
export function markHits(cells: Cell[], query: string | undefined): Cell[] {
  if (!query) return cells;
  const out: Cell[] = [];
  for (const cell of cells) {
    const lower = cell.text.toLowerCase();
    let from = 0;
    let at = lower.indexOf(query, from);
    if (at < 0) {
      out.push(cell);
      continue;
    }
    while (at >= 0) {
      if (at > from) out.push({ ...cell, text: cell.text.slice(from, at) });
      out.push({ ...cell, text: cell.text.slice(at, at + query.length), hit: true });
      from = at + query.length;
      at = lower.indexOf(query, from);
    }
    if (from < cell.text.length) out.push({ ...cell, text: cell.text.slice(from) });
  }
  return out;
}

// Widths and cuts of the cells a row is made of, kept with the cell: a row's content cells are cached
// per node (contentCells), so a key press that moves the cursor measures only what it changed, not
// the up to CONTENT_COLUMNS columns of every row in the window again (emoji and CJK rows go through
// the grapheme segmenter).
const widths = new WeakMap<Cell, number>();
const cuts = new WeakMap<Cell, { from: number; width: number; cell: Cell; cellWidth: number }>();

/** Columns a cell takes. */
function cellWidth(cell: Cell): number {
  let w = widths.get(cell);
  if (w === undefined) widths.set(cell, (w = displayWidth(cell.text)));
  return w;
}

/** The part of `cell` in its columns [from, from + width), and the columns that part takes. */
function cutCell(cell: Cell, from: number, width: number): { cell: Cell; cellWidth: number } {
  const kept = cuts.get(cell);
  if (kept !== undefined && kept.from === from && kept.width === width) return kept;
  const text = sliceColumns(cell.text, from, width);
  const cut = { from, width, cell: { ...cell, text }, cellWidth: displayWidth(text) };
  cuts.set(cell, cut);
  return cut;
}

/** Cut a list of cells to the columns [start, start + width); with the columns the cut takes. */
function sliceCells(cells: Cell[], start: number, width: number): { cells: Cell[]; width: number } {
  const out: Cell[] = [];
  let col = 0;
  let used = 0;
  for (const cell of cells) {
    const w = cellWidth(cell);
    const from = Math.max(start, col);
    const to = Math.min(start + width, col + w);
    if (to > from) {
      const cut = from === col && to === col + w ? { cell, cellWidth: w } : cutCell(cell, from - col, to - from);
      if (cut.cell.text !== "") {
        out.push(cut.cell);
        used += cut.cellWidth;
      }
    }
    col += w;
    if (col >= start + width) break;
  }
  return { cells: out, width: used };
}

const cellsWidth = (cells: Cell[]): number => cells.reduce((w, c) => w + cellWidth(c), 0);

/** Columns of row text kept: more than any terminal shows beside the deepest indent it scrolls to. */
const CONTENT_COLUMNS = 1024;

const contentCaches = new WeakMap<TreeState["model"], Map<number, Cell[]>>();

/** A row's content cells, sanitized; cached per node (custom tool rows stringify their arguments). */
function contentCells(s: TreeState, nodeIndex: number): Cell[] {
  let cache = contentCaches.get(s.model);
  if (cache === undefined) contentCaches.set(s.model, (cache = new Map()));
  let cells = cache.get(nodeIndex);
  if (cells === undefined) {
    const entry = s.model.flat.nodes[nodeIndex].entry;
    // A row shows at most CONTENT_COLUMNS of its text (a custom message or branch summary can be
    // 200 KB): only that much is sanitized and measured.
    let room = CONTENT_COLUMNS;
    cells = [];
    for (const seg of rowSegments(entry, s.model.flat, s.model.home)) {
      if (room <= 0) break;
      const text = clipInline(seg.text, room, "");
      room -= displayWidth(text);
      cells.push({ ...seg, text });
    }
    if (cache.size > 4096) cache.clear();
    cache.set(nodeIndex, cells);
  }
  return cells;
}

/** Columns the row text keeps at least; the id/time column is left out rather than squeeze it below this. */
const MIN_BODY_WITH_META = 24;

/** Whether the id/time column (Shift+I) fits beside a readable row in a tree part `treeWidth` wide. */
export function metaColumnFits(treeWidth: number): boolean {
  return treeWidth - rightColumnWidth(true) >= MIN_BODY_WITH_META;
}

/** Width of the right-hand column for the current toggles. */
export function rightColumnWidth(showMeta: boolean): number {
  return (showMeta ? 22 : 0) + 8;
}

/**
 * The rows of the tree window (height rows, body `width` columns including pi's 2-column cursor
 * gutter). Horizontal scroll follows pi: the body shifts left only when the selected row's text
 * would start too far right.
 */
export function buildWindowRows(s: TreeState, facts: RowFacts, width: number, height: number): DrawnRow[] {
  const v = s.visible;
  const count = v.rows.length;
  if (count === 0 || height <= 0) return [];
  const start = windowStart(s.selected, count, height);
  const end = Math.min(count, start + height);
  const flat = s.model.flat;
  const findQuery = s.find?.query;
  const built: { key: string; selected: boolean; row: number; folded: boolean; prefixWidth: number; rest: Cell[]; anchor: number; width: number; right: Cell[] }[] = [];
  for (let r = start; r < end; r++) {
    const nodeIndex = v.rows[r];
    const node = flat.nodes[nodeIndex];
    const entry = node.entry;
    const folded = s.folded.has(entry.id);
    const prefixWidth = displayIndent(v, r) * 3;
    const connectorShown = v.showConnector[r] === 1 && v.virtualRootChild[r] === 0;
    const rest: Cell[] = [];
    if (folded && !connectorShown) rest.push({ text: "⊞ ", tone: "accent" });
    if (node.onActivePath) rest.push({ text: "• ", tone: "accent" });
    const anchor = prefixWidth + cellsWidth(rest);
    if (node.label) rest.push({ text: `[${clipInline(node.label, CONTENT_COLUMNS)}] `, tone: "warning" });
    if (s.showLabelTime && node.label && node.labelTimestamp) {
      rest.push({ text: `${formatLabelTime(node.labelTimestamp, facts.now)} `, tone: "muted" });
    }
    const content = contentCells(s, nodeIndex);
    rest.push(...markHits(content, findQuery && s.find?.hitNodes[nodeIndex] ? findQuery : undefined));
    const right: Cell[] = [];
    // The leading space keeps the id off the row text when that fills the body.
    if (s.showMeta) right.push({ text: ` ${sanitizeInline(String(entry.id ?? "")).slice(0, 8).padEnd(8)} ${shortTime(entry.timestamp)} `, tone: "muted" });
    const tokens = facts.tokens(nodeIndex);
    right.push({ text: (tokens > 0 ? formatTokens(tokens) : "").padStart(6) + " ", tone: "muted" });
    right.push(facts.inContext[nodeIndex] ? { text: "◆", tone: "success" } : { text: " ", tone: "plain" });
    built.push({ key: entry.id + ":" + r, selected: r === s.selected, row: r, folded, prefixWidth, rest, anchor, width: prefixWidth + cellsWidth(rest), right });
  }
  const viewport = Math.max(0, width - 2);
  const maxBody = built.reduce((m, row) => Math.max(m, row.width), 0);
  const maxScroll = Math.max(0, maxBody - viewport);
  let scroll = 0;
  const sel = built.find((row) => row.selected);
  if (sel && maxScroll > 0) {
    const minVisible = Math.min(20, Math.max(4, Math.floor(viewport / 3)));
    if (sel.anchor > viewport - minVisible) {
      const context = Math.min(12, Math.max(2, Math.floor(viewport / 4)));
      scroll = Math.min(maxScroll, sel.anchor - context);
    }
  }
  return built.map((row) => {
    const prefixEnd = Math.min(row.prefixWidth, scroll + viewport);
    const prefix = scroll < prefixEnd ? treePrefix(v, row.row, row.folded, scroll, prefixEnd) : "";
    const rest = sliceCells(row.rest, Math.max(0, scroll - row.prefixWidth), viewport - prefix.length);
    const cursor: Cell = { text: row.selected ? "› " : "  ", tone: "accent" };
    const body: Cell[] = prefix ? [cursor, { text: prefix, tone: "dim" }, ...rest.cells] : [cursor, ...rest.cells];
    // The cursor gutter is two columns; the prefix is pi's connectors, one column per character.
    return { key: row.key, selected: row.selected, body, right: row.right, bodyWidth: 2 + prefix.length + rest.width };
  });
}
