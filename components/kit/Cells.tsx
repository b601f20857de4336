// Draws a line of toned cells. Cells hold text that was already sanitized and cut to width, so a
// line is always exactly one terminal row.
import { Text } from "ink";
import type { Cell, Tone } from "./cell.js";

const COLOR: Record<Tone, string | undefined> = {
  accent: "cyan",
  success: "green",
  muted: "gray",
  dim: "gray",
  error: "red",
  warning: "yellow",
  custom: "magenta",
  border: "cyan",
  plain: undefined,
};

export function Cells({ cells, bold, inverse }: { cells: Cell[]; bold?: boolean; inverse?: boolean }) {
  // Ink gives an empty <Text> no height, so a blank line would vanish and everything below it
  // would move up (blank lines between paragraphs in the detail pane, for one).
  if (cells.every((cell) => cell.text === "")) return <Text> </Text>;
  return (
    <Text wrap="truncate" bold={bold} inverse={inverse}>
      {cells.map((cell, i) => (
        <Text
          key={i}
          bold={cell.bold}
          color={cell.hit ? "black" : COLOR[cell.tone]}
          backgroundColor={cell.hit ? "yellow" : undefined}
          dimColor={cell.tone === "dim" && !cell.hit}
          italic={cell.italic}
        >
          {cell.text}
        </Text>
      ))}
    </Text>
  );
}
