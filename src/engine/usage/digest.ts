// A session's usage folded into (day, model, source) buckets: small enough to keep in a cache, enough to
// answer `usage --all` by session, model or day, from any --since on. Built from the same entries and
// in the same order as the single-file report, so the same file gives the same sums either way.
import type { SessionEntry } from "../types.js";
import { dayOf } from "./day.js";
import { entryTime, entryUsage, type UsageSource } from "./entry-usage.js";
import { addFigures, addTokenCost, emptyTokenCost, type TokenCost } from "./figures.js";

export interface UsageBucket extends TokenCost {
  /** YYYY-MM-DD in the digest's time zone; null for entries without a time. */
  day: string | null;
  model: string;
  source: UsageSource;
}

export interface SessionDigestInfo {
  path: string;
  id: string;
  cwd: string;
  name: string | null;
  firstMessage: string;
  /** epoch ms (pi's SessionInfo.modified). */
  modified: number;
}

export interface SessionDigest extends SessionDigestInfo {
  buckets: UsageBucket[];
}

export function usageBuckets(entries: Iterable<SessionEntry>, timeZone: string | undefined): UsageBucket[] {
  const map = new Map<string, UsageBucket>();
  for (const e of entries) {
    const usage = entryUsage(e);
    if (!usage) continue;
    const day = dayOf(entryTime(e), timeZone);
    const key = `${day}\u0000${usage.model}\u0000${usage.source}`;
    let b = map.get(key);
    if (!b) map.set(key, (b = { ...emptyTokenCost(), day, model: usage.model, source: usage.source }));
    addFigures(b, usage.figures);
  }
  return [...map.values()];
}

/** Buckets from `since` on (a bucket without a day is left out once a day is asked for). */
export function bucketsSince(buckets: readonly UsageBucket[], since: string | undefined): UsageBucket[] {
  return since === undefined ? buckets.slice() : buckets.filter((b) => b.day !== null && b.day >= since);
}

/** Sum of buckets, with the part spent on summaries (and other usage outside the conversation) beside it. */
export function sumBuckets(buckets: readonly UsageBucket[]): { all: TokenCost; summaries: TokenCost } {
  const all = emptyTokenCost();
  const summaries = emptyTokenCost();
  for (const b of buckets) {
    addTokenCost(all, b);
    if (b.source !== "assistant") addTokenCost(summaries, b);
  }
  return { all, summaries };
}
