// The diff view's keys, one table for the input hook and the help overlay.
import { bindingLookup, type Binding } from "../kit/bindings.js";
import type { KeyPress } from "../kit/keys.js";

export type DiffCommand = "up" | "down" | "pageUp" | "pageDown" | "top" | "bottom" | "nextChange" | "prevChange" | "toggleBars" | "close";

export const DIFF_BINDINGS: Binding<DiffCommand>[] = [
  { keys: ["up"], help: "scroll one row", run: "up" },
  { keys: ["down"], help: "scroll one row", run: "down" },
  { keys: ["pageup", "left"], help: "page up", run: "pageUp" },
  { keys: ["pagedown", "right", " "], help: "page down", run: "pageDown" },
  { keys: ["home"], help: "first row", run: "top" },
  { keys: ["end"], help: "last row", run: "bottom" },
  { keys: ["n"], help: "next block (removed, added or kept rows)", run: "nextChange" },
  { keys: ["shift+n"], help: "previous block", run: "prevChange" },
  { keys: ["tab"], help: "show/hide the by-kind bars", run: "toggleBars" },
  { keys: ["escape", "q"], help: "back to the compaction preview", run: "close" },
];

const lookup = bindingLookup(DIFF_BINDINGS);

export const diffKeyCommand = (key: KeyPress): DiffCommand | undefined => lookup(key.name) ?? undefined;
