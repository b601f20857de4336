// The help overlay (?): every key, on top of the current screen. It sits on the overlay layer and
// consumes every key; up/down scroll when the list is taller than the terminal.
import { useState } from "react";
import { Box, Text } from "ink";
import { useKeyLayer } from "../kit/key-router.js";
import { padToWidth } from "../kit/text-width.js";
import { HELP_GROUPS } from "./help-keys.js";

type Line = { text: string; heading?: boolean };

function helpLines(keyWidth: number): Line[] {
  const lines: Line[] = [];
  for (const group of HELP_GROUPS) {
    lines.push({ text: group.title, heading: true });
    for (const item of group.items) lines.push({ text: `  ${padToWidth(item.keys, keyWidth)}  ${item.help}` });
    lines.push({ text: "" });
  }
  return lines;
}

export function HelpOverlay({ columns, rows, onClose }: { columns: number; rows: number; onClose: () => void }) {
  const height = Math.max(1, rows - 3);
  const lines = helpLines(Math.min(34, Math.floor(columns / 3)));
  const [scroll, setScroll] = useState(0);
  const maxScroll = Math.max(0, lines.length - height);
  useKeyLayer("overlay", (key) => {
    if (key.name === "down") setScroll((s) => Math.min(maxScroll, s + 1));
    else if (key.name === "up") setScroll((s) => Math.max(0, s - 1));
    else if (key.name === "pagedown") setScroll((s) => Math.min(maxScroll, s + height));
    else if (key.name === "pageup") setScroll((s) => Math.max(0, s - height));
    else onClose();
    return true;
  });
  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <Text bold wrap="truncate">
        {"  Keys"}
        <Text color="gray">{maxScroll > 0 ? "   (↑/↓ scroll, any other key closes)" : "   (any key closes)"}</Text>
      </Text>
      {lines.slice(scroll, scroll + height).map((line, i) => (
        <Text key={scroll + i} wrap="truncate" bold={line.heading} color={line.heading ? "cyan" : undefined}>
          {line.text}
        </Text>
      ))}
    </Box>
  );
}
