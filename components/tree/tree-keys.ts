// The tree screen's keys: pi's /tree defaults (pi-tui-features.md §1.2) plus the explorer's own, one
// table per key layer (tree, detail pane, find prompt). The input hook dispatches from these tables and
// the help overlay renders them, so help can never drift from behaviour.
import { isPrintableText, type KeyPress } from "../kit/keys.js";
import type { TreeAction, TreeState } from "./tree-reducer.js";

/** Screen-level effects the reducer does not own. */
export type TreeCommand = "back" | "help" | "findPrompt" | "toggleDetail" | "focusDetail" | "copy" | "compactionPreview" | "recall" | EntryCommand;

/** Commands on the selected entry, carried out by the screen that hosts the tree (components/commit). */
export type EntryCommand = "navigate" | "editLabel" | "fork" | "compact" | "reload";

/** One row of a key table: the key names (as components/kit/keys.ts names them), the help text, what it does. */
export interface Binding<Run> {
  keys: string[];
  help: string;
  run: Run;
}

export type TreeBinding = Binding<TreeAction | TreeCommand>;

/** The key name of a binding that takes printable text: a typed character or a paste (never a real key name). */
export const TYPED_TEXT = "text";

/** A layer's text entry; what it does depends on the text, so the dispatcher builds the action. */
export interface TextBinding {
  keys: [typeof TYPED_TEXT];
  help: string;
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
  // The host (components/commit) re-reads the file; the cursor follows pi's leaf or stays on this entry.
  { keys: ["ctrl+r"], help: "reload the file from disk (after pi appended to it)", run: "reload" },
  { keys: ["escape", "ctrl+c"], help: "clear the search, or close the tree", run: "back" },
];

/** pi's type-to-search: printable text that is no command goes into the query (the fallback of treeKeyAction). */
export const TYPE_TO_SEARCH: TextBinding = { keys: [TYPED_TEXT], help: "type to search: every word must appear (pi's search)" };

export const SEARCH_BINDINGS: TreeBinding[] = [{ keys: ["backspace"], help: "delete the last search character", run: { type: "deleteSearchChar" } }];

/** Keys that only act when the search query is empty (otherwise they are typed into it). */
export const EMPTY_QUERY_BINDINGS: TreeBinding[] = [
  { keys: ["?"], help: "this help (when the search is empty)", run: "help" },
  { keys: ["q"], help: "close the tree (when the search is empty)", run: "back" },
  // Recall (components/recall); with a query, "/" is typed into the search as in pi.
  { keys: ["/"], help: "recall: full-text search of every branch (when the search is empty)", run: "recall" },
];

/** What a key does in the focused detail pane; the hook knows the pane's size and turns it into a scroll. */
export type DetailCommand = { type: "scroll"; by: "line" | "page"; direction: 1 | -1 } | { type: "scrollTo"; edge: "top" | "bottom" } | { type: "blur" };

/** The focused detail pane (Shift+D). Keys not listed fall through to the tree below. */
export const DETAIL_BINDINGS: Binding<DetailCommand>[] = [
  { keys: ["up"], help: "scroll up one line", run: { type: "scroll", by: "line", direction: -1 } },
  { keys: ["down"], help: "scroll down one line", run: { type: "scroll", by: "line", direction: 1 } },
  { keys: ["pageup", "left"], help: "scroll up one page", run: { type: "scroll", by: "page", direction: -1 } },
  { keys: ["pagedown", "right", " "], help: "scroll down one page", run: { type: "scroll", by: "page", direction: 1 } },
  { keys: ["home"], help: "top of the entry", run: { type: "scrollTo", edge: "top" } },
  { keys: ["end"], help: "bottom of the entry", run: { type: "scrollTo", edge: "bottom" } },
  { keys: ["escape", "enter", "q"], help: "back to the tree", run: { type: "blur" } },
];

export type FindPromptCommand = "find" | "deleteChar" | "cancel";

/** The find prompt (Ctrl+G) is modal: keys not listed (and not text) are swallowed. */
export const FIND_PROMPT_TEXT: TextBinding = { keys: [TYPED_TEXT], help: "the text to find (any case; ids too)" };
export const FIND_PROMPT_BINDINGS: Binding<FindPromptCommand>[] = [
  { keys: ["enter"], help: "find: count the hits, cursor on the next one (empty: find off)", run: "find" },
  { keys: ["backspace"], help: "delete the last character", run: "deleteChar" },
  { keys: ["escape"], help: "close the prompt; the last find stays", run: "cancel" },
];

function byKey<Run>(...tables: Binding<Run>[][]): Map<string, Binding<Run>> {
  const map = new Map<string, Binding<Run>>();
  for (const table of tables) for (const b of table) for (const k of b.keys) if (!map.has(k)) map.set(k, b);
  return map;
}
const TREE = byKey(TREE_BINDINGS, SEARCH_BINDINGS);
const EMPTY_QUERY = byKey(EMPTY_QUERY_BINDINGS);
const DETAIL = byKey(DETAIL_BINDINGS);
const FIND_PROMPT = byKey(FIND_PROMPT_BINDINGS);

/**
 * What a key does in the tree: a reducer action, a screen command, or null (not a tree key).
 * Printable text that is no command goes into pi's type-to-search.
 */
export function treeKeyAction(key: KeyPress, state: Pick<TreeState, "query">): TreeAction | TreeCommand | null {
  const binding = TREE.get(key.name);
  if (binding) {
    // pi: Esc with a query clears it (and the folds); only an empty query closes the tree.
    if (binding.run === "back" && state.query !== "") return { type: "clearSearch" };
    return binding.run;
  }
  if (state.query === "") {
    const emptyBinding = EMPTY_QUERY.get(key.name);
    if (emptyBinding) return emptyBinding.run;
  }
  // Shift+letter commands (L, T, I) are taken above; other capitals are typed (pi's search ignores case).
  if (isPrintableText(key.text)) return { type: "typeSearch", text: key.text };
  return null;
}

/** What a key does in the focused detail pane, or null to leave it to the tree. */
export const detailKeyCommand = (key: KeyPress): DetailCommand | null => DETAIL.get(key.name)?.run ?? null;

/** What a key does in the open find prompt: a command, text to append, or null (swallowed). */
export function findPromptKeyAction(key: KeyPress): FindPromptCommand | { type: "type"; text: string } | null {
  const binding = FIND_PROMPT.get(key.name);
  if (binding) return binding.run;
  return isPrintableText(key.text) ? { type: "type", text: key.text } : null;
}
