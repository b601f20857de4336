// The one text-field path: the reducer every one-line input edits through and the key table that
// turns router keys into edits.
import { describe, expect, it } from "vitest";
import { splitKeyChunk, type KeyPress } from "../../components/kit/keys.js";
import { fieldWindow } from "../../components/kit/text-field/TextField.js";
import { textFieldKeyAction } from "../../components/kit/text-field/text-field-keys.js";
import { initTextField, textFieldReducer, type TextFieldState } from "../../components/kit/text-field/text-field-state.js";

/** Feed keys through the table and the reducer, as a field's key layer does. */
function typeKeys(state: TextFieldState, keys: KeyPress[]): TextFieldState {
  for (const key of keys) {
    const edit = textFieldKeyAction(key);
    if (edit !== null) state = textFieldReducer(state, edit);
  }
  return state;
}

describe("text field", () => {
  it("Backspaces that arrive in one read with text each delete a character", () => {
    // "good stxxx", three Backspaces and "art!" in one chunk, as a slow link delivers it.
    const keys = splitKeyChunk("good stxxx\x7f\x7f\x7fart!")!;
    expect(typeKeys(initTextField(""), keys).value).toBe("good start!");
    expect(typeKeys(initTextField("good stat"), splitKeyChunk("\x7f\x7f\x7f")!).value).toBe("good s");
  });

  it("edits at the cursor, grapheme by grapheme", () => {
    let s = initTextField("a👍🏽b");
    s = typeKeys(s, [{ name: "left", text: "" }, { name: "backspace", text: "" }]);
    expect(s).toEqual({ value: "ab", cursor: 1 });
    s = typeKeys(s, [{ name: "x", text: "x" }, { name: "home", text: "" }, { name: "ctrl+d", text: "" }]);
    expect(s).toEqual({ value: "xb", cursor: 0 });
    s = typeKeys(s, [{ name: "end", text: "" }, { name: "", text: " two words" }, { name: "ctrl+w", text: "" }]);
    expect(s.value).toBe("xb two ");
    s = typeKeys(s, [{ name: "ctrl+u", text: "" }]);
    expect(s).toEqual({ value: "", cursor: 0 });
  });

  it("never takes a control chord as text; Enter and Esc are the screen's", () => {
    for (const name of ["enter", "escape", "tab", "ctrl+g", "ctrl+x", "up", "down"] as const) expect(textFieldKeyAction({ name, text: "" })).toBeNull();
    // An unknown escape sequence (a function key) or a paste holding one types nothing.
    expect(typeKeys(initTextField(""), [{ name: "", text: "a\u001b[31mb" }]).value).toBe("");
  });

  it("shows the part around the cursor that fits its width", () => {
    const s = initTextField("0123456789abcdef");
    expect(fieldWindow(s, 8)).toEqual({ before: "9abcdef", at: " ", after: "" });
    expect(fieldWindow({ ...s, cursor: 0 }, 8)).toEqual({ before: "", at: "0", after: "1234567" });
  });
});

describe("the find prompt edits through the same text field", () => {
  it("Left, Backspace and typing act at the cursor; Enter and Esc are the prompt's", async () => {
    const { findPromptKeyAction } = await import("../../components/tree/tree-keys.js");
    let s = initTextField("nedle");
    const presses: KeyPress[] = [{ name: "left", text: "" }, { name: "left", text: "" }, { name: "left", text: "" }, { name: "e", text: "e" }];
    for (const key of presses) {
      const action = findPromptKeyAction(key);
      if (action !== null && typeof action === "object") s = textFieldReducer(s, action.edit);
    }
    expect(s.value).toBe("needle");
    expect(findPromptKeyAction({ name: "enter", text: "" })).toBe("find");
    expect(findPromptKeyAction({ name: "escape", text: "" })).toBe("cancel");
    expect(findPromptKeyAction({ name: "backspace", text: "" })).toEqual({ type: "edit", edit: { type: "backspace" } });
  });
});
