// The tree screen's keys: pi's /tree defaults (pi-tui-features.md §1.2) plus the explorer's own.
// One table drives both the input hook and the help overlay, so help can never drift from behaviour.
import { isPrintableText, type KeyPress } from "../kit/keys.js";
import type { TreeAction, TreeState } from "./tree-reducer.js";

/** Screen-level effects the reducer does not own. */
export type TreeCommand = "back" | "help" | "findPrompt" | "toggleDetail" | "focusDetail" | "copy" | "compactionPreview" | "recall" | EntryCommand;

/** Commands on the selected entry, carried out by the screen that hosts the tree (components/commit). */
export type EntryCommand = "navigate" | "editLabel" | "fork" | "compact";

export interface TreeBinding {
  keys: string[];
  help: string;
  run: TreeAction | TreeCommand;
}

export const TREE_BINDINGS: TreeBinding[] = [
  { keys: ["up"], help: "move up (wraps)", run: { type: "move", delta: -1 } },
  { keys: ["down"], help: "move down (wraps)", run: { type: "move", delta: 1 } },
  { keys: ["left", "pageup", "ctrl+b"], help: "page up", run: { type: "page", direction: -1 } },
  { keys: ["right", "pagedown", "ctrl+f"], help: "page down", run: { type: "page", direction: 1 } },
  { keys: ["home"], help: "first row", run: { type: "first" } },
  { keys: ["end"], help: "last row", run: { type: "last" } },
  { keys: ["ctrl+left", "alt+left"], help: "fold branch, or jump up to the previous branch start", run: { type: "foldOrUp" } },
  { keys: ["ctrl+right", "alt+right"], help: "unfold, or jump down to the next branch start", run: { type: "unfoldOrDown" } },
  { keys: ["ctrl+d"], help: "filter: default", run: { type: "setFilter", mode: "default" } },
  { keys: ["ctrl+t"], help: "filter: no tools (toggle)", run: { type: "toggleFilter", mode: "no-tools" } },
  { keys: ["ctrl+u"], help: "filter: user messages only (toggle)", run: { type: "toggleFilter", mode: "user-only" } },
  { keys: ["ctrl+l"], help: "filter: labeled only (toggle)", run: { type: "toggleFilter", mode: "labeled-only" } },
  { keys: ["ctrl+a"], help: "filter: all entries (toggle)", run: { type: "toggleFilter", mode: "all" } },
  { keys: ["ctrl+o"], help: "cycle filters forward", run: { type: "cycleFilter", direction: 1 } },
  { keys: ["ctrl+shift+o"], help: "cycle filters backward", run: { type: "cycleFilter", direction: -1 } },
  { keys: ["shift+t"], help: "show label times", run: { type: "toggleLabelTime" } },
  { keys: ["shift+i"], help: "show entry id and time on every row", run: { type: "toggleMeta" } },
  { keys: ["backspace"], help: "delete the last search character", run: { type: "deleteSearchChar" } },
  { keys: ["ctrl+g"], help: "find in full text (tool output, thinking, summaries, ids)", run: "findPrompt" },
  { keys: ["ctrl+n"], help: "next find hit", run: { type: "findNext", direction: 1 } },
  { keys: ["ctrl+p"], help: "previous find hit", run: { type: "findNext", direction: -1 } },
  { keys: ["tab"], help: "show/hide the detail pane", run: "toggleDetail" },
  { keys: ["shift+d"], help: "inspect: focus the detail pane (↑/↓ scroll, Esc back)", run: "focusDetail" },
  // pi's Enter (navigate, with the "Summarize branch?" choice) and Shift+L (label editor); Shift+F forks.
  { keys: ["enter"], help: "navigate here: plan, summarize choice, preview, then write (asks first)", run: "navigate" },
  { keys: ["shift+l"], help: "edit the label (empty removes it; asks before writing)", run: "editLabel" },
  { keys: ["shift+f"], help: "fork the path to this entry into a new session file (asks first)", run: "fork" },
  { keys: ["shift+c"], help: "write what pi's /compact would append now (at pi's leaf, your pi settings; asks first)", run: "compact" },
  // The compaction preview (and the before/after context diffs) at the selected entry.
  { keys: ["ctrl+k"], help: "compaction preview with the selected entry as leaf (context diffs inside)", run: "compactionPreview" },
  { keys: ["ctrl+x"], help: "copy the entry's text to the clipboard (OSC 52), as pi does", run: "copy" },
  { keys: ["escape", "ctrl+c"], help: "clear the search, or close the tree", run: "back" },
];

/** Keys that only act when the search query is empty (otherwise they are typed into it). */
export const EMPTY_QUERY_BINDINGS: TreeBinding[] = [
  { keys: ["?"], help: "this help (when the search is empty)", run: "help" },
  { keys: ["q"], help: "close the tree (when the search is empty)", run: "back" },
  // Recall (components/recall); with a query, "/" is typed into the search as in pi.
  { keys: ["/"], help: "recall: full-text search of every branch (when the search is empty)", run: "recall" },
];

const byKey = new Map<string, TreeBinding>();
for (const b of TREE_BINDINGS) for (const k of b.keys) byKey.set(k, b);
const emptyQueryByKey = new Map<string, TreeBinding>();
for (const b of EMPTY_QUERY_BINDINGS) for (const k of b.keys) emptyQueryByKey.set(k, b);

/**
 * What a key does in the tree: a reducer action, a screen command, or null (not a tree key).
 * Printable text that is no command goes into pi's type-to-search.
 */
export function treeKeyAction(key: KeyPress, state: Pick<TreeState, "query">): TreeAction | TreeCommand | null {
  const binding = byKey.get(key.name);
  if (binding) {
    // pi: Esc with a query clears it (and the folds); only an empty query closes the tree.
    if (binding.run === "back" && state.query !== "") return { type: "clearSearch" };
    return binding.run;
  }
  if (state.query === "") {
    const emptyBinding = emptyQueryByKey.get(key.name);
    if (emptyBinding) return emptyBinding.run;
  }
  // Shift+letter commands (L, T, I) are taken above; other capitals are typed (pi's search ignores case).
  if (isPrintableText(key.text)) return { type: "typeSearch", text: key.text };
  return null;
}
