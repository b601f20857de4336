// Dumb view: the visible window of the bands list.
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import type { SessionEntry } from "../../src/engine/index.js";
import { Cells } from "../kit/Cells.js";
import type { BandList } from "./band-lines.js";
import { bandLineCells } from "./band-row-cells.js";

export interface BandsPaneProps {
  list: BandList;
  path: readonly SessionEntry[];
  top: number;
  height: number;
  width: number;
}

export function BandsPane({ list, path, top, height, width }: BandsPaneProps) {
  const bodyHeight = Math.max(1, height - 1);
  const visible = list.lines.slice(top, top + bodyHeight);
  const below = Math.max(0, list.lines.length - top - bodyHeight);
  const cutHint = list.cutLine < 0 ? "" : list.cutLine < top ? "  (cut above: c)" : list.cutLine >= top + bodyHeight ? "  (cut below: c)" : "";
  const theme = useTheme();
  return (
    <Box flexDirection="column" height={height}>
      <Text {...theme.muted} wrap="truncate">
        {`── active path ${top > 0 ? `▲${top} ` : ""}${below > 0 ? `▼${below}` : ""}${cutHint}`}
      </Text>
      {visible.map((line, i) => (
        <Cells key={top + i} cells={bandLineCells(line, path, width)} />
      ))}
    </Box>
  );
}
