// The picker's state and its pure reducer: scope, sort, filter, query, selection and scrolling.
import type { PiProfile, SessionInfo } from "../../src/engine/index.js";
import type { ContentResults } from "./content-search.js";
import { buildRows } from "./rows.js";
import type { NameFilter, PickerRow, PickerScope, PickerSort } from "./types.js";
import { vanishedNote, vanishedSessions } from "./vanished.js";

export interface PickerState {
  scope: PickerScope;
  sort: PickerSort;
  nameFilter: NameFilter;
  query: string;
  /** Ctrl+P: show each session's file path. */
  showPath: boolean;
  profile: PiProfile;
  current: readonly SessionInfo[];
  /** Every project's sessions; null until first needed (Tab). */
  all: readonly SessionInfo[] | null;
  /** While every project is being listed: files read of how many. */
  allProgress: { done: number; total: number } | null;
  /** Whether pi lists a session anywhere; null until asked (only when the current folder has none, for the demo offer). */
  anywhere: boolean | null;
  rows: PickerRow[];
  selected: number;
  /** First row on screen. */
  scrollTop: number;
  /** How many rows fit on screen (set by the view from the terminal size). */
  listHeight: number;
  /** The bundled demo session, opened by Enter when there are no sessions anywhere. */
  demoPath?: string;
  /** Set by Enter / Esc; the screen acts on it once (open the tree, or leave) and clears it. */
  exit: PickerExit | null;
  /** A one-line note about the last re-listing (sessions that vanished); cleared by the next key. */
  note: string | null;
  /** Why the last listing of each pool failed; null once it is listed again without a problem. */
  listErrors: { current: string | null; all: string | null };
  /** The content search's hits for the query (use-content-search.ts), or null before the first. */
  content: ContentResults | null;
}

/** `entryId`: where the content search found the query; the tree opens with its cursor there. */
export type PickerExit = { kind: "open"; path: string; entryId?: string } | { kind: "quit" };

export type PickerAction =
  | { type: "move"; delta: number }
  | { type: "page"; direction: 1 | -1 }
  | { type: "jump"; to: "first" | "last" }
  | { type: "type"; text: string }
  | { type: "backspace" }
  | { type: "deleteWord" }
  | { type: "clearQuery" }
  | { type: "toggleScope" }
  | { type: "cycleSort" }
  | { type: "toggleNamed" }
  | { type: "togglePath" }
  /** Every project listed; `error` when that failed (then `sessions` is empty). */
  | { type: "allLoaded"; sessions: readonly SessionInfo[]; error?: string }
  /** Listing every project: `done` files read of `total`. */
  | { type: "allProgress"; done: number; total: number }
  /** Whether pi lists any session anywhere (asked without listing them all). */
  | { type: "anywhereKnown"; any: boolean }
  /** Why Enter opened nothing (e.g. the demo's working copy could not be made). */
  | { type: "note"; text: string }
  /**
   * The sessions listed again (the picker came back to the top, or Enter found its file gone).
   * `all` is given only when every project had been listed before; `openedPath` is what Enter tried.
   * A pool whose listing failed comes as `currentError` / `allError` instead, and keeps its rows.
   */
  | {
      type: "relisted";
      current?: readonly SessionInfo[];
      all?: readonly SessionInfo[];
      currentError?: string;
      allError?: string;
      openedPath?: string;
    }
  | { type: "resize"; listHeight: number }
  /** What the content search found for a query (dropped when the query has changed since). */
  | { type: "contentHits"; results: ContentResults }
  | { type: "open" }
  | { type: "escape" }
  | { type: "quit" }
  | { type: "exitHandled" };

export interface PickerInit {
  current: readonly SessionInfo[];
  profile?: PiProfile;
  sort?: PickerSort;
  listHeight?: number;
  demoPath?: string;
  /** Why the first listing of the current folder failed (then `current` is empty). */
  error?: string;
}

export function initPickerState(init: PickerInit): PickerState {
  const base: PickerState = {
    scope: "current",
    sort: init.sort ?? "threaded",
    nameFilter: "all",
    query: "",
    showPath: false,
    profile: init.profile ?? "1.6",
    current: init.current,
    all: null,
    allProgress: null,
    anywhere: null,
    rows: [],
    selected: 0,
    scrollTop: 0,
    listHeight: Math.max(1, init.listHeight ?? 10),
    demoPath: init.demoPath,
    exit: null,
    note: null,
    listErrors: { current: init.error ?? null, all: null },
    content: null,
  };
  return { ...base, rows: buildRows(base.current, base) };
}

/** The sessions of the active scope; null while "all" has not been loaded yet. */
function scopePool(state: PickerState): readonly SessionInfo[] | null {
  return state.scope === "current" ? state.current : state.all;
}

export function selectedSession(state: PickerState): SessionInfo | undefined {
  return state.rows[state.selected]?.session;
}

/** The listing failure the status line shows: this folder's first, as the one the picker opened on. */
export const listError = (state: PickerState): string | undefined => state.listErrors.current ?? state.listErrors.all ?? undefined;

/** True while the "all" scope is shown but its sessions are still being listed. */
export const isLoadingAll = (state: PickerState): boolean => state.scope === "all" && state.all === null;

/** No session in this folder nor anywhere else: the picker offers the bundled demo instead. */
export const hasNoSessionsAnywhere = (state: PickerState): boolean =>
  state.current.length === 0 && (state.all !== null ? state.all.length === 0 : state.anywhere === false);

const clamp = (value: number, low: number, high: number): number => Math.max(low, Math.min(high, value));

/** Keep the selection on screen, and never leave empty space below the last row. */
function scrolled(state: PickerState): PickerState {
  const count = state.rows.length;
  const selected = clamp(state.selected, 0, Math.max(0, count - 1));
  let top = state.scrollTop;
  if (selected < top) top = selected;
  if (selected >= top + state.listHeight) top = selected - state.listHeight + 1;
  top = clamp(top, 0, Math.max(0, count - state.listHeight));
  return selected === state.selected && top === state.scrollTop ? state : { ...state, selected, scrollTop: top };
}

/**
 * Rebuild the rows after scope, sort, filter, query or sessions changed. The selection stays on
 * the same session when it is still listed (pi 1.6, #12106); a changed non-empty query selects
 * the best match instead (pi 1.6, #12245).
 */
function rebuilt(state: PickerState, queryChanged = false): PickerState {
  const pool = scopePool(state);
  const previous = selectedSession(state)?.path;
  const rows = pool ? buildRows(pool, state) : [];
  let selected = 0;
  if (!(queryChanged && state.query.trim())) {
    const kept = previous === undefined ? -1 : rows.findIndex((row) => row.session.path === previous);
    selected = kept >= 0 ? kept : Math.min(state.selected, Math.max(0, rows.length - 1));
  }
  return scrolled({ ...state, rows, selected, scrollTop: queryChanged ? 0 : state.scrollTop });
}

const SORT_CYCLE: Record<PickerSort, PickerSort> = { threaded: "recent", recent: "relevance", relevance: "threaded" };

/** Text a user typed, without the control characters a paste may carry. */
const printable = (text: string): string => text.replace(/[\x00-\x1f\x7f]/g, "");

function withQuery(state: PickerState, query: string): PickerState {
  return query === state.query ? state : rebuilt({ ...state, query }, true);
}

/** A re-listing replaces the pools; vanished rows drop out, the selection stays on its file if it is still there. */
function relisted(state: PickerState, action: Extract<PickerAction, { type: "relisted" }>): PickerState {
  const current = action.current ?? state.current;
  const all = action.all ?? state.all;
  const gone = vanishedSessions([...state.current, ...(state.all ?? [])], [...current, ...(all ?? [])]);
  const listErrors = {
    current: action.currentError ?? (action.current ? null : state.listErrors.current),
    all: action.allError ?? (action.all ? null : state.listErrors.all),
  };
  return { ...rebuilt({ ...state, current, all }), note: vanishedNote(gone, action.openedPath) ?? state.note, listErrors };
}

/** What the picker does on its own (listing, resizing, finishing an exit) leaves a note up; any key clears it. */
const KEEPS_NOTE: ReadonlySet<PickerAction["type"]> = new Set(["allLoaded", "allProgress", "anywhereKnown", "relisted", "resize", "exitHandled", "note", "contentHits"]);

export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  const next = reduce(state, action);
  return next.note !== null && !KEEPS_NOTE.has(action.type) ? { ...next, note: null } : next;
}

function reduce(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case "note":
      return { ...state, note: action.text };
    case "move":
      return scrolled({ ...state, selected: state.selected + action.delta });
    case "page":
      return scrolled({ ...state, selected: state.selected + action.direction * state.listHeight });
    case "jump":
      return scrolled({ ...state, selected: action.to === "first" ? 0 : state.rows.length - 1 });
    case "type":
      return withQuery(state, state.query + printable(action.text));
    case "backspace":
      return withQuery(state, Array.from(state.query).slice(0, -1).join(""));
    case "deleteWord":
      return withQuery(state, state.query.replace(/\S*\s*$/, ""));
    case "clearQuery":
      return withQuery(state, "");
    case "toggleScope":
      return rebuilt({ ...state, scope: state.scope === "current" ? "all" : "current" });
    case "cycleSort":
      return rebuilt({ ...state, sort: SORT_CYCLE[state.sort] });
    case "toggleNamed":
      return rebuilt({ ...state, nameFilter: state.nameFilter === "all" ? "named" : "all" });
    case "togglePath":
      return { ...state, showPath: !state.showPath };
    case "anywhereKnown":
      return { ...state, anywhere: action.any };
    case "allProgress":
      return { ...state, allProgress: { done: action.done, total: action.total } };
    case "allLoaded": {
      const loaded = { ...state, all: action.sessions, allProgress: null, listErrors: { ...state.listErrors, all: action.error ?? null } };
      return state.scope === "all" ? rebuilt(loaded) : loaded;
    }
    case "relisted":
      return relisted(state, action);
    case "open": {
      const row = state.rows[state.selected];
      if (row?.hit) return { ...state, exit: { kind: "open", path: row.session.path, entryId: row.hit.entryId } };
      const path = row?.session.path ?? (hasNoSessionsAnywhere(state) ? state.demoPath : undefined);
      return path ? { ...state, exit: { kind: "open", path } } : state;
    }
    case "contentHits": {
      if (action.results.query !== state.query) return state;
      if (state.content?.query === action.results.query && state.content.hits.size === 0 && action.results.hits.size === 0) return state;
      // The first hits of a query select its best match, as typing does; later ones (the index
      // grew) keep the selection on its session.
      return rebuilt({ ...state, content: action.results }, state.content?.query !== action.results.query);
    }
    case "escape":
      // A typed query is cleared first; pi leaves at once, but losing a long query to one key is worse.
      return state.query ? withQuery(state, "") : { ...state, exit: { kind: "quit" } };
    case "quit":
      return { ...state, exit: { kind: "quit" } };
    case "exitHandled":
      return state.exit ? { ...state, exit: null } : state;
    case "resize": {
      const listHeight = Math.max(1, action.listHeight);
      return listHeight === state.listHeight ? state : scrolled({ ...state, listHeight });
    }
  }
}
