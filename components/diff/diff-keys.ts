// The diff view's keys, one table for the input hook and the help overlay.
import { bindingLookup, type Binding } from "../kit/bindings.js";
import { footerItems, footerLine } from "../kit/footer.js";
import type { KeyPress } from "../kit/keys.js";

export type DiffCommand = "up" | "down" | "pageUp" | "pageDown" | "top" | "bottom" | "nextChange" | "prevChange" | "toggleBars" | "close";

export const DIFF_BINDINGS: Binding<DiffCommand>[] = [
  { keys: ["up"], help: "scroll one row", run: "up", footer: "scroll" },
  { keys: ["down"], help: "scroll one row", run: "down", footer: "scroll" },
  { keys: ["pageup", "left"], help: "page up", run: "pageUp", footer: "scroll" },
  { keys: ["pagedown", "right", " "], help: "page down", run: "pageDown", footer: "scroll" },
  { keys: ["home"], help: "first row", run: "top" },
  { keys: ["end"], help: "last row", run: "bottom" },
  { keys: ["n"], help: "next block (removed, added or kept rows)", run: "nextChange", footer: "next/previous block" },
  { keys: ["shift+n"], help: "previous block", run: "prevChange", footer: "next/previous block" },
  { keys: ["tab"], help: "show/hide the by-kind bars", run: "toggleBars", footer: "bars", footerRank: 1 },
  { keys: ["escape", "q"], help: "back to the compaction preview", run: "close", footer: "back" },
];

const lookup = bindingLookup(DIFF_BINDINGS);

export const diffKeyCommand = (key: KeyPress): DiffCommand | undefined => lookup(key.name) ?? undefined;

/** The diff's key line; `passed`: the keys the screen below still takes while the diff shows (its own footer words). */
export const diffFooter = (columns: number, passed?: string): string => footerLine(footerItems(DIFF_BINDINGS), columns, { note: passed });
