// The recall screen's one key handler, on the router's "screen" layer. The screen is modal: it
// consumes every key, so nothing reaches the hidden tree below it. Typed text edits the query through
// the text field's key table (recall-keys.ts), like every other key.
import type { Dispatch } from "react";
import type { RecallIndex } from "../../src/engine/index.js";
import type { HelpGroupId } from "../kit/screen-contract.js";
import type { PaneLines } from "../kit/pane-lines.js";
import { scrollStep } from "../kit/bindings.js";
import { useKeyLayer } from "../kit/key-router.js";
import type { KeyPress } from "../kit/keys.js";
import { charPress, expandedKeyAction, expandedScrollKey, isResultKeyRun, recallKeyAction, type RecallCommand } from "./recall-keys.js";
import { recallReducer, selectedItem, type RecallAction, type RecallState } from "./recall-reducer.js";
import { expandEntry } from "./run-recall.js";

export interface RecallInputDeps {
  state: RecallState;
  dispatch: Dispatch<RecallAction>;
  index: RecallIndex | null;
  /** Lines of the full text and the rows that show it, for clamped scrolling. */
  /** The expanded entry's lines (made as far as they are read) and how many show. */
  expandedLines: { lines: PaneLines; height: number };
  onJump: (entryId: string) => void;
  onBack: () => void;
  /** Opens the key help at the group of the mode the screen is in. */
  onHelp: (group: HelpGroupId) => void;
}

export function useRecallInput(deps: RecallInputDeps, enabled: boolean): void {
  useKeyLayer(
    "screen",
    (key) => {
      if (isResultKeyRun(key, deps.state)) runKeys(key.text, deps);
      else handleKey(key, deps);
      return true;
    },
    enabled,
  );
}

/**
 * The characters of one press, each as its own key. Each one must see what the ones before it
 * changed, and React's state only changes after this handler returns, so the run keeps its own copy:
 * every action goes to React and, through the same pure reducer, to that copy, in order.
 */
function runKeys(text: string, deps: RecallInputDeps): void {
  let state = deps.state;
  const dispatch = (action: RecallAction) => {
    state = recallReducer(state, action);
    deps.dispatch(action);
  };
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    // A character that was no result key switched to typing: the rest of the run is typed text.
    if (state.focus === "query" && state.expanded === null) {
      dispatch({ type: "setQuery", query: state.query + chars.slice(i).join("") });
      return;
    }
    if (!handleKey(charPress(chars[i]), { ...deps, state, dispatch })) return;
  }
}

/** Carry out one key; false when the screen gave up the keys (back, help, jump). */
function handleKey(key: KeyPress, deps: RecallInputDeps): boolean {
  const run = deps.state.expanded ? (expandedKeyAction(key) ?? scrollAction(key, deps)) : recallKeyAction(key, deps.state);
  if (run === null) return true;
  if (typeof run === "object") {
    deps.dispatch(run);
    return true;
  }
  return runCommand(run, key, deps);
}

function scrollAction(key: KeyPress, deps: RecallInputDeps): RecallAction | null {
  const { lines, height } = deps.expandedLines;
  const scroll = expandedScrollKey(key);
  if (scroll === null) return null;
  const at = deps.state.expanded?.scroll ?? 0;
  // Only the end key reads the whole text; other scrolls wrap as far as they reach.
  const edge = scroll.by === "edge" ? (scroll.direction > 0 ? lines.total() : at) : 0;
  const delta = scrollStep(scroll, Math.max(1, height - 1), edge);
  return { type: "scrollExpanded", delta, total: scroll.by === "edge" && scroll.direction > 0 ? lines.total() : lines.extent(at + Math.max(0, delta) + height), height };
}

function runCommand(command: RecallCommand, key: KeyPress, deps: RecallInputDeps): boolean {
  const { state, dispatch } = deps;
  switch (command) {
    case "back":
      deps.onBack();
      return false;
    case "clearOrBack":
      if (state.query !== "") {
        dispatch({ type: "clearQuery" });
        return true;
      }
      deps.onBack();
      return false;
    case "help":
      deps.onHelp(state.expanded ? "recallExpanded" : state.focus === "query" ? "recallQuery" : "recallResults");
      return false;
    case "typeNext":
      dispatch({ type: "setFocus", focus: "query" });
      dispatch({ type: "setQuery", query: state.query + key.text });
      return true;
    case "jump": {
      const id = state.expanded?.entry.entryId ?? selectedItem(state)?.entryId;
      if (id === undefined) return true;
      deps.onJump(id);
      return false;
    }
    case "expand": {
      const item = selectedItem(state);
      if (!item || !deps.index) return true;
      const r = expandEntry(deps.index, item.entryId);
      dispatch(r.ok ? { type: "expandOpened", entry: r.entry } : { type: "expandFailed", message: r.message });
      return true;
    }
  }
}
