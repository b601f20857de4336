// Carries out the tree's key tables (tree-keys.ts) through the key router. The tree sits on the
// "screen" layer, the focused detail pane on "pane", the find prompt on "overlay": whoever is on top
// sees a key first. No key is named here: the tables, which the help overlay shows, decide.
import type { Dispatch } from "react";
import { scrollStep } from "../kit/bindings.js";
import { initTextField, textFieldReducer, type TextFieldState } from "../kit/text-field/text-field-state.js";
import { useKeyLayer } from "../kit/key-router.js";
import { isTypedRun, runKeys } from "../kit/keys.js";
import type { PaneLines } from "../kit/pane-lines.js";
import type { DetailAction, DetailState } from "./detail-reducer.js";
import { entryCopyText } from "./copy-text.js";
import { detailKeyCommand, findPromptKeyAction, treeKeyAction, type EntryCommand, type TreeCommand } from "./tree-keys.js";
import { selectedId, selectedNode, type TreeAction, type TreeState } from "./tree-reducer.js";

export interface TreeInputDeps {
  state: TreeState;
  dispatch: Dispatch<TreeAction>;
  detail: DetailState;
  detailDispatch: Dispatch<DetailAction>;
  /** The pane's lines (made as far as they are read) and how many are visible, for clamped scrolling. */
  paneLines: { lines: PaneLines; height: number };
  /** Whether the pane fits beside the tree; where not, Tab opens and closes it in the tree's place (focused). */
  paneBeside: boolean;
  /** The open find prompt's text field (Ctrl+G), or null. */
  findPrompt: TextFieldState | null;
  setFindPrompt: (value: TextFieldState | null) => void;
  onBack: () => void;
  onHelp: () => void;
  /** Enter / Shift+L / Shift+F / Shift+C / Ctrl+R on the selected entry (components/commit); absent: the keys do nothing. */
  onEntryCommand?: (command: EntryCommand, entryId: string) => void;
  /** Ctrl+R: read the file again; works with no row selected (a search that matches nothing). */
  onReload?: (selectedId: string | null) => void;
  /** Shift+P: pause or resume the live tree (components/commit); absent: "P" is typed into the search. */
  onPauseLive?: () => void;
  /** Ctrl+X: the selected entry's text (undefined when it has none). */
  onCopy?: (text: string | undefined) => void;
  /** `/` with an empty search: open the recall screen; absent: "/" is typed into the search. */
  onRecall?: () => void;
  /** Ctrl+K: open the compaction preview at the selected entry; absent: the key does nothing. */
  onCompactionPreview?: (entryId: string) => void;
  /** Shift+G: open the context timeline at the selected entry; absent: the key does nothing. */
  onTimeline?: (entryId: string) => void;
  /** `!` with an empty search: open the list of damaged lines and orphaned entries. */
  onProblems?: () => void;
}

export function useTreeInput(deps: TreeInputDeps, enabled: boolean): void {
  const { dispatch, detailDispatch, paneLines, setFindPrompt } = deps;

  useKeyLayer(
    "screen",
    (key) => {
      // Several characters in one read whose first is a command ("/" then the query, Shift+L then
      // the label): the command acts, and the router hands the rest to whatever it opened.
      if (isTypedRun(key)) {
        const [first, ...rest] = runKeys(key.text);
        const firstRun = rest.length > 0 ? treeKeyAction(first, deps.state) : null;
        if (firstRun !== null && !(typeof firstRun === "object" && firstRun.type === "typeSearch")) {
          if (typeof firstRun === "object") dispatch(firstRun);
          else runCommand(firstRun, deps);
          return { rest };
        }
      }
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
      const command = detailKeyCommand(key);
      if (command === null) return false;
      const { lines, height } = paneLines;
      if (command.type === "blur") detailDispatch({ type: "blur" });
      // The end needs the total: the only key that reads the whole text.
      else if (command.type === "scrollTo") detailDispatch({ type: "scrollTo", edge: command.edge, total: command.edge === "bottom" ? lines.total() : lines.known, height });
      else {
        const delta = scrollStep(command, Math.max(1, height - 1), 0);
        detailDispatch({ type: "scroll", delta, total: lines.extent(deps.detail.scroll + Math.max(0, delta) + height), height });
      }
      return true;
    },
    enabled && deps.detail.focused,
  );

  useKeyLayer(
    "overlay",
    (key) => {
      const prompt = deps.findPrompt ?? initTextField("");
      const action = findPromptKeyAction(key);
      if (action === "cancel") setFindPrompt(null);
      else if (action === "find") {
        dispatch({ type: "find", query: prompt.value });
        setFindPrompt(null);
      } else if (action !== null) setFindPrompt(textFieldReducer(prompt, action.edit));
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
      deps.setFindPrompt(initTextField(deps.state.find?.query ?? ""));
      break;
    case "toggleDetail":
      deps.detailDispatch(deps.paneBeside ? { type: "toggleShown" } : { type: deps.detail.focused ? "blur" : "focus" });
      break;
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
    case "reload":
      deps.onReload?.(selectedId(deps.state));
      break;
    case "pauseLive":
      if (deps.onPauseLive) deps.onPauseLive();
      else deps.dispatch({ type: "typeSearch", text: "P" });
      break;
    case "problems":
      if (deps.onProblems) deps.onProblems();
      else deps.dispatch({ type: "typeSearch", text: "!" });
      break;
    case "compactionPreview": {
      const id = selectedId(deps.state);
      if (id !== null) deps.onCompactionPreview?.(id);
      break;
    }
    case "timeline": {
      const id = selectedId(deps.state);
      if (id !== null) deps.onTimeline?.(id);
      break;
    }
    default: {
      // Every EntryCommand goes to the host, so a new one needs only its binding in tree-keys.ts.
      const entryCommand: EntryCommand = command;
      const id = selectedId(deps.state);
      if (id !== null) deps.onEntryCommand?.(entryCommand, id);
    }
  }
}
