// The recall screen's one key handler, on the router's "screen" layer. The screen is modal: it
// consumes every key, so nothing reaches the hidden tree below it. Typed text is not handled here:
// ink-text-input (focused only while the query has focus) reads it on its own.
import type { Dispatch } from "react";
import type { RecallIndex } from "../../src/engine/index.js";
import { scrollStep } from "../kit/bindings.js";
import { useKeyLayer } from "../kit/key-router.js";
import type { KeyPress } from "../kit/keys.js";
import { expandedKeyAction, expandedScrollKey, recallKeyAction, type RecallCommand } from "./recall-keys.js";
import { selectedItem, type RecallAction, type RecallState } from "./recall-reducer.js";
import { expandEntry } from "./run-recall.js";

export interface RecallInputDeps {
  state: RecallState;
  dispatch: Dispatch<RecallAction>;
  index: RecallIndex | null;
  /** Lines of the full text and the rows that show it, for clamped scrolling. */
  expandedLines: { total: number; height: number };
  onJump: (entryId: string) => void;
  onBack: () => void;
  onHelp: () => void;
}

export function useRecallInput(deps: RecallInputDeps, enabled: boolean): void {
  useKeyLayer(
    "screen",
    (key) => {
      const run = deps.state.expanded ? (expandedKeyAction(key) ?? scrollAction(key, deps)) : recallKeyAction(key, deps.state);
      if (run === null) return true;
      if (typeof run === "object") deps.dispatch(run);
      else runCommand(run, key, deps);
      return true;
    },
    enabled,
  );
}

function scrollAction(key: KeyPress, deps: RecallInputDeps): RecallAction | null {
  const { total, height } = deps.expandedLines;
  const scroll = expandedScrollKey(key);
  if (scroll === null) return null;
  return { type: "scrollExpanded", delta: scrollStep(scroll, Math.max(1, height - 1), total), total, height };
}

function runCommand(command: RecallCommand, key: KeyPress, deps: RecallInputDeps): void {
  const { state, dispatch } = deps;
  switch (command) {
    case "back":
      deps.onBack();
      return;
    case "clearOrBack":
      if (state.query === "") deps.onBack();
      else dispatch({ type: "clearQuery" });
      return;
    case "help":
      deps.onHelp();
      return;
    case "typeNext":
      dispatch({ type: "setFocus", focus: "query" });
      dispatch({ type: "setQuery", query: state.query + key.text });
      return;
    case "jump": {
      const id = state.expanded?.entry.entryId ?? selectedItem(state)?.entryId;
      if (id !== undefined) deps.onJump(id);
      return;
    }
    case "expand": {
      const item = selectedItem(state);
      if (!item || !deps.index) return;
      const r = expandEntry(deps.index, item.entryId);
      dispatch(r.ok ? { type: "expandOpened", entry: r.entry } : { type: "expandFailed", message: r.message });
      return;
    }
  }
}
