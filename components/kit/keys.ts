// One name per key press, so every layer matches keys the same way ("up", "ctrl+left", "shift+l", "q").
import type { Key } from "ink";

/** A key press as the router hands it to layers. */
export interface KeyPress {
  /** Canonical name: "up", "pagedown", "enter", "escape", "backspace", "ctrl+o", "alt+left", "shift+l", "q", "?"; "" for pasted text. */
  name: string;
  /** Printable text the key would type ("" for command keys); a paste arrives as one chunk. */
  text: string;
}

const ARROWS: [keyof Key, string][] = [
  ["upArrow", "up"],
  ["downArrow", "down"],
  ["leftArrow", "left"],
  ["rightArrow", "right"],
  ["pageUp", "pageup"],
  ["pageDown", "pagedown"],
  ["home", "home"],
  ["end", "end"],
];

function withModifiers(base: string, key: Key): string {
  const mods: string[] = [];
  if (key.ctrl) mods.push("ctrl");
  // Ink 6 reports Escape as meta; only real Alt/Option combinations count here.
  if (key.meta && !key.escape) mods.push("alt");
  if (key.shift) mods.push("shift");
  return [...mods, base].join("+");
}

/** Turn Ink's (input, key) pair into a KeyPress. */
export function toKeyPress(input: string, key: Key): KeyPress {
  if (key.escape) return { name: "escape", text: "" };
  if (key.return) return { name: key.meta ? "alt+enter" : "enter", text: "" };
  if (key.tab) return { name: key.shift ? "shift+tab" : "tab", text: "" };
  // Ink 6 maps DEL (what Backspace sends) to `delete`; both edit backwards here.
  if (key.backspace || key.delete) return { name: key.ctrl ? "ctrl+backspace" : "backspace", text: "" };
  for (const [flag, base] of ARROWS) {
    if (key[flag]) return { name: withModifiers(base, key), text: "" };
  }
  if (key.ctrl && input.length === 1) {
    return { name: withModifiers(input.toLowerCase(), { ...key, shift: key.shift }), text: "" };
  }
  if (key.meta && input.length === 1) return { name: `alt+${input.toLowerCase()}`, text: "" };
  if (input.length === 1) {
    const lower = input.toLowerCase();
    const isUpperLetter = input !== lower && /\p{Lu}/u.test(input);
    return { name: isUpperLetter ? `shift+${lower}` : input, text: input };
  }
  return { name: "", text: input };
}

/** True when the text has no control characters, so it may go into a search box. */
export function isPrintableText(text: string): boolean {
  if (text.length === 0) return false;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 32 || code === 0x7f || (code >= 0x80 && code <= 0x9f)) return false;
  }
  return true;
}
