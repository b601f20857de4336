// Dumb view: pi's "Type to search:" line, or the full-text find prompt (a text field) while it is
// open. The typed text is cut to the width here (Ink's own truncation lets a wide character at the
// edge run one column over); the tail of a long query is what shows.
import { Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { TextField } from "../kit/text-field/TextField.js";
import type { TextFieldState } from "../kit/text-field/text-field-state.js";
import { displayWidth, sliceColumns } from "../kit/text-width.js";
import { findPromptHint } from "./tree-keys.js";

const FIND_LABEL = "  Find in full text: ";
const FIND_HINT = findPromptHint();
const SEARCH_LABEL = "  Type to search: ";

/** The end of `text` that fits in `width` columns (a wide character cut in half is dropped). */
function tailFitting(text: string, width: number): string {
  if (width <= 0) return "";
  const w = displayWidth(text);
  return w <= width ? text : sliceColumns(text, w - width, width);
}

export function SearchLine({ query, findPrompt, width }: { query: string; findPrompt: TextFieldState | null; width: number }) {
  const theme = useTheme();
  if (findPrompt !== null) {
    const room = Math.max(1, width - FIND_LABEL.length - 1);
    const hintRoom = room - displayWidth(findPrompt.value) - 1;
    return (
      <Text wrap="truncate">
        <Text {...theme.muted}>{FIND_LABEL}</Text>
        <TextField state={findPrompt} focused width={room} style={theme.warning} />
        <Text {...theme.muted}>{hintRoom >= FIND_HINT.length ? FIND_HINT : ""}</Text>
      </Text>
    );
  }
  return (
    <Text wrap="truncate">
      <Text {...theme.muted}>{SEARCH_LABEL}</Text>
      <Text {...theme.accent}>{tailFitting(sanitizeInline(query), width - SEARCH_LABEL.length)}</Text>
    </Text>
  );
}
