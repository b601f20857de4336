// The search box: what was typed, a block cursor, and why a re: pattern matches nothing.
import { Text } from "ink";
import { sanitizeInline } from "../kit/sanitize.js";
import { displayWidth, truncateToWidth } from "../kit/text-width.js";
import { truncateStart } from "./display.js";

export function SearchLine({ query, error, width }: { query: string; error?: string; width: number }) {
  const note = error ? truncateToWidth(`  ${sanitizeInline(error)}`, Math.floor(width / 2)) : "";
  // Keep the end of a long query in view: that is where the typing happens.
  const shown = truncateStart(sanitizeInline(query), Math.max(1, width - 3 - displayWidth(note)));
  return (
    <Text wrap="truncate">
      <Text color="cyan">{"> "}</Text>
      {shown}
      <Text inverse> </Text>
      {query ? null : <Text dimColor>{truncateToWidth(" type to search names, messages and projects", Math.max(0, width - 3))}</Text>}
      {note ? <Text color="red">{note}</Text> : null}
    </Text>
  );
}
