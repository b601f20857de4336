// The recall screen's state and transitions, as one pure reducer. Searches never run here: every
// change that needs one bumps `seq` and says how long to wait (`delay`); the hook runs the request
// off the render path and hands the outcome back tagged with the seq it was made for, and outcomes
// for an older seq are dropped. Typing therefore never waits for a search.
import type { ExpandedEntry } from "../../src/engine/index.js";
import { textFieldReducer, type TextFieldAction } from "../kit/text-field/text-field-state.js";
import { cycleIndex, scopeOptions, type ScopeOption } from "./recall-scopes.js";
import { resultItems } from "./result-items.js";
import type { RecallOutcome, RecallRequest } from "./run-recall.js";

/** Pause after the last typed key before searching. */
export const TYPING_DEBOUNCE_MS = 120;

export type RecallFocus = "query" | "results";

export interface ExpandedView {
  entry: ExpandedEntry;
  /** First shown line of the wrapped text. */
  scroll: number;
}

export interface RecallState {
  query: string;
  /** Where the query's text cursor is (UTF-16 offset); the query box edits through the text field. */
  cursor: number;
  scopes: ScopeOption[];
  scopeIndex: number;
  /** 1-based page of search hits. */
  page: number;
  /** Where letter keys go: into the query, or to the result commands (e, n, p, s). */
  focus: RecallFocus;
  /** Index into resultItems(shown). */
  selected: number;
  /** Bumped by every change that needs a new search. */
  seq: number;
  /** How long the request for `seq` waits before it runs. */
  delay: number;
  /** False until the session's recall index is built ("indexing…"). */
  ready: boolean;
  /** The latest outcome that arrived for the current seq (kept on screen while the next one runs). */
  shown: { seq: number; outcome: RecallOutcome } | null;
  expanded: ExpandedView | null;
  /** One-line message from the last command (e.g. expand failed). */
  notice: string | null;
}

export type RecallAction =
  | { type: "indexReady"; compactionCount: number }
  /** The whole query replaced (cursor at its end). */
  | { type: "setQuery"; query: string }
  /** A key of the query box's text field. */
  | { type: "editQuery"; edit: TextFieldAction }
  /** Esc with a typed query: drop the query and its hits, back to typing (the latest entries follow). */
  | { type: "clearQuery" }
  | { type: "cycleScope"; direction: 1 | -1 }
  | { type: "turnPage"; direction: 1 | -1 }
  | { type: "move"; delta: 1 | -1 }
  | { type: "setFocus"; focus: RecallFocus }
  | { type: "resultArrived"; seq: number; outcome: RecallOutcome }
  | { type: "expandOpened"; entry: ExpandedEntry }
  | { type: "expandFailed"; message: string }
  | { type: "collapse" }
  | { type: "scrollExpanded"; delta: number; total: number; height: number };

/** The state a screen opens in; `compactionCount` is known when the session's index is already built. */
export function initRecallState(compactionCount: number | null = null): RecallState {
  return {
    query: "",
    cursor: 0,
    scopes: scopeOptions(compactionCount ?? 0),
    scopeIndex: 0,
    page: 1,
    focus: "query",
    selected: 0,
    seq: 0,
    delay: 0,
    ready: compactionCount !== null,
    shown: null,
    expanded: null,
    notice: null,
  };
}

/** A change that needs a new search: next seq, run after `delay`. */
const bump = (s: RecallState, delay: number, patch: Partial<RecallState>): RecallState => ({
  ...s,
  ...patch,
  seq: s.seq + 1,
  delay,
  notice: null,
});

export function recallReducer(s: RecallState, action: RecallAction): RecallState {
  switch (action.type) {
    case "indexReady":
      return bump(s, 0, { ready: true, scopes: scopeOptions(action.compactionCount), scopeIndex: Math.min(s.scopeIndex, 2) });
    case "setQuery": {
      // Control characters never enter the query (a paste may carry them).
      const query = action.query.replace(/[\x00-\x1f\x7f-\x9f]/g, "");
      if (query === s.query) return s.cursor === query.length ? s : { ...s, cursor: query.length };
      return bump(s, TYPING_DEBOUNCE_MS, { query, cursor: query.length, page: 1 });
    }
    case "editQuery": {
      const field = textFieldReducer({ value: s.query, cursor: s.cursor }, action.edit);
      if (field.value === s.query) return field.cursor === s.cursor ? s : { ...s, cursor: field.cursor };
      return bump(s, TYPING_DEBOUNCE_MS, { query: field.value, cursor: field.cursor, page: 1 });
    }
    case "clearQuery":
      return s.query === "" ? s : bump(s, 0, { query: "", cursor: 0, page: 1, focus: "query", selected: 0, shown: null, expanded: null });
    case "cycleScope":
      return bump(s, 0, { scopeIndex: cycleIndex(s.scopeIndex, s.scopes.length, action.direction), page: 1 });
    case "turnPage": {
      const outcome = s.shown?.outcome;
      if (outcome?.kind !== "search") return s;
      const page = s.page + action.direction;
      if (page < 1 || page > outcome.page.pageCount) return s;
      return bump(s, 0, { page });
    }
    case "move": {
      const count = resultItems(s.shown?.outcome ?? null).length;
      if (count === 0) return s;
      return { ...s, selected: cycleIndex(s.selected, count, action.delta) };
    }
    case "setFocus":
      return s.focus === action.focus ? s : { ...s, focus: action.focus };
    case "resultArrived":
      // A search for an older query, scope or page: its answer is stale.
      if (action.seq !== s.seq) return s;
      return { ...s, shown: { seq: action.seq, outcome: action.outcome }, selected: 0, expanded: null };
    case "expandOpened":
      return { ...s, expanded: { entry: action.entry, scroll: 0 }, notice: null };
    case "expandFailed":
      return { ...s, notice: action.message };
    case "collapse":
      return s.expanded === null ? s : { ...s, expanded: null };
    case "scrollExpanded": {
      if (s.expanded === null) return s;
      const max = Math.max(0, action.total - action.height);
      const scroll = Math.max(0, Math.min(max, s.expanded.scroll + action.delta));
      return scroll === s.expanded.scroll ? s : { ...s, expanded: { ...s.expanded, scroll } };
    }
  }
}

/** The search the state is waiting for, or null when the index is not built yet or the answer is in. */
export function pendingRequest(s: RecallState): (RecallRequest & { delay: number }) | null {
  if (!s.ready || s.shown?.seq === s.seq) return null;
  return { seq: s.seq, query: s.query, scope: s.scopes[s.scopeIndex].scope, page: s.page, delay: s.delay };
}

/** The entry under the cursor, if any. */
export function selectedItem(s: RecallState) {
  return resultItems(s.shown?.outcome ?? null)[s.selected] ?? null;
}
