// ink-text-input, except that Ctrl and Alt chords never edit the value. ink-text-input inserts Ink's
// `input` for every key it does not know, and Ink reports Ctrl+U as input "u" (Alt+X as "x"), so a
// chord would type its letter. The guard sees each raw input event before the text input does (it
// is prepended to Ink's listeners) and drops the change that event causes when it was a chord.
import { useEffect, useRef, useState } from "react";
import { useStdin } from "ink";
import TextInput from "ink-text-input";

export interface GuardedTextInputProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: (value: string) => void;
  focus?: boolean;
  placeholder?: string;
}

// C0 controls, DEL and C1 controls.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** Kitty keyboard protocol key with modifiers: ESC [ code ; mods u (mods - 1: bit 2 alt, bit 4 ctrl). */
const KITTY_KEY = /^\x1b\[\d+(?::\d+)*;(\d+)(?::\d+)*u$/;

/**
 * True when one raw input event is a Ctrl or Alt chord: a lone C0 control character other than the
 * keys that edit or submit (Tab, Enter, line feed, Backspace), ESC followed by one character (Alt),
 * or a Kitty-protocol key carrying Ctrl or Alt.
 */
export function isChordInput(data: string): boolean {
  if (data.length === 1) {
    const code = data.charCodeAt(0);
    return code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x08 && code !== 0x1b;
  }
  const chars = [...data];
  if (chars.length === 2 && chars[0] === "\x1b") return true;
  const kitty = KITTY_KEY.exec(data);
  return kitty !== null && ((Number(kitty[1]) - 1) & 0b110) !== 0;
}

export function GuardedTextInput({ value, onChange, onSubmit, focus = true, placeholder }: GuardedTextInputProps) {
  const { internal_eventEmitter: events } = useStdin();
  // Whether the input event being handled right now is a chord; set before ink-text-input runs.
  const chord = useRef(false);
  useEffect(() => {
    if (!focus) return undefined;
    const watch = (data: string) => {
      chord.current = isChordInput(data);
    };
    events.prependListener("input", watch);
    return () => {
      events.removeListener("input", watch);
    };
  }, [events, focus]);
  // ink-text-input moved its cursor past the letter it meant to insert and only re-clamps it when
  // the value changes; a fresh input (cursor at the end) keeps the next keys from landing off by one.
  const [generation, setGeneration] = useState(0);
  return (
    <TextInput
      key={generation}
      value={value}
      focus={focus}
      placeholder={placeholder}
      onChange={(next) => {
        // Control characters never enter a field (several keys in one read reach ink-text-input as
        // one text, e.g. Ctrl+K Ctrl+G "a"): only what remains is taken.
        const clean = next.replace(CONTROL_CHARACTERS, "");
        if (!chord.current && clean !== value) onChange(clean);
        if (chord.current || clean !== next) setGeneration((g) => g + 1);
      }}
      onSubmit={onSubmit}
    />
  );
}
