// Dumb view of a one-line text field: the value with the cursor as an inverse cell, or the
// placeholder when empty. Given a width, it shows the part of the value around the cursor that fits.
import { Text } from "ink";
import { useTheme } from "../app-context.js";
import { graphemes } from "../multiline-editor/editor-layout.js";
import { displayWidth, sliceColumns } from "../text-width.js";
import type { TextStyle } from "../theme.js";
import type { TextFieldState } from "./text-field-state.js";

export interface TextFieldProps {
  state: TextFieldState;
  focused: boolean;
  placeholder?: string;
  /** Columns the field may use; without it the text is drawn whole (its line truncates it). */
  width?: number;
  /** The value's look (a theme style); the cursor cell is the theme's cursor. */
  style?: TextStyle;
}

/** The visible part of the value: a window of `width` columns that holds the cursor cell. */
export function fieldWindow(state: TextFieldState, width: number | undefined): { before: string; at: string; after: string } {
  const before = state.value.slice(0, state.cursor);
  const rest = state.value.slice(state.cursor);
  // The cluster under the cursor (a bounded prefix is enough to find it).
  const atChar = rest === "" ? " " : (graphemes(rest.slice(0, 64))[0]?.text ?? " ");
  const after = rest.slice(rest === "" ? 0 : atChar.length);
  if (width === undefined) return { before, at: atChar, after };
  const room = Math.max(1, width);
  const beforeWidth = displayWidth(before);
  const atWidth = Math.max(1, displayWidth(atChar));
  // Keep the cursor cell on screen: drop columns from the start when what precedes it does not fit.
  const shownBefore = beforeWidth + atWidth > room ? sliceColumns(before, beforeWidth + atWidth - room, room - atWidth) : before;
  const left = room - displayWidth(shownBefore) - atWidth;
  return { before: shownBefore, at: atChar, after: left > 0 ? sliceColumns(after, 0, left) : "" };
}

export function TextField({ state, focused, placeholder, width, style }: TextFieldProps) {
  const theme = useTheme();
  if (state.value === "" && placeholder !== undefined) {
    return (
      <Text>
        {focused && <Text {...theme.cursor}>{placeholder.slice(0, 1)}</Text>}
        <Text {...theme.muted}>{focused ? placeholder.slice(1) : placeholder}</Text>
      </Text>
    );
  }
  if (!focused) return <Text {...style}>{state.value}</Text>;
  const w = fieldWindow(state, width);
  return (
    <Text {...style}>
      {w.before}
      <Text {...theme.cursor}>{w.at}</Text>
      {w.after}
    </Text>
  );
}
