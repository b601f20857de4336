// pi's /resume keys (keybindings.js defaults) mapped onto picker actions. Pure, so it is tested
// without a terminal; the input hook only dispatches what this returns. Decisions that depend on
// the state (what Enter opens, what Esc does) are left to the reducer, which always sees the
// latest state even when keys arrive faster than frames.
import type { KeyPress } from "../kit/keys.js";
import type { PickerAction } from "./picker-state.js";

const COMMAND_KEYS: Record<string, PickerAction> = {
  up: { type: "move", delta: -1 },
  down: { type: "move", delta: 1 },
  pageup: { type: "page", direction: -1 },
  pagedown: { type: "page", direction: 1 },
  home: { type: "jump", to: "first" },
  end: { type: "jump", to: "last" },
  tab: { type: "toggleScope" },
  "ctrl+s": { type: "cycleSort" },
  "ctrl+n": { type: "toggleNamed" },
  "ctrl+p": { type: "togglePath" },
  backspace: { type: "backspace" },
  "ctrl+w": { type: "deleteWord" },
  "alt+backspace": { type: "deleteWord" },
  "ctrl+u": { type: "clearQuery" },
  enter: { type: "open" },
  escape: { type: "escape" },
  "ctrl+c": { type: "quit" },
};

/** What a key does in the picker, or null when the picker does not use it. */
export function pickerKeyAction(key: KeyPress): PickerAction | null {
  const action = COMMAND_KEYS[key.name];
  if (action) return action;
  // Every printable key types into the search box, "q" included: pi's picker has no letter commands.
  if (key.text && /[^\x00-\x1f\x7f]/.test(key.text)) return { type: "type", text: key.text };
  return null;
}
