// Draws a line of toned cells. Cells hold text that was already sanitized and cut to width, so a
// line is always exactly one terminal row. Each tone's look comes from the theme (kit/theme.ts).
import { memo } from "react";
import { Text } from "ink";
import { useTheme } from "./app-context.js";
import type { Cell } from "./cell.js";
import type { TextStyle, Theme } from "./theme.js";

export interface CellsProps {
  cells: Cell[];
  /** For the whole line (the row under the cursor). */
  style?: TextStyle;
}

/** A cell's look: its tone (or a hit's), bold as a title, italic. */
const cellStyle = (theme: Theme, cell: Cell): TextStyle => ({ ...(cell.hit ? theme.hit : theme.tone(cell.tone)), ...(cell.bold ? theme.title : undefined), italic: cell.italic });

function CellsLine({ cells, style }: CellsProps) {
  const theme = useTheme();
  // Ink gives an empty <Text> no height, so a blank line would vanish and everything below it
  // would move up (blank lines between paragraphs in the detail pane, for one).
  if (cells.every((cell) => cell.text === "")) return <Text> </Text>;
  // One cell and no line style (most lines of a pane): one Text, not a Text in a Text. The same
  // codes come out (the inner Text's style applied to the one line), with half the nodes to lay out.
  if (cells.length === 1 && style === undefined) {
    const cell = cells[0];
    return (
      <Text wrap="truncate" {...cellStyle(theme, cell)}>
        {cell.text}
      </Text>
    );
  }
  return (
    <Text wrap="truncate" {...style}>
      {cells.map((cell, i) => (
        <Text key={i} {...cellStyle(theme, cell)}>
          {cell.text}
        </Text>
      ))}
    </Text>
  );
}

const sameCell = (a: Cell, b: Cell) => a === b || (a.text === b.text && a.tone === b.tone && a.bold === b.bold && a.italic === b.italic && a.hit === b.hit);

/** Equal lines: the same cells (by value, as views rebuild them each render) in the same style. */
function sameCellsProps(a: CellsProps, b: CellsProps): boolean {
  if (a.style !== b.style) return false;
  if (a.cells === b.cells) return true;
  if (a.cells.length !== b.cells.length) return false;
  for (let i = 0; i < a.cells.length; i++) if (!sameCell(a.cells[i], b.cells[i])) return false;
  return true;
}

/**
 * A line is drawn again only when its cells or style changed: a key that moves the tree's cursor
 * changes two rows of forty, and every row React renders again is a dozen Ink nodes Ink updates,
 * lays out and measures again.
 */
export const Cells = memo(CellsLine, sameCellsProps);
