// What every screen's key table is made of: bindings (key names, help text, what the key does), the
// lookup an input hook dispatches from, and the scroll step the scrolling screens share. The help
// overlay lists the same tables, so help and behaviour cannot drift apart.
import type { KeyName } from "./keys.js";

/** One row of a key table: the key names (typed: components/kit/keys.ts KeyName), the help text, what it does. */
export interface Binding<Run> {
  keys: KeyName[];
  help: string;
  run: Run;
  /**
   * Its words in the screen's footer ("write"); absent: listed in the ? help only. Bindings with the
   * same words make one footer entry ("d/b diff"). kit/footer.ts builds the line.
   */
  footer?: string;
  /** The keys the footer names: some of `keys` (default: the first). */
  footerKeys?: KeyName[];
  /** Entries with a higher rank give way first when the footer is too wide (default 0). */
  footerRank?: number;
  /** Between the keys of its entry: "/" (default, "d/b diff") or " " ("[ ] keep", "K R W type"). */
  footerJoin?: "/" | " ";
}

/** The key name of a binding that takes printable text: a typed character or a paste (never a real key name). */
export const TYPED_TEXT = "text";

/** A layer's text entry; what it does depends on the text, so the dispatcher builds the action. */
export interface TextBinding {
  keys: [typeof TYPED_TEXT];
  help: string;
}

/**
 * What each key of a table does: key name -> run, null for a key the table does not bind.
 * Throws (at module load, where tables are looked up) when two bindings of the table claim one key:
 * only one of them could ever act, yet the help overlay would list both.
 */
export function bindingLookup<Run>(table: readonly Binding<Run>[]): (name: KeyName | "") => Run | null {
  const byKey = new Map<KeyName | "", Binding<Run>>();
  for (const binding of table) {
    for (const key of binding.keys) {
      const taken = byKey.get(key);
      if (taken) throw new Error(`key "${key}" is bound twice in one key table: "${taken.help}" and "${binding.help}"`);
      byKey.set(key, binding);
    }
  }
  return (name) => byKey.get(name)?.run ?? null;
}

/** A scroll a key asks for: one line, one page, or to the first/last line (edge). */
export interface ScrollCommand<By extends "line" | "page" | "edge" = "line" | "page" | "edge"> {
  by: By;
  direction: 1 | -1;
}

/**
 * The signed number of lines a scroll command moves: 1, `page`, or `total` (enough to reach either
 * edge). Each screen picks its own page (some keep a line of overlap); the caller clamps.
 */
export function scrollStep(command: ScrollCommand, page: number, total: number): number {
  const lines = command.by === "line" ? 1 : command.by === "page" ? page : total;
  return lines * command.direction;
}
