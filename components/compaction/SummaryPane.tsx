// Dumb view: the summary the compaction would store (compiled without an LLM), scrolled.
import { Box, Text } from "ink";
import { sanitizeBlock } from "../kit/sanitize.js";
import { wrapText } from "../kit/text-width.js";
import { formatTokens } from "../tree/row-render.js";

/** The summary wrapped to the pane width (also used to clamp scrolling). */
export const summaryLines = (text: string | undefined, width: number): string[] =>
  text === undefined ? [] : wrapText(sanitizeBlock(text), Math.max(10, width));

export interface SummaryPaneProps {
  lines: string[];
  tokens: number | undefined;
  scroll: number;
  height: number;
}

export function SummaryPane({ lines, tokens, scroll, height }: SummaryPaneProps) {
  const bodyHeight = Math.max(1, height - 1);
  const below = Math.max(0, lines.length - scroll - bodyHeight);
  const title =
    tokens === undefined
      ? "── summary: pi would not compact, so nothing would be written"
      : `── summary pi-explorer would write (compiled, no LLM; nothing written yet): ${formatTokens(tokens)} tokens ${scroll > 0 ? `▲${scroll} ` : ""}${below > 0 ? `▼${below}` : ""}`;
  return (
    <Box flexDirection="column" height={height}>
      <Text color="cyan" wrap="truncate">
        {title}
      </Text>
      {lines.slice(scroll, scroll + bodyHeight).map((line, i) => (
        <Text key={scroll + i} wrap="truncate">
          {line === "" ? " " : line}
        </Text>
      ))}
    </Box>
  );
}
