// One name per key press, so every layer matches keys the same way ("up", "ctrl+left", "shift+l", "q").
import type { Key } from "ink";

type Letter = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z";
type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
type Punctuation = " " | "!" | '"' | "#" | "$" | "%" | "&" | "'" | "(" | ")" | "*" | "+" | "," | "-" | "." | "/" | ":" | ";" | "<" | "=" | ">" | "?" | "@" | "[" | "\\" | "]" | "^" | "_" | "`" | "{" | "|" | "}" | "~";
/** A printable ASCII key as typed (capitals are `shift+` a letter). */
export type CharKey = Letter | Digit | Punctuation;
type NavigationKey = "up" | "down" | "left" | "right" | "pageup" | "pagedown" | "home" | "end";
type Modifiers = "ctrl" | "alt" | "shift" | "ctrl+alt" | "ctrl+shift" | "alt+shift" | "ctrl+alt+shift";

/**
 * Every key name the router gives a key press (toKeyPress, splitKeyChunk), so a key table that names a
 * key no terminal key is called (a typo like "esc" or "ctrl+K") fails to compile. "\n" is Ctrl+J
 * (a lone line feed).
 */
export type KeyName =
  | CharKey
  | NavigationKey
  | `${Modifiers}+${NavigationKey}`
  | "enter" | "alt+enter" | "shift+enter" | "escape" | "tab" | "shift+tab" | "backspace" | "ctrl+backspace" | "alt+backspace" | "\n"
  | `shift+${Letter}`
  | `${"ctrl" | "ctrl+alt" | "ctrl+shift" | "ctrl+alt+shift"}+${CharKey}`
  | `alt+${CharKey}`;

const CHAR_KEYS = new Set<string>([..."abcdefghijklmnopqrstuvwxyz0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"]);
const LETTERS = /^[a-z]$/;

/** Whether a name made from a key press is one of KeyName (a key some table could bind). */
function isKeyName(name: string): name is KeyName {
  if (name.length === 1) return CHAR_KEYS.has(name);
  const plus = name.lastIndexOf("+", name.length - 2);
  const base = plus < 0 ? name : name.slice(plus + 1);
  const mods = plus < 0 ? "" : name.slice(0, plus);
  if (mods === "") return CHAR_KEYS.has(base);
  if (mods === "shift") return LETTERS.test(base);
  if (mods === "alt" || mods.startsWith("ctrl")) return CHAR_KEYS.has(base);
  return false;
}

/** The key name of a character typed alone, or "" when no table could bind it (a letter outside ASCII, an emoji). */
const charName = (name: string): KeyName | "" => (isKeyName(name) ? name : "");

/** A key press as the router hands it to layers. */
export interface KeyPress {
  /** Canonical name: "up", "pagedown", "enter", "escape", "backspace", "ctrl+o", "alt+left", "shift+l", "q", "?"; "" for pasted text and characters no key table names. */
  name: KeyName | "";
  /** Printable text the key would type ("" for command keys); a paste arrives as one chunk. */
  text: string;
  /** A paste whose line breaks `text` shows as spaces, with them kept as "\n" (for multi-line editors). */
  lines?: string;
}

const ARROWS: [keyof Key, NavigationKey][] = [
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

/** A navigation key with its modifiers: always one of KeyName. */
const navigationName = (base: NavigationKey, key: Key): KeyName => withModifiers(base, key) as KeyName;

/** Turn Ink's (input, key) pair into a KeyPress. */
export function toKeyPress(input: string, key: Key): KeyPress {
  if (key.escape) return { name: "escape", text: "" };
  if (key.return) return { name: key.meta ? "alt+enter" : key.shift ? "shift+enter" : "enter", text: "" };
  if (key.tab) return { name: key.shift ? "shift+tab" : "tab", text: "" };
  // Ink 6 maps DEL (what Backspace sends) to `delete`; both edit backwards here. Alt+Backspace sends
  // ESC DEL, which Ink reports with meta (pi deletes a word with it).
  if (key.backspace || key.delete) return { name: key.ctrl ? "ctrl+backspace" : key.meta ? "alt+backspace" : "backspace", text: "" };
  for (const [flag, base] of ARROWS) {
    if (key[flag]) return { name: navigationName(base, key), text: "" };
  }
  if (key.ctrl && input.length === 1) {
    return { name: charName(withModifiers(input.toLowerCase(), key)), text: "" };
  }
  if (key.meta && input.length === 1) return { name: charName(`alt+${input.toLowerCase()}`), text: "" };
  return input.length === 1 ? textPress(input) : { name: "", text: input };
}

/** C0, DEL and C1: the characters no key types as text. */
const isControlCode = (code: number): boolean => code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f);

/** True when the text has no control characters, so it may go into a search box. */
export function isPrintableText(text: string): boolean {
  if (text.length === 0) return false;
  for (const ch of text) if (isControlCode(ch.charCodeAt(0))) return false;
  return true;
}

/** One printable run as the key it would be if typed alone ("j", "shift+s"), or as pasted text. */
export function textPress(run: string): KeyPress {
  if ([...run].length !== 1) return { name: "", text: run };
  const lower = run.toLowerCase();
  return { name: charName(run !== lower && /\p{Lu}/u.test(run) ? `shift+${lower}` : run), text: run };
}

const LINE_FEED: KeyPress = { name: "\n", text: "\n" };

/** The key a lone C0 control character is, or undefined for those no terminal key sends. */
function controlPress(code: number): KeyPress | undefined {
  if (code === 0x0d || code === 0x0a) return { name: "enter", text: "" };
  if (code === 0x09) return { name: "tab", text: "" };
  if (code === 0x08 || code === 0x7f) return { name: "backspace", text: "" };
  if (code >= 0x01 && code <= 0x1a) return { name: charName(`ctrl+${String.fromCharCode(0x60 + code)}`), text: "" };
  return undefined;
}

/**
 * Several keys that reached us in one read: a fast typist (or a slow link) can deliver Ctrl+G and the
 * letters after it, or text and its Enter, together, and Ink hands such a run over as one input.
 * Split it into the keys it holds; undefined when the input is a single key or plain text.
 */
export function splitKeyChunk(input: string): KeyPress[] | undefined {
  if (input.length < 2 || input.includes("\x1b") || isPrintableText(input)) return undefined;
  const presses: KeyPress[] = [];
  let run = "";
  // The same run with its line breaks kept ("\r\n" as one), for editors that take them.
  let kept = "";
  const pushRun = () => presses.push(kept === run ? textPress(run) : { ...textPress(run), lines: kept });
  const chars = [...input];
  // Whether the first character after each position that is no line break is printable: a line
  // break before text is inside the text; one before a key (Ctrl+N) or at the end is an Enter.
  const textFollows: boolean[] = new Array(chars.length);
  let follows = false;
  for (let i = chars.length - 1; i >= 0; i--) {
    textFollows[i] = follows;
    if (chars[i] !== "\r" && chars[i] !== "\n") follows = !isControlCode(chars[i].charCodeAt(0));
  }
  // Once a line break was part of pasted text, the read is a paste: its last line breaks end lines
  // of the paste too (a multi-line editor keeps them), they are not an Enter that submits.
  let pasted = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const code = ch.charCodeAt(0);
    if (!isControlCode(code)) {
      run += ch;
      kept += ch;
      continue;
    }
    // A line break inside pasted text is part of the text (as a space), not an Enter that would
    // act on the selection; only a final one is the Enter typed after the text.
    const lineBreak = code === 0x0d || code === 0x0a;
    if (lineBreak && run !== "" && textFollows[i]) {
      run += " ";
      if (!(code === 0x0a && chars[i - 1] === "\r")) kept += "\n";
      pasted = true;
      continue;
    }
    if (run) pushRun();
    run = "";
    kept = "";
    // Enter sends CR; a lone LF is Ctrl+J (or a pasted line end), the key Ink reports as "\n" when it
    // comes alone: a multi-line editor starts a new line, every other screen ignores it.
    // The LF of a CRLF is the same key as its CR.
    if (code === 0x0a && chars[i - 1] === "\r") continue;
    const press = code === 0x0a || (pasted && lineBreak) ? LINE_FEED : controlPress(code);
    if (press) presses.push(press);
  }
  if (run) pushRun();
  return presses;
}

/** Several printable characters in one press (typed faster than read, or pasted on one line): the text binding's, not a key's. */
export const isTypedRun = (key: KeyPress): boolean => key.name === "" && key.lines === undefined && [...key.text].length > 1 && isPrintableText(key.text);

let graphemeSegmenter: Intl.Segmenter | undefined;

/**
 * A printable run typed in one read, as the keys it is (one per grapheme): for a layer whose first
 * key is a command, so the keys after it reach whatever that command opens. Lines are not kept.
 */
export function runKeys(text: string): KeyPress[] {
  graphemeSegmenter ??= new Intl.Segmenter();
  // A cluster of several code points (an emoji with its variation selector) stays one press of text.
  return Array.from(graphemeSegmenter.segment(text), (s) => textPress(s.segment));
}
