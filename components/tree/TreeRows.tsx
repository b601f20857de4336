// Dumb view: the tree window, one terminal row per entry, right column aligned.
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { Cells } from "../kit/Cells.js";
import type { DrawnRow } from "./row-render.js";

/** What an empty window says: pi's texts for a session without entries and for a filter that hides all. */
export type EmptyReason = "none" | "no-entries" | "all-hidden";

export function TreeRows({ rows, bodyWidth, height, empty }: { rows: DrawnRow[]; bodyWidth: number; height: number; empty: EmptyReason }) {
  const theme = useTheme();
  if (empty !== "none") {
    return (
      <Box flexDirection="column" height={height}>
        <Text {...theme.muted}>{empty === "no-entries" ? "  No entries in session" : "  No entries found"}</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={height}>
      {rows.map((row) => {
        const pad = { text: " ".repeat(Math.max(0, bodyWidth - row.bodyWidth)), tone: "plain" as const };
        return <Cells key={row.key} cells={[...row.body, pad, ...row.right]} style={row.selected ? theme.selected : undefined} />;
      })}
    </Box>
  );
}
