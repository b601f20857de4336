// Dumb view: `height` rows of cell lines starting at `start`, with ▲/▼ marks when more lie beyond.
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import type { Cell } from "../kit/cell.js";
import { Cells } from "../kit/Cells.js";

export function LineWindow({ lines, start, height, width }: { lines: Cell[][]; start: number; height: number; width: number }) {
  const shown = lines.slice(start, start + height);
  const above = start > 0;
  const below = start + height < lines.length;
  const theme = useTheme();
  return (
    <Box flexDirection="column" height={height} width={width}>
      {shown.map((cells, i) => {
        const mark = i === 0 && above ? "▲" : i === shown.length - 1 && below ? "▼" : "";
        return (
          <Box key={start + i} flexDirection="row" width={width}>
            <Box flexGrow={1} flexShrink={1} overflow="hidden">
              <Cells cells={cells} />
            </Box>
            {mark && <Text {...theme.muted}>{mark}</Text>}
          </Box>
        );
      })}
    </Box>
  );
}
