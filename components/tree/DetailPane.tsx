// Dumb view: the selected entry's full content, wrapped and scrolled.
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { Cells } from "../kit/Cells.js";
import { belowMark, type PaneLines } from "../kit/pane-lines.js";

export interface DetailPaneProps {
  lines: PaneLines;
  scroll: number;
  width: number;
  height: number;
  focused: boolean;
}

export function DetailPane({ lines, scroll, width, height, focused }: DetailPaneProps) {
  const bodyHeight = Math.max(0, height - 1);
  const visible = lines.slice(scroll, bodyHeight);
  const header = `${focused ? "▶ detail" : "detail"}  ${scroll > 0 ? `▲${scroll} ` : ""}${belowMark(lines.below(scroll, bodyHeight))}`;
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="single" borderTop={false} borderBottom={false} borderRight={false} borderColor={focused ? theme.borderColor : theme.mutedBorderColor} paddingLeft={1}>
      <Text {...(focused ? theme.accent : theme.muted)} wrap="truncate">
        {header}
      </Text>
      {visible.map((cells, i) => (
        <Cells key={scroll + i} cells={cells} />
      ))}
    </Box>
  );
}
