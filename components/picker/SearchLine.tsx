// The search box: what was typed, a block cursor, and why a re: pattern matches nothing.
import { Text } from "ink";
import { useTheme } from "../kit/app-context.js";
import { sanitizeInline } from "../kit/sanitize.js";
import { displayWidth, truncateToWidth } from "../kit/text-width.js";
import { truncateStart } from "./display.js";

/** A regex error without the pattern it repeats ("Invalid regular expression: /(/i: Unterminated group" -> "regex: Unterminated group"). */
export function shortQueryError(error: string): string {
  const m = /^Invalid regular expression: \/.*\/[a-z]*: (.*)$/s.exec(error);
  return m ? `regex: ${m[1]}` : error;
}

export function SearchLine({ query, error, width }: { query: string; error?: string; width: number }) {
  // The error takes the room the query leaves (at least half the line), so it is read whole.
  const room = Math.max(Math.floor(width / 2), width - 4 - displayWidth(sanitizeInline(query)));
  const note = error ? truncateToWidth(`  ${sanitizeInline(shortQueryError(error))}`, room) : "";
  // Keep the end of a long query in view: that is where the typing happens.
  const shown = truncateStart(sanitizeInline(query), Math.max(1, width - 3 - displayWidth(note)));
  const theme = useTheme();
  return (
    <Text wrap="truncate">
      <Text {...theme.accent}>{"> "}</Text>
      {shown}
      <Text {...theme.cursor}> </Text>
      {query ? null : <Text {...theme.dim}>{truncateToWidth(" type to search names, messages and projects", Math.max(0, width - 3))}</Text>}
      {note ? <Text {...theme.error}>{note}</Text> : null}
    </Text>
  );
}
