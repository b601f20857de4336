// The tree screen's keys: pi's /tree defaults (pi-tui-features.md §1.2) plus the explorer's own, one
// table per key layer (tree, detail pane, find prompt). The input hook dispatches from these tables and
// the help overlay renders them, so help can never drift from behaviour.
import { bindingLookup, TYPED_TEXT, type Binding, type ScrollCommand, type TextBinding } from "../kit/bindings.js";
import { footerItems, footerKeysText, footerLine, piKeyLabel } from "../kit/footer.js";
import { isPrintableText, type KeyPress } from "../kit/keys.js";
import { textFieldKeyAction } from "../kit/text-field/text-field-keys.js";
import type { TextFieldAction } from "../kit/text-field/text-field-state.js";
import type { TreeAction, TreeState } from "./tree-reducer.js";

/** Screen-level effects the reducer does not own. */
export type TreeCommand = "back" | "help" | "findPrompt" | "toggleDetail" | "focusDetail" | "copy" | "compactionPreview" | "recall" | "reload" | "pauseLive" | "timeline" | "problems" | EntryCommand;

/** Commands on the selected entry, carried out by the screen that hosts the tree (components/commit). */
export type EntryCommand = "navigate" | "editLabel" | "fork" | "compact" | "export" | "openInPi";

export type TreeBinding = Binding<TreeAction | TreeCommand>;

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
  { keys: ["ctrl+n"], help: "next find hit", run: { type: "findNext", direction: 1 }, footer: "find hits" },
  { keys: ["ctrl+p"], help: "previous find hit", run: { type: "findNext", direction: -1 }, footer: "find hits" },
  { keys: ["tab"], help: "show/hide the detail pane (below 60 columns it takes the tree's place)", run: "toggleDetail" },
  { keys: ["shift+d"], help: "inspect: focus the detail pane (↑/↓ scroll, Esc back)", run: "focusDetail" },
  // pi's Enter (navigate, with the "Summarize branch?" choice) and Shift+L (label editor); Shift+F forks.
  { keys: ["enter"], help: "navigate here: plan, summarize choice, preview, then write (asks first)", run: "navigate" },
  { keys: ["shift+l"], help: "edit the label (empty removes it; asks before writing)", run: "editLabel" },
  { keys: ["shift+f"], help: "fork the path to this entry into a new session file (asks first)", run: "fork" },
  { keys: ["shift+c"], help: "write what pi's /compact would append now (at pi's leaf, your pi settings; asks first)", run: "compact" },
  // Back into pi (components/handoff): at pi's leaf at once; elsewhere the move is written first.
  { keys: ["shift+o"], help: "open the session in pi here (at pi's leaf at once; elsewhere a branch summary or a fork first)", run: "openInPi" },
  // The compaction preview (and the before/after context diffs) at the selected entry.
  { keys: ["ctrl+k"], help: "compaction preview with the selected entry as leaf (context diffs inside)", run: "compactionPreview" },
  // The context timeline (components/timeline) and the export of the path (components/export).
  { keys: ["shift+g"], help: "context timeline: tokens at each turn of this branch, compactions, threshold, cut", run: "timeline" },
  { keys: ["shift+e"], help: "export the path to the selected entry as one HTML file in the working directory", run: "export" },
  { keys: ["ctrl+x"], help: "copy the entry's text to the clipboard (OSC 52), as pi does", run: "copy" },
  // The host (components/commit) re-reads the file; the cursor follows pi's leaf or stays on this entry.
  { keys: ["ctrl+r"], help: "read the file again from disk (pi's appends show by themselves)", run: "reload" },
  // While the file is followed (the status line says "live"): the cursor moves to each new leaf pi writes.
  { keys: ["ctrl+e"], help: "follow pi: the cursor moves to each new leaf (toggle; on while the cursor is on the leaf)", run: { type: "toggleFollow" } },
  // The host holds the tree still while pi appends: the old notice names the growth, Ctrl+R shows it.
  { keys: ["shift+p"], help: "pause the live tree: pi's appends are announced, Ctrl+R shows them (toggle)", run: "pauseLive" },
  { keys: ["escape", "ctrl+c"], help: "clear the search, or close the tree", run: "back" },
];

/** pi's type-to-search: printable text that is no command goes into the query (the fallback of treeKeyAction). */
export const TYPE_TO_SEARCH: TextBinding = { keys: [TYPED_TEXT], help: "type to search: every word must appear (pi's search)" };

// Alt+Backspace too: the search has no word delete (Alt+Backspace's job in pi's editors), and it used to arrive as Backspace.
export const SEARCH_BINDINGS: TreeBinding[] = [{ keys: ["backspace", "alt+backspace"], help: "delete the last search character", run: { type: "deleteSearchChar" } }];

/** Keys that only act when the search query is empty (otherwise they are typed into it). */
export const EMPTY_QUERY_BINDINGS: TreeBinding[] = [
  { keys: ["?"], help: "this help (when the search is empty)", run: "help" },
  { keys: ["q"], help: "close the tree (when the search is empty)", run: "back" },
  // Recall (components/recall); with a query, "/" is typed into the search as in pi.
  { keys: ["/"], help: "recall: full-text search of every branch (when the search is empty)", run: "recall" },
  // components/problems: the file's damaged lines and orphaned entries, each with a jump.
  { keys: ["!"], help: "list every damaged line and orphaned entry, with a jump to each (when the search is empty)", run: "problems" },
];

/** What a key does in the focused detail pane; the hook knows the pane's size and turns it into a scroll. */
export type DetailCommand = ({ type: "scroll" } & ScrollCommand<"line" | "page">) | { type: "scrollTo"; edge: "top" | "bottom" } | { type: "blur" };

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

export type FindPromptCommand = "find" | "cancel";

/** The find prompt (Ctrl+G) is modal: keys not listed (and not text) are swallowed. */
export const FIND_PROMPT_TEXT: TextBinding = { keys: [TYPED_TEXT], help: "the text to find (any case; ids too); the text-field keys edit it" };
export const FIND_PROMPT_BINDINGS: Binding<FindPromptCommand>[] = [
  { keys: ["enter"], help: "find: count the hits, cursor on the next one (empty: find off)", run: "find", footer: "find" },
  { keys: ["escape"], help: "close the prompt; the last find stays", run: "cancel", footer: "cancel" },
];

// The tree and its search are one layer: a key bound in both would be a bug, so they share one lookup.
const TREE = bindingLookup([...TREE_BINDINGS, ...SEARCH_BINDINGS]);
const EMPTY_QUERY = bindingLookup(EMPTY_QUERY_BINDINGS);
const DETAIL = bindingLookup(DETAIL_BINDINGS);
const FIND_PROMPT = bindingLookup(FIND_PROMPT_BINDINGS);

/**
 * What a key does in the tree: a reducer action, a screen command, or null (not a tree key).
 * Printable text that is no command goes into pi's type-to-search.
 */
export function treeKeyAction(key: KeyPress, state: Pick<TreeState, "query">): TreeAction | TreeCommand | null {
  const run = TREE(key.name);
  if (run !== null) {
    // pi: Esc with a query clears it (and the folds); only an empty query closes the tree.
    if (run === "back" && state.query !== "") return { type: "clearSearch" };
    return run;
  }
  if (state.query === "") {
    const emptyRun = EMPTY_QUERY(key.name);
    if (emptyRun !== null) return emptyRun;
  }
  // Shift+letter commands (L, T, I) are taken above; other capitals are typed (pi's search ignores case).
  if (isPrintableText(key.text)) return { type: "typeSearch", text: key.text };
  return null;
}

/** What a key does in the focused detail pane, or null to leave it to the tree. */
export const detailKeyCommand = (key: KeyPress): DetailCommand | null => DETAIL(key.name);

/** What a key does in the open find prompt: a command, an edit of its text field, or null (swallowed). */
export function findPromptKeyAction(key: KeyPress): FindPromptCommand | { type: "edit"; edit: TextFieldAction } | null {
  const run = FIND_PROMPT(key.name);
  if (run !== null) return run;
  const edit = textFieldKeyAction(key);
  return edit === null ? null : { type: "edit", edit };
}

/** The find prompt's hint, in pi's words ("(enter find · esc cancel)"). */
export const findPromptHint = (): string => `  (${footerLine(footerItems(FIND_PROMPT_BINDINGS), Number.MAX_SAFE_INTEGER, { lead: "", label: piKeyLabel })})`;

/** The keys that step through find hits, as the counter line names them ("ctrl+n/ctrl+p"). */
export const findHitKeys = (): string => footerKeysText(footerItems(TREE_BINDINGS.filter((b) => b.footer === "find hits")), piKeyLabel);
