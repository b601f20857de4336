// Which sessions the list shows, in which order: pi's filterSessions for /resume.
import type { PiProfile, SessionInfo } from "../../src/engine/index.js";
import { hasSessionName } from "./display.js";
import { byRelevance, matchSessions } from "./search.js";
import { threadSessions } from "./threaded.js";
import type { NameFilter, PickerRow, PickerSort } from "./types.js";

export interface RowQuery {
  sort: PickerSort;
  nameFilter: NameFilter;
  query: string;
  profile: PiProfile;
}

const flat = (session: SessionInfo): PickerRow => ({ session, depth: 0, isLast: true, parentRow: -1 });
const newestFirst = (a: SessionInfo, b: SessionInfo): number => b.modified.getTime() - a.modified.getTime();

/**
 * Without a query: threaded shows the fork tree, recent and relevance show newest first.
 * With a query: recent keeps newest-first order and only filters; threaded falls back to a flat
 * list by relevance (pi keeps saying "Threaded" in the header), like relevance itself.
 */
export function buildRows(pool: readonly SessionInfo[], q: RowQuery): PickerRow[] {
  const keep = q.nameFilter === "named" ? hasSessionName : () => true;
  if (!q.query.trim()) {
    const named = pool.filter(keep);
    if (q.sort === "threaded") return threadSessions(named, q.profile);
    return named.sort(newestFirst).map(flat);
  }
  const matched = matchSessions(pool, q.query).filter((r) => keep(r.session));
  if (q.sort === "recent") return matched.map((r) => r.session).sort(newestFirst).map(flat);
  return matched.sort(byRelevance).map((r) => flat(r.session));
}
