// Maps keys to tree actions through the key router. The tree sits on the "screen" layer, the focused
// detail pane on "pane", the find prompt on "overlay": whoever is on top sees a key first.
import type { Dispatch } from "react";
import { useKeyLayer } from "../kit/key-router.js";
import { isPrintableText } from "../kit/keys.js";
import type { DetailAction, DetailState } from "./detail-reducer.js";
import { entryCopyText } from "./copy-text.js";
import { treeKeyAction, type EntryCommand, type TreeCommand } from "./tree-keys.js";
import { selectedNode, type TreeAction, type TreeState } from "./tree-reducer.js";

export interface TreeInputDeps {
  state: TreeState;
  dispatch: Dispatch<TreeAction>;
  detail: DetailState;
  detailDispatch: Dispatch<DetailAction>;
  /** Total and visible line counts of the pane, for clamped scrolling. */
  paneLines: { total: number; height: number };
  findPrompt: string | null;
  setFindPrompt: (value: string | null) => void;
  onBack: () => void;
  onHelp: () => void;
  /** Enter / Shift+L / Shift+F / Shift+C on the selected entry (components/commit); absent: the keys do nothing. */
  onEntryCommand?: (command: EntryCommand, entryId: string) => void;
  /** Ctrl+X: the selected entry's text (undefined when it has none). */
  onCopy?: (text: string | undefined) => void;
  /** `/` with an empty search: open the recall screen; absent: "/" is typed into the search. */
  onRecall?: () => void;
  /** Ctrl+K: open the compaction preview at the selected entry; absent: the key does nothing. */
  onCompactionPreview?: (entryId: string) => void;
}

export function useTreeInput(deps: TreeInputDeps, enabled: boolean): void {
  const { dispatch, detailDispatch, paneLines, setFindPrompt } = deps;

  useKeyLayer(
    "screen",
    (key) => {
      const run = treeKeyAction(key, deps.state);
      if (run === null) return false;
      if (typeof run === "object") dispatch(run);
      else runCommand(run, deps);
      return true;
    },
    enabled,
  );

  useKeyLayer(
    "pane",
    (key) => {
      const { total, height } = paneLines;
      const page = Math.max(1, height - 1);
      switch (key.name) {
        case "up":
          detailDispatch({ type: "scroll", delta: -1, total, height });
          return true;
        case "down":
          detailDispatch({ type: "scroll", delta: 1, total, height });
          return true;
        case "pageup":
        case "left":
          detailDispatch({ type: "scroll", delta: -page, total, height });
          return true;
        case "pagedown":
        case "right":
        case " ":
          detailDispatch({ type: "scroll", delta: page, total, height });
          return true;
        case "home":
          detailDispatch({ type: "scrollTo", edge: "top", total, height });
          return true;
        case "end":
          detailDispatch({ type: "scrollTo", edge: "bottom", total, height });
          return true;
        case "escape":
        case "enter":
        case "q":
          detailDispatch({ type: "blur" });
          return true;
        default:
          return false;
      }
    },
    enabled && deps.detail.focused,
  );

  useKeyLayer(
    "overlay",
    (key) => {
      const prompt = deps.findPrompt ?? "";
      if (key.name === "escape") setFindPrompt(null);
      else if (key.name === "enter") {
        dispatch({ type: "find", query: prompt });
        setFindPrompt(null);
      } else if (key.name === "backspace") setFindPrompt(prompt.slice(0, -1));
      else if (isPrintableText(key.text)) setFindPrompt(prompt + key.text);
      // The prompt is modal: every other key is swallowed.
      return true;
    },
    enabled && deps.findPrompt !== null,
  );
}

function runCommand(command: TreeCommand, deps: TreeInputDeps): void {
  switch (command) {
    case "back":
      deps.onBack();
      break;
    case "help":
      deps.onHelp();
      break;
    case "findPrompt":
      deps.setFindPrompt(deps.state.find?.query ?? "");
      break;
    case "toggleDetail":
      deps.detailDispatch({ type: "toggleShown" });
      break;
    case "navigate":
    case "editLabel":
    case "fork":
    case "compact": {
      const node = selectedNode(deps.state);
      if (node >= 0) deps.onEntryCommand?.(command, deps.state.model.flat.nodes[node].entry.id);
      break;
    }
    case "focusDetail":
      deps.detailDispatch({ type: "focus" });
      break;
    case "copy": {
      const node = selectedNode(deps.state);
      if (node >= 0) deps.onCopy?.(entryCopyText(deps.state.model.flat.nodes[node].entry));
      break;
    }
    case "recall":
      if (deps.onRecall) deps.onRecall();
      else deps.dispatch({ type: "typeSearch", text: "/" });
      break;
    case "compactionPreview": {
      const node = selectedNode(deps.state);
      if (node >= 0) deps.onCompactionPreview?.(deps.state.model.flat.nodes[node].entry.id);
      break;
    }
  }
}
