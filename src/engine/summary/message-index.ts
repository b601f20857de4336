// The global `#N` space shared by summaries and recall (vcc.md §1.2): the ordinal of an entry among
// all `message` entries of the whole file, every branch, in file order.
import type { SessionEntry } from "../types.js";

/**
 * Maps entry id → global message ordinal (0-based). `entries` must be in file order and include
 * every branch. Entries without a message payload take no number; an id seen twice is dropped from
 * the map (fail-closed: a ref must never point at the wrong message) but still advances the counter.
 */
export function buildGlobalMessageIndex(entries: readonly SessionEntry[]): Map<string, number> {
  const index = new Map<string, number>();
  const duplicated = new Set<string>();
  let ordinal = 0;
  for (const entry of entries) {
    if (entry.type !== "message") continue;
    const message = (entry as { message?: unknown }).message;
    if (typeof message !== "object" || message === null) continue;
    const id = typeof entry.id === "string" && entry.id !== "" ? entry.id : undefined;
    if (id !== undefined && !duplicated.has(id)) {
      if (index.has(id)) {
        index.delete(id);
        duplicated.add(id);
      } else {
        index.set(id, ordinal);
      }
    }
    ordinal++;
  }
  return index;
}
