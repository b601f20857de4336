// The tree screen's state and every transition, as one pure reducer (tested without rendering).
// Per-key cost: moves and pages are O(1); fold, filter and search changes rebuild the visible rows
// in O(n) (unfiltered states are cached); find hit jumps are O(log hits).
import { isBookkeepingEntry } from "../../src/engine/index.js";
import { fullTextLower, type TreeModel } from "./tree-model.js";
import {
  buildVisibleTree,
  FILTER_MODES,
  foldRows,
  isFoldable,
  nearestVisibleRow,
  segmentJump,
  type FilterMode,
  type VisibleTree,
} from "./visible-tree.js";

/** Full-text find: the lowercased query, which nodes match, and their visible rows in order. */
export interface FindState {
  query: string;
  /** 1 for each node whose full text contains the query. */
  hitNodes: Uint8Array;
  total: number;
  /** Visible rows that are hits, ascending (rebuilt when the visible rows change). */
  hitRows: Int32Array;
}

export interface TreeState {
  model: TreeModel;
  filter: FilterMode;
  /** pi's type-to-search query. */
  query: string;
  folded: ReadonlySet<string>;
  visible: VisibleTree;
  selected: number;
  /** The entry the cursor should return to when filters hide it and bring it back (pi's lastSelectedId). */
  lastSelectedId: string | null;
  /** Rows the tree window shows; paging moves by this much. */
  pageSize: number;
  showLabelTime: boolean;
  /** Show entry id and time on every row. */
  showMeta: boolean;
  find: FindState | null;
  /**
   * Follow pi: on each new leaf the file gets, the cursor moves to it. null: follow while the cursor
   * is on the leaf (the default, as `tail -f` follows until one scrolls up); true/false: toggled.
   */
  follow: boolean | null;
}

export type TreeAction =
  | { type: "move"; delta: 1 | -1 }
  | { type: "page"; direction: 1 | -1 }
  | { type: "first" }
  | { type: "last" }
  | { type: "foldOrUp" }
  | { type: "unfoldOrDown" }
  | { type: "setFilter"; mode: FilterMode }
  | { type: "toggleFilter"; mode: Exclude<FilterMode, "default"> }
  | { type: "cycleFilter"; direction: 1 | -1 }
  | { type: "typeSearch"; text: string }
  | { type: "deleteSearchChar" }
  | { type: "clearSearch" }
  | { type: "toggleLabelTime" }
  | { type: "toggleMeta" }
  | { type: "setPageSize"; rows: number }
  | { type: "find"; query: string }
  | { type: "findNext"; direction: 1 | -1 }
  | { type: "selectEntry"; id: string }
  /** Recall's jump: like selectEntry, but clears the search and unfolds what hides the entry. */
  | { type: "revealEntry"; id: string }
  /**
   * The file was read again (pi appended): the same view (filter, search, folds, find, toggles) over
   * the new entries, the cursor on `focusId`, on the new leaf when null, on the same entry when absent.
   */
  | { type: "rebase"; model: TreeModel; focusId?: string | null; live?: boolean }
  /** Follow pi's new leaves on or off (on puts the cursor on the leaf now). */
  | { type: "toggleFollow" };

const MAX_CACHED_VIEWS = 6;
const viewCaches = new WeakMap<TreeModel, Map<string, VisibleTree>>();

/** Visible rows for (filter, query, folds); fold-free states are cached per model. */
function visibleFor(model: TreeModel, filter: FilterMode, query: string, folded: ReadonlySet<string>): VisibleTree {
  if (folded.size > 0) return buildVisibleTree(model.flat, filter, query, folded, model.searchCache);
  let cache = viewCaches.get(model);
  if (cache === undefined) viewCaches.set(model, (cache = new Map()));
  const key = `${filter}\u0000${query}`;
  let view = cache.get(key);
  if (view === undefined) {
    view = buildVisibleTree(model.flat, filter, query, folded, model.searchCache);
    if (cache.size >= MAX_CACHED_VIEWS) cache.delete(cache.keys().next().value as string);
    cache.set(key, view);
  }
  return view;
}

/** The id of the entry under the cursor, or null when nothing is visible. */
export const selectedId = (s: TreeState): string | null => {
  if (s.visible.rows.length === 0) return null;
  return s.model.flat.nodes[s.visible.rows[s.selected]].entry.id;
};

function hitRowsFor(find: FindState, visible: VisibleTree): Int32Array {
  const rows: number[] = [];
  for (let r = 0; r < visible.rows.length; r++) if (find.hitNodes[visible.rows[r]]) rows.push(r);
  return Int32Array.from(rows);
}

/** pi's applyFilter tail: new rows, cursor kept on the same entry or its nearest visible ancestor. */
function withView(s: TreeState, filter: FilterMode, query: string, folded: ReadonlySet<string>): TreeState {
  const lastSelectedId = s.visible.rows.length > 0 ? (selectedId(s) ?? s.lastSelectedId) : s.lastSelectedId;
  const visible = visibleFor(s.model, filter, query, folded);
  let selected = s.selected;
  if (lastSelectedId !== null) selected = nearestVisibleRow(s.model.flat, visible, lastSelectedId);
  else if (selected >= visible.rows.length) selected = Math.max(0, visible.rows.length - 1);
  const next: TreeState = { ...s, filter, query, folded, visible, selected, lastSelectedId };
  next.lastSelectedId = selectedId(next) ?? lastSelectedId;
  if (s.find) next.find = { ...s.find, hitRows: hitRowsFor(s.find, visible) };
  return next;
}

const NO_FOLDS: ReadonlySet<string> = new Set();

/** The state a freshly opened tree starts in: cursor on the leaf (or its nearest visible ancestor). */
export function initTreeState(model: TreeModel, pageSize: number, filter: FilterMode = "default"): TreeState {
  const visible = visibleFor(model, filter, "", NO_FOLDS);
  const selected = nearestVisibleRow(model.flat, visible, model.flat.leafId);
  const state: TreeState = {
    model,
    filter,
    query: "",
    folded: NO_FOLDS,
    visible,
    selected,
    lastSelectedId: null,
    pageSize: Math.max(1, pageSize),
    showLabelTime: false,
    showMeta: false,
    find: null,
    follow: null,
  };
  state.lastSelectedId = selectedId(state);
  return state;
}

/** The cursor is on pi's leaf, or on the entry above it when only bookkeeping entries (labels, names) follow. */
export function cursorAtLeaf(s: TreeState): boolean {
  const id = selectedId(s);
  const { flat } = s.model;
  let node = flat.leafId === null ? undefined : flat.indexOf.get(flat.leafId);
  // Bounded: the flat tree has no cycles, the bound only guards.
  for (let steps = 0; node !== undefined && node >= 0 && steps <= flat.nodes.length; steps++) {
    const entry = flat.nodes[node].entry;
    if (entry.id === id) return true;
    if (!isBookkeepingEntry(entry)) return false;
    node = flat.nodes[node].parent;
  }
  return false;
}

/** Whether the next new leaf takes the cursor. */
export const followsLeaf = (s: TreeState): boolean => s.follow ?? cursorAtLeaf(s);

function setSelected(s: TreeState, selected: number): TreeState {
  if (selected === s.selected) return s;
  const next = { ...s, selected };
  next.lastSelectedId = selectedId(next) ?? s.lastSelectedId;
  return next;
}

/** The find state of `q` (lowercased, not empty) over the state's model and visible rows. */
function findStateOf(s: TreeState, q: string): FindState {
  const n = s.model.flat.nodes.length;
  const hitNodes = new Uint8Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (fullTextLower(s.model, i).includes(q)) {
      hitNodes[i] = 1;
      total++;
    }
  }
  const find: FindState = { query: q, hitNodes, total, hitRows: new Int32Array(0) };
  find.hitRows = hitRowsFor(find, s.visible);
  return find;
}

function runFind(s: TreeState, query: string): TreeState {
  const q = query.toLowerCase();
  if (q === "") return { ...s, find: null };
  const next = { ...s, find: findStateOf(s, q) };
  // Jump to the first hit at or after the cursor, as an editor's find does.
  return jumpToHit(next, 1, true);
}

/** First index in the ascending `rows` whose value is >= `value` (rows.length when none). */
function lowerBound(rows: Int32Array, value: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Move to the next (or previous) visible hit from the cursor, wrapping around. O(log hits). */
function jumpToHit(s: TreeState, direction: 1 | -1, includeCurrent = false): TreeState {
  const hits = s.find?.hitRows;
  if (!hits || hits.length === 0) return s;
  let target: number;
  if (direction === 1) {
    const i = lowerBound(hits, includeCurrent ? s.selected : s.selected + 1);
    target = i < hits.length ? hits[i] : hits[0];
  } else {
    const i = lowerBound(hits, s.selected) - 1;
    target = i >= 0 ? hits[i] : hits[hits.length - 1];
  }
  return setSelected(s, target);
}

export function treeReducer(s: TreeState, action: TreeAction): TreeState {
  const count = s.visible.rows.length;
  switch (action.type) {
    case "move":
      if (count === 0) return s;
      if (action.delta === -1) return setSelected(s, s.selected === 0 ? count - 1 : s.selected - 1);
      return setSelected(s, s.selected === count - 1 ? 0 : s.selected + 1);
    case "page":
      if (count === 0) return s;
      return setSelected(
        s,
        action.direction === -1 ? Math.max(0, s.selected - s.pageSize) : Math.min(count - 1, s.selected + s.pageSize),
      );
    case "first":
      return count === 0 ? s : setSelected(s, 0);
    case "last":
      return count === 0 ? s : setSelected(s, count - 1);
    case "foldOrUp": {
      const id = selectedId(s);
      if (id !== null && isFoldable(s.visible, s.selected) && !s.folded.has(id)) {
        // Incremental: the cursor stays on the folded row, whose index does not change.
        const visible = foldRows(s.visible, s.selected, s.model.flat.nodes.length);
        const next: TreeState = { ...s, folded: new Set([...s.folded, id]), visible };
        if (s.find) next.find = { ...s.find, hitRows: hitRowsFor(s.find, visible) };
        return next;
      }
      return setSelected(s, segmentJump(s.visible, s.selected, "up"));
    }
    case "unfoldOrDown": {
      const id = selectedId(s);
      if (id !== null && s.folded.has(id)) {
        const folded = new Set(s.folded);
        folded.delete(id);
        return withView(s, s.filter, s.query, folded);
      }
      return setSelected(s, segmentJump(s.visible, s.selected, "down"));
    }
    case "setFilter":
      return withView(s, action.mode, s.query, NO_FOLDS);
    case "toggleFilter":
      return withView(s, s.filter === action.mode ? "default" : action.mode, s.query, NO_FOLDS);
    case "cycleFilter": {
      const i = FILTER_MODES.indexOf(s.filter);
      const mode = FILTER_MODES[(i + action.direction + FILTER_MODES.length) % FILTER_MODES.length];
      return withView(s, mode, s.query, NO_FOLDS);
    }
    case "typeSearch":
      return action.text === "" ? s : withView(s, s.filter, s.query + action.text, NO_FOLDS);
    case "deleteSearchChar":
      return s.query.length === 0 ? s : withView(s, s.filter, s.query.slice(0, -1), NO_FOLDS);
    case "clearSearch":
      return s.query.length === 0 ? s : withView(s, s.filter, "", NO_FOLDS);
    case "toggleLabelTime":
      return { ...s, showLabelTime: !s.showLabelTime };
    case "toggleMeta":
      return { ...s, showMeta: !s.showMeta };
    case "setPageSize":
      return action.rows === s.pageSize ? s : { ...s, pageSize: Math.max(1, action.rows) };
    case "find":
      return runFind(s, action.query);
    case "findNext":
      return jumpToHit(s, action.direction);
    case "selectEntry": {
      const node = s.model.flat.indexOf.get(action.id);
      if (node === undefined) return s;
      const row = s.visible.rowOfNode[node];
      return row >= 0 ? setSelected(s, row) : s;
    }
    case "revealEntry":
      return revealEntry(s, action.id);
    case "rebase":
      return rebase(s, action.model, action.focusId === undefined && action.live === true && followsLeaf(s) ? null : action.focusId);
    case "toggleFollow": {
      const follow = !followsLeaf(s);
      const next = { ...s, follow };
      if (!follow || s.model.flat.leafId === null) return next;
      return setSelected(next, nearestVisibleRow(s.model.flat, s.visible, s.model.flat.leafId));
    }
  }
}

function rebase(s: TreeState, model: TreeModel, focusId: string | null | undefined): TreeState {
  const wanted = focusId === null ? model.flat.leafId : (focusId ?? selectedId(s) ?? s.lastSelectedId);
  // An entry the new read no longer has (a damaged line the first look showed, a rewritten file)
  // leaves the cursor on its nearest ancestor that is still there, else on pi's leaf.
  const keep = wanted !== null && model.flat.indexOf.has(wanted) ? wanted : (survivingAncestor(s.model, model, wanted) ?? model.flat.leafId);
  // Folds of entries that are gone fold nothing; they are dropped so the set stays the tree's.
  const folded = new Set([...s.folded].filter((id) => model.flat.indexOf.has(id)));
  const visible = visibleFor(model, s.filter, s.query, folded);
  const selected = nearestVisibleRow(model.flat, visible, keep);
  const next: TreeState = { ...s, model, folded: folded.size > 0 ? folded : NO_FOLDS, visible, selected, find: null };
  next.lastSelectedId = selectedId(next) ?? keep;
  if (s.find) next.find = findStateOf(next, s.find.query);
  return next;
}

/** The nearest ancestor of `id` in `before` that `after` still has. */
function survivingAncestor(before: TreeModel, after: TreeModel, id: string | null): string | null {
  const nodes = before.flat.nodes;
  let node = id === null ? undefined : before.flat.indexOf.get(id);
  while (node !== undefined && node >= 0) {
    node = nodes[node].parent;
    if (node >= 0 && after.flat.indexOf.has(nodes[node].entry.id)) return nodes[node].entry.id;
  }
  return null;
}

/**
 * Cursor on an entry chosen elsewhere (recall): clear the search, unfold its ancestors, fall back to
 * the default filter if the current one hides it, and if the entry never shows as a row (a tool-call-only
 * turn) stop at its nearest visible ancestor.
 */
function revealEntry(s: TreeState, id: string): TreeState {
  const node = s.model.flat.indexOf.get(id);
  if (node === undefined) return s;
  const nodes = s.model.flat.nodes;
  let folded = s.folded;
  if (folded.size > 0) {
    const open = new Set(folded);
    for (let p = nodes[node].parent; p >= 0; p = nodes[p].parent) open.delete(nodes[p].entry.id);
    if (open.size !== folded.size) folded = open;
  }
  let next = folded === s.folded && s.query === "" ? s : withView(s, s.filter, "", folded);
  if (next.visible.rowOfNode[node] < 0 && next.filter !== "default" && next.filter !== "all") next = withView(next, "default", "", folded);
  if (next.visible.rows.length === 0) return next;
  const selected = nearestVisibleRow(s.model.flat, next.visible, id);
  return selected === next.selected ? next : setSelected(next, selected);
}

/** What a jump (revealEntry) changed in the view to show its entry, as a note; null when nothing. */
export function revealNote(before: TreeState, after: TreeState): string | null {
  const changes: string[] = [];
  if (before.query !== "" && after.query === "") changes.push("search cleared");
  if (before.filter !== after.filter) changes.push(`filter ${FILTER_TAGS[before.filter].trim()} hid the entry: back to the default filter`);
  return changes.length === 0 ? null : `jump: ${changes.join("; ")}`;
}

/** The entry under the cursor's node index, or -1 when nothing is visible. */
export const selectedNode = (s: TreeState): number => (s.visible.rows.length === 0 ? -1 : s.visible.rows[s.selected]);

const FILTER_TAGS: Record<FilterMode, string> = { default: "", "no-tools": " [no-tools]", "user-only": " [user]", "labeled-only": " [labeled]", all: " [all]" };

/** pi's counter tags: " [no-tools]", " [user]", " [labeled]", " [all]", then " [+label time]". */
export function statusTags(s: TreeState): string {
  return FILTER_TAGS[s.filter] + (s.showLabelTime ? " [+label time]" : "");
}

/** First row of the window that shows the cursor, pi-style: cursor kept centred, clamped at the ends. */
export function windowStart(selected: number, count: number, height: number): number {
  return Math.max(0, Math.min(selected - Math.floor(height / 2), count - height));
}
