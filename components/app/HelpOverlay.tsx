// The help overlay (?): every key, on top of the current screen. It sits on the overlay layer and
// consumes every key; its own keys (help-keys.ts) scroll when the list is taller than the terminal.
// It opens scrolled to the keys of the screen that asked (its group at the top), since that is what
// the user wants to read; the other groups stay a scroll away.
import { useMemo, useState } from "react";
import { Box, Text } from "ink";
import { scrollStep } from "../kit/bindings.js";
import { useScreenSize, useTheme } from "../kit/app-context.js";
import { useKeyLayer } from "../kit/key-router.js";
import { displayWidth, padToWidth, wrapText } from "../kit/text-width.js";
import { HELP_GROUPS, helpOverlayCommand, helpOverlayHint, type HelpGroupId } from "./help-keys.js";

type Line = { text: string; heading?: boolean; group?: HelpGroupId };

/**
 * One line per key where it fits; otherwise the help wraps under its own column and keys too long
 * for the key column get a line of their own, so nothing is cut off on narrow terminals.
 */
export function helpLines(keyWidth: number, columns: number): Line[] {
  const lines: Line[] = [];
  const indent = " ".repeat(keyWidth + 4);
  const helpWidth = Math.max(10, columns - keyWidth - 4);
  for (const group of HELP_GROUPS) {
    lines.push({ text: group.title, heading: true, group: group.id });
    for (const item of group.items) {
      const help = wrapText(item.help, helpWidth);
      if (displayWidth(item.keys) <= keyWidth) lines.push({ text: `  ${padToWidth(item.keys, keyWidth)}  ${help[0] ?? ""}` });
      else {
        for (const part of wrapText(item.keys, Math.max(1, columns - 2))) lines.push({ text: `  ${part}` });
        lines.push({ text: `${indent}${help[0] ?? ""}` });
      }
      for (const more of help.slice(1)) lines.push({ text: `${indent}${more}` });
    }
    lines.push({ text: "" });
  }
  return lines;
}

/** Where the overlay starts: the heading of the group asked for, clamped so the last page stays full. */
export function startScroll(lines: Line[], group: HelpGroupId | undefined, height: number): number {
  const at = lines.findIndex((line) => line.group !== undefined && line.group === group);
  return Math.max(0, Math.min(Math.max(0, lines.length - height), at));
}

export interface HelpOverlayProps {
  /** The group of the screen that opened the help; without it the help starts at the top. */
  startAt?: HelpGroupId;
  onClose: () => void;
}

export function HelpOverlay({ startAt, onClose }: HelpOverlayProps) {
  const { columns, rows } = useScreenSize();
  const theme = useTheme();
  const height = Math.max(1, rows - 3);
  // Wrapped once per width, not on every scroll key.
  const lines = useMemo(() => helpLines(Math.min(34, Math.floor(columns / 3)), columns), [columns]);
  const [scroll, setScroll] = useState(() => startScroll(lines, startAt, height));
  const maxScroll = Math.max(0, lines.length - height);
  useKeyLayer("overlay", (key) => {
    const command = helpOverlayCommand(key.name);
    if (command === null) onClose();
    else setScroll((s) => Math.max(0, Math.min(maxScroll, s + scrollStep(command, height, lines.length))));
    return true;
  });
  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <Text {...theme.title} wrap="truncate">
        {"  Keys"}
        <Text {...theme.muted}>{helpOverlayHint(maxScroll > 0)}</Text>
      </Text>
      {lines.slice(scroll, scroll + height).map((line, i) => (
        <Text key={scroll + i} wrap="truncate" {...(line.heading ? theme.heading : theme.plain)}>
          {/* An empty Text takes no row in Ink; the blank line between groups must keep its row. */}
          {line.text || " "}
        </Text>
      ))}
    </Box>
  );
}
