// Dumb view: the tree window, one terminal row per entry, right column aligned.
import { Box, Text } from "ink";
import { Cells } from "../kit/Cells.js";
import { displayWidth } from "../kit/text-width.js";
import type { DrawnRow } from "./row-render.js";

export function TreeRows({ rows, bodyWidth, height, empty }: { rows: DrawnRow[]; bodyWidth: number; height: number; empty: boolean }) {
  if (empty) {
    return (
      <Box flexDirection="column" height={height}>
        <Text color="gray">  No entries found</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={height}>
      {rows.map((row) => {
        const used = row.body.reduce((w, c) => w + displayWidth(c.text), 0);
        const pad = { text: " ".repeat(Math.max(0, bodyWidth - used)), tone: "plain" as const };
        return <Cells key={row.key} cells={[...row.body, pad, ...row.right]} bold={row.selected} />;
      })}
    </Box>
  );
}
