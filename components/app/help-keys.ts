// Every key the app understands, grouped for the help overlay. Built from the same tables the input
// hooks dispatch from, so the overlay cannot list a key that does nothing, nor miss one that acts.
import { CHOOSE_BINDINGS, FLOW_BINDINGS, NO_WRITE_BINDINGS } from "../branch/branch-flow-keys.js";
import { CONFIRM_BINDINGS } from "../commit/confirm-keys.js";
import { PREVIEW_BINDINGS } from "../compaction/preview-keys.js";
import { DIFF_BINDINGS } from "../diff/diff-keys.js";
import { bindingLookup, TYPED_TEXT, type Binding, type ScrollCommand } from "../kit/bindings.js";
import { EDITOR_BINDINGS, EDITOR_TEXT } from "../kit/multiline-editor/editor-keys.js";
import { TEXT_FIELD_BINDINGS, TEXT_FIELD_TEXT } from "../kit/text-field/text-field-keys.js";
import { LABEL_EDITOR_BINDINGS, LABEL_TEXT } from "../label/label-keys.js";
import { HANDOFF_BINDINGS } from "../handoff/handoff-keys.js";
import { MODEL_PICKER_BINDINGS, PI_FAILURE_BINDINGS, PI_SUMMARY_BINDINGS } from "../summarizer/summarizer-offer.js";
import { SETTING_PROMPT_BINDINGS } from "../compaction/preview-keys.js";
import { STALE_BINDINGS } from "../document/StaleLine.js";
import { PICKER_BINDINGS, PICKER_TEXT } from "../picker/key-actions.js";
import { PROBLEMS_BINDINGS } from "../problems/problems-keys.js";
import {
  DETAIL_BINDINGS,
  EMPTY_QUERY_BINDINGS,
  FIND_PROMPT_BINDINGS,
  FIND_PROMPT_TEXT,
  SEARCH_BINDINGS,
  TREE_BINDINGS,
  TYPE_TO_SEARCH,
} from "../tree/tree-keys.js";
import { TIMELINE_BINDINGS } from "../timeline/timeline-keys.js";
import { EXPANDED_BINDINGS, EXPANDED_SCROLL_BINDINGS, QUERY_BINDINGS, RESULT_BINDINGS } from "../recall/recall-keys.js";

export interface HelpItem {
  keys: string;
  help: string;
}

import type { HelpGroupId } from "../kit/screen-contract.js";
import type { KeyName } from "../kit/keys.js";
import { footerItems, footerKeysText } from "../kit/footer.js";

export type { HelpGroupId } from "../kit/screen-contract.js";

export interface HelpGroup {
  id: HelpGroupId;
  title: string;
  items: HelpItem[];
}

/** The help overlay's own keys; every other key closes it. */
export type HelpOverlayCommand = ScrollCommand<"line" | "page">;
export const HELP_OVERLAY_BINDINGS: Binding<HelpOverlayCommand>[] = [
  { keys: ["up"], help: "scroll up one line", run: { by: "line", direction: -1 }, footer: "line" },
  { keys: ["down"], help: "scroll down one line", run: { by: "line", direction: 1 }, footer: "line" },
  { keys: ["pageup"], help: "scroll up one page", run: { by: "page", direction: -1 }, footer: "page" },
  { keys: ["pagedown"], help: "scroll down one page", run: { by: "page", direction: 1 }, footer: "page" },
];

/** The overlay's title hint: its scroll keys, from the table; every other key closes it. */
export function helpOverlayHint(scrolls: boolean): string {
  const keys = footerKeysText(footerItems(HELP_OVERLAY_BINDINGS));
  return scrolls ? `   (${keys} scroll, any other key closes)` : `   (any key but ${keys} closes)`;
}
export const helpOverlayCommand: (name: KeyName | "") => HelpOverlayCommand | null = bindingLookup(HELP_OVERLAY_BINDINGS);

/** The shell's last resort, for keys no screen takes. */
export const SHELL_BINDINGS: Binding<"quit">[] = [{ keys: ["ctrl+c"], help: "quit, where no screen takes Ctrl+C", run: "quit" }];
export const shellKey: (name: KeyName | "") => "quit" | null = bindingLookup(SHELL_BINDINGS);

/**
 * Key names as the help shows them: the router's names, except those that would print as blanks, and
 * "\n", which is what Ctrl+J sends without the kitty protocol.
 */
const LABELS: Record<string, string> = { " ": "space", "\n": "ctrl+j", [TYPED_TEXT]: "letters, digits, …" };
export const keyLabel = (name: string): string => LABELS[name] ?? name;
/** Names that show alike (Ctrl+J's two) are shown once. */
export const keysLabel = (names: string[]): string => [...new Set(names.map(keyLabel))].join(" / ");

const fromBindings = (list: { keys: string[]; help: string }[]): HelpItem[] => list.map((b) => ({ keys: keysLabel(b.keys), help: b.help }));

export const HELP_GROUPS: HelpGroup[] = [
  { id: "tree", title: "Tree (pi's /tree keys)", items: fromBindings(TREE_BINDINGS) },
  { id: "search", title: "Search", items: fromBindings([TYPE_TO_SEARCH, ...SEARCH_BINDINGS, ...EMPTY_QUERY_BINDINGS]) },
  { id: "detail", title: "Detail pane (after Shift+D; other keys act on the tree)", items: fromBindings(DETAIL_BINDINGS) },
  { id: "findPrompt", title: "Find prompt (after Ctrl+G; other keys are ignored)", items: fromBindings([FIND_PROMPT_TEXT, ...FIND_PROMPT_BINDINGS]) },
  {
    id: "rowMarkers",
    title: "Row markers",
    items: [
      { keys: "› ", help: "cursor" },
      { keys: "• ", help: "on the active path (root to leaf)" },
      { keys: "◆", help: "in the model's context at the leaf (right column)" },
      { keys: "1.2k", help: "estimated tokens the entry adds to the context" },
      { keys: "├⊟ / ├⊞", help: "foldable / folded branch" },
    ],
  },
  { id: "branch", title: "Branch navigation (Enter in the tree)", items: fromBindings([...CHOOSE_BINDINGS, ...NO_WRITE_BINDINGS, ...FLOW_BINDINGS]) },
  // The editor leaves Esc, Ctrl+C and PgUp/PgDn to the flow (FLOW_BINDINGS above).
  { id: "instructions", title: "Instructions editor (Summarize with custom prompt)", items: fromBindings([EDITOR_TEXT, ...EDITOR_BINDINGS]) },
  { id: "label", title: "Label editor (Shift+L in the tree)", items: fromBindings([LABEL_TEXT, ...LABEL_EDITOR_BINDINGS]) },
  { id: "textField", title: "Text fields (label editor, recall query)", items: fromBindings([TEXT_FIELD_TEXT, ...TEXT_FIELD_BINDINGS]) },
  { id: "confirm", title: "Before any write (branch summary, label, fork, compaction)", items: fromBindings(CONFIRM_BINDINGS) },
  { id: "piSummary", title: "Your pi's summary (p before a write)", items: fromBindings([...PI_SUMMARY_BINDINGS, ...MODEL_PICKER_BINDINGS, ...PI_FAILURE_BINDINGS]) },
  { id: "handoff", title: "Open in pi (Shift+O, not at pi's leaf)", items: fromBindings(HANDOFF_BINDINGS) },
  { id: "preview", title: "Compaction preview (Ctrl+K in the tree)", items: fromBindings([...PREVIEW_BINDINGS, ...STALE_BINDINGS]) },
  { id: "settingPrompt", title: "Typing a setting (K / R / W in the preview)", items: fromBindings([TEXT_FIELD_TEXT, ...SETTING_PROMPT_BINDINGS]) },
  { id: "diff", title: "Context diff (d / b in the preview)", items: fromBindings(DIFF_BINDINGS) },
  { id: "recallQuery", title: "Recall (/ in the tree): typing the query", items: fromBindings(QUERY_BINDINGS) },
  { id: "recallResults", title: "Recall: result keys (after Tab)", items: fromBindings(RESULT_BINDINGS) },
  { id: "recallExpanded", title: "Recall: expanded entry (after e)", items: fromBindings([...EXPANDED_SCROLL_BINDINGS, ...EXPANDED_BINDINGS]) },
  { id: "timeline", title: "Context timeline (Shift+G in the tree)", items: fromBindings(TIMELINE_BINDINGS) },
  { id: "problems", title: "Damaged lines and orphaned entries (! in the tree)", items: fromBindings(PROBLEMS_BINDINGS) },
  // In pi's /resume `?` is typed into the search, so this help cannot open from the picker itself.
  { id: "picker", title: "Session picker (/resume; ? types into the search)", items: fromBindings([PICKER_TEXT, ...PICKER_BINDINGS]) },
  { id: "help", title: "This help", items: [...fromBindings(HELP_OVERLAY_BINDINGS), { keys: "any other key", help: "close" }, ...fromBindings(SHELL_BINDINGS)] },
];
