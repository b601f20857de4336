// Dumb view: pi's "Type to search:" line, or the full-text find prompt while it is open.
import { Text } from "ink";
import { sanitizeInline } from "../kit/sanitize.js";

export function SearchLine({ query, findPrompt }: { query: string; findPrompt: string | null }) {
  if (findPrompt !== null) {
    return (
      <Text wrap="truncate">
        <Text color="gray">  Find in full text: </Text>
        <Text color="yellow">{sanitizeInline(findPrompt)}</Text>
        <Text inverse> </Text>
        <Text color="gray">  (enter find · esc cancel)</Text>
      </Text>
    );
  }
  return (
    <Text wrap="truncate">
      <Text color="gray">  Type to search: </Text>
      <Text color="cyan">{sanitizeInline(query)}</Text>
    </Text>
  );
}
