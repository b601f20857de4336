// The editor drawn: one terminal row per visual row (never more than it was given), a gutter with
// the prompt and the scroll marks, and the cursor as an inverse cell. Rows arrive sanitized.
import { Text } from "ink";
import { useTheme } from "../app-context.js";
import type { EditorWindow } from "./editor-layout.js";

/** Columns of the gutter before the text ("  > "). */
export const GUTTER = 4;

function gutter(index: number, frame: EditorWindow): string {
  if (index === 0 && frame.above > 0) return "  ▲ ";
  if (index === frame.rows.length - 1 && frame.below > 0) return "  ▼ ";
  return index === 0 && frame.scroll === 0 ? "  > " : "    ";
}

export function EditorView({ frame, showCursor }: { frame: EditorWindow; showCursor: boolean }) {
  const theme = useTheme();
  return (
    <>
      {frame.rows.map((row, i) => (
        <Text key={frame.scroll + i} wrap="truncate">
          <Text {...theme.accent}>{gutter(i, frame)}</Text>
          {showCursor && i === frame.cursor.row ? (
            <>
              {frame.cursor.before}
              <Text {...theme.cursor}>{frame.cursor.at}</Text>
              {frame.cursor.after}
            </>
          ) : (
            row
          )}
        </Text>
      ))}
    </>
  );
}
