// Dumb view: the summary the compaction would store (compiled without an LLM), scrolled.
import { Box, Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { Cells } from "../kit/Cells.js";
import { belowMark, PaneLines } from "../kit/pane-lines.js";
import { formatTokens } from "../tree/row-render.js";

/** The summary wrapped to the pane width as far as it is read (also used to clamp scrolling). */
export const summaryLines = (text: string | undefined, width: number): PaneLines =>
  text === undefined ? new PaneLines({ lines: [] }) : new PaneLines({ parts: [{ text, tone: "plain", block: true }], width: Math.max(10, width) });

export interface SummaryPaneProps {
  lines: PaneLines;
  tokens: number | undefined;
  scroll: number;
  height: number;
}

export function SummaryPane({ lines, tokens, scroll, height }: SummaryPaneProps) {
  const bodyHeight = Math.max(1, height - 1);
  const below = belowMark(lines.below(scroll, bodyHeight));
  const title =
    tokens === undefined
      ? "── summary: pi would not compact, so nothing would be written"
      : `── summary pi-explorer would write (compiled, no LLM; nothing written yet): ${formatTokens(tokens)} tokens ${scroll > 0 ? `▲${scroll} ` : ""}${below}`;
  const theme = useTheme();
  return (
    <Box flexDirection="column" height={height}>
      <Text {...theme.accent} wrap="truncate">
        {title}
      </Text>
      {lines.slice(scroll, bodyHeight).map((cells, i) => (
        <Cells key={scroll + i} cells={cells} />
      ))}
    </Box>
  );
}
