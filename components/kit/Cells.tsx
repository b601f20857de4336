// Draws a line of toned cells. Cells hold text that was already sanitized and cut to width, so a
// line is always exactly one terminal row. Each tone's look comes from the theme (kit/theme.ts).
import { Text } from "ink";
import { useTheme } from "./app-context.js";
import type { Cell } from "./cell.js";
import type { TextStyle } from "./theme.js";

/** `style`: for the whole line (the row under the cursor). */
export function Cells({ cells, style }: { cells: Cell[]; style?: TextStyle }) {
  const theme = useTheme();
  // Ink gives an empty <Text> no height, so a blank line would vanish and everything below it
  // would move up (blank lines between paragraphs in the detail pane, for one).
  if (cells.every((cell) => cell.text === "")) return <Text> </Text>;
  return (
    <Text wrap="truncate" {...style}>
      {cells.map((cell, i) => (
        <Text key={i} {...(cell.hit ? theme.hit : theme.tone(cell.tone))} {...(cell.bold ? theme.title : undefined)} italic={cell.italic}>
          {cell.text}
        </Text>
      ))}
    </Text>
  );
}
