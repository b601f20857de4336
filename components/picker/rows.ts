// Which sessions the list shows, in which order: pi's filterSessions for /resume.
import type { PiProfile, SessionInfo } from "../../src/engine/index.js";
import { hasSessionName } from "./display.js";
import type { ContentResults } from "./content-search.js";
import { byRelevance, matchSessions, withContentHits } from "./search.js";
import { threadSessions } from "./threaded.js";
import type { NameFilter, PickerRow, PickerSort } from "./types.js";

export interface RowQuery {
  sort: PickerSort;
  nameFilter: NameFilter;
  query: string;
  profile: PiProfile;
  /** Hits of the content search; used when they are for this query. */
  content?: ContentResults | null;
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
  const hits = q.content && q.content.query === q.query ? q.content.hits : undefined;
  const matched = withContentHits(pool, matchSessions(pool, q.query), q.query, hits).filter((r) => keep(r.session));
  const row = (r: (typeof matched)[number]): PickerRow => (r.hit ? { ...flat(r.session), hit: r.hit } : flat(r.session));
  if (q.sort === "recent") return matched.sort((a, b) => newestFirst(a.session, b.session)).map(row);
  return matched.sort(byRelevance).map(row);
}
