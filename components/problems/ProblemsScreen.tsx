// `!` in the tree: every damaged line and orphaned entry of the file, one row each, with a jump to
// the entry concerned. It covers the tree (modal) and hands the jump back to it.
import { useMemo, useState } from "react";
import { Box, Text } from "ink";
import type { SessionTree } from "../../src/engine/index.js";
import { scrollStep } from "../kit/bindings.js";
import { useKeyLayer } from "../kit/key-router.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { truncateToWidth, wrapText } from "../kit/text-width.js";
import { problemItems, type ProblemItem } from "./problem-items.js";
import { useScreenSize, useTheme } from "../kit/app-context.js";
import { problemsFooter, problemsKeyCommand } from "./problems-keys.js";

export interface ProblemsScreenProps {
  tree: SessionTree;
  active: boolean;
  onJump: (entryId: string) => void;
  onBack: () => void;
}

/** One problem as a row of text. */
export function problemText(item: ProblemItem): string {
  if (item.kind === "orphan") {
    const why = item.problem !== undefined ? sanitizeInline(item.problem) : `its parent ${sanitizeInline(item.parentId)} is not in the file; pi shows it as a root`;
    return `line ${item.line}  orphan ${sanitizeInline(item.entryId)}: ${why}`;
  }
  const where = item.jumpId === null ? "" : `  → ${sanitizeInline(item.jumpId)}`;
  return `line ${item.line}  ${item.note ? "note" : "damaged"}: ${sanitizeInline(item.problem)}${where}`;
}

/** Title, the blank line under the list, the key hint. */
const CHROME = 3;

export function ProblemsScreen({ tree, active, onJump, onBack }: ProblemsScreenProps) {
  const theme = useTheme();
  // It covers the tree: the tree's area, less the line the app keeps free.
  const { columns, rows } = useScreenSize();
  const height = rows - 1;
  const items = useMemo(() => problemItems(tree), [tree]);
  const [selected, setSelected] = useState(0);
  // The list takes what it needs, up to all but the rows that show the chosen problem whole.
  const chosenText = items[selected] ? wrapText(problemText(items[selected]), Math.max(10, columns - 4)) : [];
  const room = Math.max(1, height - CHROME);
  const listHeight = Math.max(1, Math.min(items.length, room - Math.min(chosenText.length, Math.floor(room / 2))));
  const chosenRows = Math.max(0, room - listHeight);
  const keyState = { count: items.length, canJump: typeof items[selected]?.jumpId === "string" };
  useKeyLayer(
    "overlay",
    (key) => {
      const command = problemsKeyCommand(key.name, keyState);
      if (command?.type === "back") onBack();
      else if (command?.type === "jump") {
        const id = items[selected]?.jumpId;
        if (id) onJump(id);
      } else if (command?.type === "move" && items.length > 0) {
        const step = scrollStep(command, Math.max(1, listHeight - 1), items.length);
        setSelected((s) => Math.max(0, Math.min(items.length - 1, s + step)));
      }
      // Modal: the tree below waits.
      return true;
    },
    active,
  );
  const start = Math.max(0, Math.min(selected - Math.floor(listHeight / 2), items.length - listHeight));
  const damaged = items.filter((i) => i.kind === "damaged" && !i.note).length;
  const orphans = items.filter((i) => i.kind === "orphan").length;
  const title = `  Problems in this file: ${damaged} damaged line${damaged === 1 ? "" : "s"}, ${orphans} orphaned entr${orphans === 1 ? "y" : "ies"}`;
  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Text {...theme.title}>{truncateToWidth(title, columns)}</Text>
      <Box flexDirection="column" height={listHeight}>
        {items.length === 0 ? (
          <Text {...theme.success}>{truncateToWidth("  None: pi reads every line of this file whole, and every parent is there.", columns)}</Text>
        ) : (
          items.slice(start, start + listHeight).map((item, i) => (
            <Text key={start + i} {...(start + i === selected ? theme.accent : item.kind === "orphan" || !item.note ? theme.plain : theme.muted)}>
              {truncateToWidth(`${start + i === selected ? "› " : "  "}${problemText(item)}`, columns)}
            </Text>
          ))
        )}
      </Box>
      <Box flexDirection="column" height={chosenRows + 1}>
        <Text> </Text>
        {chosenText.slice(0, chosenRows).map((line, i) => (
          <Text key={i} {...theme.warning}>{`  ${line}`}</Text>
        ))}
      </Box>
      <Text {...theme.muted}>{truncateToWidth(problemsFooter(keyState, columns, items.length > listHeight ? `(${selected + 1}/${items.length})` : undefined), columns)}</Text>
    </Box>
  );
}
