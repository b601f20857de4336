// pi's /resume keys (keybindings.js defaults) as one table of picker actions: pickerKeyAction
// dispatches from it and the help overlay lists it. Pure, so it is tested without a terminal; the
// input hook only dispatches what this returns. Decisions that depend on the state (what Enter
// opens, what Esc does) are left to the reducer, which always sees the latest state even when keys
// arrive faster than frames.
import { bindingLookup, TYPED_TEXT, type Binding, type TextBinding } from "../kit/bindings.js";
import { footerItems, footerLine, piKeyLabel } from "../kit/footer.js";
import type { KeyPress } from "../kit/keys.js";
import type { PickerAction } from "./picker-state.js";

export type PickerBinding = Binding<PickerAction>;

/** Ctrl+P's words: they say whether paths show (pickerHints). */
const PATH_FOOTER = "path";

export const PICKER_BINDINGS: PickerBinding[] = [
  { keys: ["up"], help: "previous session", run: { type: "move", delta: -1 } },
  { keys: ["down"], help: "next session", run: { type: "move", delta: 1 } },
  { keys: ["pageup"], help: "page up", run: { type: "page", direction: -1 } },
  { keys: ["pagedown"], help: "page down", run: { type: "page", direction: 1 } },
  { keys: ["home"], help: "first session", run: { type: "jump", to: "first" } },
  { keys: ["end"], help: "last session", run: { type: "jump", to: "last" } },
  { keys: ["tab"], help: "this folder's sessions / every project's", run: { type: "toggleScope" }, footer: "scope" },
  { keys: ["ctrl+s"], help: "sort: threaded → recent → fuzzy", run: { type: "cycleSort" }, footer: "sort" },
  { keys: ["ctrl+n"], help: "named sessions only (toggle)", run: { type: "toggleNamed" }, footer: "named" },
  { keys: ["ctrl+p"], help: "show each session's file path (toggle)", run: { type: "togglePath" }, footer: PATH_FOOTER },
  { keys: ["backspace"], help: "delete the last search character", run: { type: "backspace" } },
  { keys: ["ctrl+w", "alt+backspace"], help: "delete the last search word", run: { type: "deleteWord" } },
  { keys: ["ctrl+u"], help: "clear the search", run: { type: "clearQuery" } },
  { keys: ["enter"], help: "open the session's tree (no sessions anywhere: the bundled demo)", run: { type: "open" }, footer: "open" },
  { keys: ["escape"], help: "clear the search; when it is empty, leave the picker", run: { type: "escape" }, footer: "quit" },
  { keys: ["ctrl+c"], help: "leave the picker", run: { type: "quit" } },
];

/** Every printable key types into the search box, "q" and "?" included: pi's picker has no letter commands. */
export const PICKER_TEXT: TextBinding = { keys: [TYPED_TEXT], help: 'type to search: every word must match; "a phrase" exactly; re:<pattern> a regex' };

const PICKER = bindingLookup(PICKER_BINDINGS);

/** What a key does in the picker, or null when the picker does not use it. */
export function pickerKeyAction(key: KeyPress): PickerAction | null {
  const action = PICKER(key.name);
  if (action) return action;
  if (key.text && /[^\x00-\x1f\x7f]/.test(key.text)) return { type: "type", text: key.text };
  return null;
}

/** pi's /resume hint line, from the table: Ctrl+P says whether paths show; the query syntax follows. */
export const pickerHints = (showPath: boolean): string =>
  footerLine(
    footerItems(PICKER_BINDINGS.map((b) => (b.footer === PATH_FOOTER ? { ...b, footer: `path (${showPath ? "on" : "off"})` } : b))),
    Number.MAX_SAFE_INTEGER,
    { lead: "", label: piKeyLabel, note: 're:<pattern> regex · "phrase" exact' },
  );
