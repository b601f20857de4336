// Every key the app understands, grouped for the help overlay. Built from the same tables the input
// hooks use, so the overlay cannot list a key that does nothing.
import { BRANCH_FLOW_HELP, CONFIRM_HELP, LABEL_EDITOR_HELP } from "../commit/commit-help.js";
import { PREVIEW_BINDINGS } from "../compaction/preview-keys.js";
import { DIFF_BINDINGS } from "../diff/diff-keys.js";
import { EMPTY_QUERY_BINDINGS, TREE_BINDINGS } from "../tree/tree-keys.js";
import { EXPANDED_BINDINGS, EXPANDED_SCROLL_HELP, QUERY_BINDINGS, RESULT_BINDINGS } from "../recall/recall-keys.js";

export interface HelpGroup {
  title: string;
  items: { keys: string; help: string }[];
}

const fromBindings = (list: { keys: string[]; help: string }[]) => list.map((b) => ({ keys: b.keys.join(" / "), help: b.help }));

export const HELP_GROUPS: HelpGroup[] = [
  { title: "Tree (pi's /tree keys)", items: fromBindings(TREE_BINDINGS) },
  {
    title: "Search",
    items: [
      { keys: "letters, digits, …", help: "type to search: every word must appear (pi's search)" },
      ...fromBindings(EMPTY_QUERY_BINDINGS),
    ],
  },
  {
    title: "Detail pane (after Shift+D)",
    items: [
      { keys: "up / down", help: "scroll one line" },
      { keys: "pageup / pagedown / left / right / space", help: "scroll one page" },
      { keys: "home / end", help: "top / bottom" },
      { keys: "escape / enter / q", help: "back to the tree" },
    ],
  },
  {
    title: "Row markers",
    items: [
      { keys: "› ", help: "cursor" },
      { keys: "• ", help: "on the active path (root to leaf)" },
      { keys: "◆", help: "in the model's context at the leaf (right column)" },
      { keys: "1.2k", help: "estimated tokens the entry adds to the context" },
      { keys: "├⊟ / ├⊞", help: "foldable / folded branch" },
    ],
  },
  { title: "Branch navigation (Enter in the tree)", items: BRANCH_FLOW_HELP },
  { title: "Label editor (Shift+L in the tree)", items: LABEL_EDITOR_HELP },
  { title: "Before any write (branch summary, label, fork, compaction)", items: CONFIRM_HELP },
  { title: "Compaction preview (Ctrl+K in the tree)", items: fromBindings(PREVIEW_BINDINGS) },
  { title: "Context diff (d / b in the preview)", items: fromBindings(DIFF_BINDINGS) },
  { title: "Recall (/ in the tree): typing the query", items: fromBindings(QUERY_BINDINGS) },
  { title: "Recall: result keys (after Tab)", items: fromBindings(RESULT_BINDINGS) },
  { title: "Recall: expanded entry (after e)", items: [EXPANDED_SCROLL_HELP, ...fromBindings(EXPANDED_BINDINGS)] },
  { title: "This help", items: [{ keys: "any key", help: "close" }] },
];
