// A screen's footer, built from the bindings active in its current state (the same list its input
// hook dispatches from), so a footer can never name a key that does nothing there, and its words
// stay in step with the ? help, which lists the same tables.
import type { Binding } from "./bindings.js";
import type { KeyName } from "./keys.js";
import { displayWidth } from "./text-width.js";

/** One entry of a footer: the keys it names and what they do. */
export interface FooterItem {
  keys: KeyName[];
  text: string;
  rank: number;
  join: "/" | " ";
}

/**
 * The footer entries of the bindings that have footer words, in table order; bindings with the
 * same words make one entry, where the first of them stands ("d" and "b" -> "d/b diff"). Throws when a binding's footer names a key it does
 * not bind (the footer would advertise a key that does something else).
 */
export function footerItems(bindings: readonly Binding<unknown>[]): FooterItem[] {
  const items: FooterItem[] = [];
  for (const binding of bindings) {
    if (binding.footer === undefined) continue;
    const keys = binding.footerKeys ?? binding.keys.slice(0, 1);
    for (const key of keys) if (!binding.keys.includes(key)) throw new Error(`footer key "${key}" is not one of the keys of "${binding.help}"`);
    const same = items.find((item) => item.text === binding.footer);
    if (same !== undefined) same.keys.push(...keys.filter((k) => !same.keys.includes(k)));
    else items.push({ keys: [...keys], text: binding.footer, rank: binding.footerRank ?? 0, join: binding.footerJoin ?? "/" });
  }
  return items;
}

const KEY_LABELS: Partial<Record<string, string>> = {
  escape: "Esc",
  enter: "Enter",
  tab: "Tab",
  backspace: "Backspace",
  up: "↑",
  down: "↓",
  left: "←",
  right: "→",
  pageup: "PgUp",
  pagedown: "PgDn",
  home: "Home",
  end: "End",
  " ": "Space",
  "\n": "Ctrl+J",
};

/** A key as a footer names it: "Esc", "↑", "PgUp", "Ctrl+X", "Shift+Tab", "K" (Shift+K), "q". */
export function footerKeyLabel(name: KeyName): string {
  const plus = name.length > 1 ? name.lastIndexOf("+", name.length - 2) : -1;
  if (plus < 0) return KEY_LABELS[name] ?? name;
  const base = name.slice(plus + 1);
  const mods = name.slice(0, plus).split("+");
  // A capital letter is what Shift+letter types: the footer shows the capital.
  if (mods.length === 1 && mods[0] === "shift" && /^[a-z]$/.test(base)) return base.toUpperCase();
  const shown = KEY_LABELS[base] ?? (base.length === 1 ? base.toUpperCase() : base);
  return [...mods.map((m) => m[0].toUpperCase() + m.slice(1)), shown].join("+");
}

/** pi's own hint style (its /resume header, its find prompt): the router's names, "esc" for Escape. */
export const piKeyLabel = (name: KeyName): string => (name === "escape" ? "esc" : name);

export interface FooterStyle {
  /** Before the first entry (default two spaces, the screens' left margin). */
  lead?: string;
  /** Between entries (default " · "). */
  separator?: string;
  /** Between the keys and the words of an entry (default " "; the confirm steps use ": "). */
  keysEnd?: string;
  /** How a key is named (default footerKeyLabel). */
  label?: (name: KeyName) => string;
  /** Plain text after the entries (a legend, an example), dropped first when the line is too wide. */
  note?: string;
}

/** One entry as the footer writes it ("d/b diff", "Esc: back"). */
export function footerEntry(item: FooterItem, style: FooterStyle = {}): string {
  const label = style.label ?? footerKeyLabel;
  return `${item.keys.map(label).join(item.join)}${style.keysEnd ?? " "}${item.text}`;
}

/** Only the keys of the entries, each entry's keys joined, entries apart by a space ("↑/↓ PgUp/PgDn"). */
export const footerKeysText = (items: readonly FooterItem[], label: (name: KeyName) => string = footerKeyLabel): string =>
  items.map((item) => item.keys.map(label).join(item.join)).join(" ");

/**
 * The footer line within `columns`: every entry when it fits; else the note goes, then one entry at a
 * time, the highest rank first and the last of a rank first, until it fits (entries of rank 0 always
 * stay; the view truncates them).
 */
export function footerLine(items: readonly FooterItem[], columns: number, style: FooterStyle = {}): string {
  const lead = style.lead ?? "  ";
  const separator = style.separator ?? " · ";
  const compose = (shown: readonly FooterItem[], note: boolean) =>
    lead + [...shown.map((item) => footerEntry(item, style)), ...(note && style.note ? [style.note] : [])].join(separator);
  let shown = [...items];
  let line = compose(shown, true);
  if (displayWidth(line) <= columns) return line;
  line = compose(shown, false);
  const dropOrder = items
    .map((item, at) => ({ item, at }))
    .filter(({ item }) => item.rank > 0)
    .sort((a, b) => b.item.rank - a.item.rank || b.at - a.at);
  for (const { item } of dropOrder) {
    if (displayWidth(line) <= columns) break;
    shown = shown.filter((kept) => kept !== item);
    line = compose(shown, false);
  }
  return line;
}
