// The entries a result lets the user select, in the order they are drawn: the hits of a search page
// grouped by segment (chronological), or the browsed entries. Enter jumps to one, `e` expands one.
import type { RecallEntryView } from "../../src/engine/index.js";
import type { RecallOutcome } from "./run-recall.js";

export function resultItems(outcome: RecallOutcome | null): RecallEntryView[] {
  if (outcome === null || outcome.kind === "error") return [];
  if (outcome.kind === "browse") return outcome.page.entries;
  const items: RecallEntryView[] = [];
  for (const segment of outcome.page.segments) {
    for (const line of segment.lines) if (line.kind === "entry" && line.hit) items.push(line.entry);
  }
  return items;
}
