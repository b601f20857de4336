// The recall screen's keys, one table per mode. The same tables drive the input hook and the help
// overlay. While the query has focus the keys no table binds edit the query (the text field's table).
import { bindingLookup, type Binding, type ScrollCommand } from "../kit/bindings.js";
import { footerItems, footerLine, type FooterItem } from "../kit/footer.js";
import { isPrintableText, isTypedRun, textPress, type KeyPress } from "../kit/keys.js";
import { textFieldKeyAction } from "../kit/text-field/text-field-keys.js";
import type { RecallAction, RecallState } from "./recall-reducer.js";

/** Effects the reducer does not own (the screen carries them out). */
export type RecallCommand = "jump" | "expand" | "back" | "clearOrBack" | "help" | "typeNext";

export type RecallBinding = Binding<RecallAction | RecallCommand>;

/** Esc's words in the footer: they depend on the query (recallFooterItems). */
const ESC_FOOTER = "clear or back";

const SELECT: RecallBinding[] = [
  { keys: ["up"], help: "previous hit", run: { type: "move", delta: -1 }, footer: "select" },
  { keys: ["down"], help: "next hit", run: { type: "move", delta: 1 }, footer: "select" },
  { keys: ["enter"], help: "jump: close recall, tree cursor on the entry", run: "jump", footer: "jump to the tree" },
  { keys: ["pageup"], help: "previous page of hits", run: { type: "turnPage", direction: -1 }, footer: "page" },
  { keys: ["pagedown"], help: "next page of hits", run: { type: "turnPage", direction: 1 }, footer: "page" },
  { keys: ["shift+tab"], help: "cycle the scope: lineage, all, forgotten, compaction:N", run: { type: "cycleScope", direction: 1 }, footer: "scope", footerRank: 1 },
];

export const QUERY_BINDINGS: RecallBinding[] = [
  ...SELECT,
  { keys: ["tab"], help: "result keys (e, n, p, s) instead of typing", run: { type: "setFocus", focus: "results" }, footer: "keys (e expand)" },
  // Like the tree and the picker: Esc clears a typed query first and closes only an empty one.
  { keys: ["escape"], help: "clear the query; when it is empty, back to the tree", run: "clearOrBack", footer: ESC_FOOTER },
  { keys: ["ctrl+c"], help: "back to the tree", run: "back" },
];

export const RESULT_BINDINGS: RecallBinding[] = [
  ...SELECT,
  { keys: ["k"], help: "previous hit", run: { type: "move", delta: -1 }, footer: "select" },
  { keys: ["j"], help: "next hit", run: { type: "move", delta: 1 }, footer: "select" },
  { keys: ["e"], help: "expand: the whole entry, unclipped", run: "expand", footer: "expand" },
  { keys: ["n"], help: "next page of hits", run: { type: "turnPage", direction: 1 }, footer: "page", footerRank: 1 },
  { keys: ["p"], help: "previous page of hits", run: { type: "turnPage", direction: -1 }, footer: "page", footerRank: 1 },
  { keys: ["s"], help: "next scope", run: { type: "cycleScope", direction: 1 }, footer: "scope", footerRank: 1 },
  { keys: ["shift+s"], help: "previous scope", run: { type: "cycleScope", direction: -1 } },
  { keys: ["tab", "/"], help: "back to typing the query (other letters type too)", run: { type: "setFocus", focus: "query" }, footer: "type", footerKeys: ["/"], footerRank: 1 },
  { keys: ["?"], help: "this help", run: "help", footer: "help" },
  { keys: ["escape"], help: "clear the query; when it is empty, back to the tree", run: "clearOrBack", footer: ESC_FOOTER },
  { keys: ["q", "ctrl+c"], help: "back to the tree", run: "back", footer: "back", footerRank: 1 },
];

/** Keys of the expanded entry, other than scrolling. */
export const EXPANDED_BINDINGS: RecallBinding[] = [
  { keys: ["enter"], help: "jump to this entry in the tree", run: "jump", footer: "jump to the tree" },
  { keys: ["e", "escape", "q"], help: "close the full text", run: { type: "collapse" }, footer: "close", footerKeys: ["e", "escape"] },
];

/** Scrolls of the expanded entry; the hook knows the pane's size and turns them into lines. */
export const EXPANDED_SCROLL_BINDINGS: Binding<ScrollCommand>[] = [
  { keys: ["up"], help: "scroll up one line", run: { by: "line", direction: -1 }, footer: "scroll" },
  { keys: ["down"], help: "scroll down one line", run: { by: "line", direction: 1 }, footer: "scroll" },
  { keys: ["pageup", "left"], help: "scroll up one page", run: { by: "page", direction: -1 }, footer: "scroll" },
  { keys: ["pagedown", "right", " "], help: "scroll down one page", run: { by: "page", direction: 1 }, footer: "scroll" },
  { keys: ["home"], help: "top of the entry", run: { by: "edge", direction: -1 } },
  { keys: ["end"], help: "bottom of the entry", run: { by: "edge", direction: 1 } },
];

const QUERY = bindingLookup(QUERY_BINDINGS);
const RESULTS = bindingLookup(RESULT_BINDINGS);
const EXPANDED = bindingLookup(EXPANDED_BINDINGS);
const EXPANDED_SCROLL = bindingLookup(EXPANDED_SCROLL_BINDINGS);

/**
 * What a key does outside the full-text view, or null when it does nothing. In the query, a key that
 * is no command edits the query; among the results, a printable key that is no command switches back
 * to typing.
 */
export function recallKeyAction(key: KeyPress, state: Pick<RecallState, "focus">): RecallAction | RecallCommand | null {
  if (state.focus === "query") {
    const command = QUERY(key.name);
    if (command !== null) return command;
    const edit = textFieldKeyAction(key);
    return edit === null ? null : { type: "editQuery", edit };
  }
  const bound = RESULTS(key.name);
  if (bound !== null) return bound;
  return isPrintableText(key.text) ? "typeNext" : null;
}

/**
 * Several printable characters in one press while the result keys are active: a held key or a fast
 * typist delivers "jj" in one read. Each character then acts as its own key.
 */
export function isResultKeyRun(key: KeyPress, state: Pick<RecallState, "focus" | "expanded">): boolean {
  return state.focus === "results" && state.expanded === null && isTypedRun(key);
}

/** One character as the key press it is when typed alone ("j", "shift+s"). */
export const charPress = (ch: string): KeyPress => textPress(ch);

/** What a key does in the full-text view (scroll keys excluded). */
export function expandedKeyAction(key: KeyPress): RecallAction | RecallCommand | null {
  return EXPANDED(key.name);
}

/** The scroll a key asks for in the full-text view, or null. */
export const expandedScrollKey = (key: KeyPress): ScrollCommand | null => EXPANDED_SCROLL(key.name);

/** The bindings of the mode the screen is in: the ones its keys dispatch from (recallKeyAction, expandedKeyAction). */
export function activeRecallBindings(state: Pick<RecallState, "focus" | "expanded">): Binding<unknown>[] {
  if (state.expanded) return [...EXPANDED_SCROLL_BINDINGS, ...EXPANDED_BINDINGS];
  return state.focus === "results" ? RESULT_BINDINGS : QUERY_BINDINGS;
}

/** The footer's entries in this state: Esc says what it does with the query there. */
export function recallFooterItems(state: Pick<RecallState, "focus" | "expanded" | "query">): FooterItem[] {
  const esc = state.query === "" ? "back" : "clear";
  return footerItems(activeRecallBindings(state).map((b) => (b.footer === ESC_FOOTER ? { ...b, footer: esc } : b)));
}

const LEGEND = "› selected, > hit, #N message number";

/** The recall screen's key line. */
export const recallFooter = (state: Pick<RecallState, "focus" | "expanded" | "query">, columns: number): string =>
  footerLine(recallFooterItems(state), columns, { note: state.expanded ? undefined : LEGEND });
