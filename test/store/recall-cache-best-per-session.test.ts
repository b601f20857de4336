// The picker asks the index for each session's best hit: for words, over every match (a session
// whose best hit ranks below another session's hundredth is still listed), ranked among the
// sessions; only those hits' lines are read back from the files.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { describeWithSqlite } from "../support/sqlite.js";
import { RecallCache, type CrossSessionPage } from "../../src/engine/store/recall-cache.js";
import { SqlIndexReader } from "../../src/engine/store/recall-cache-sql-reader.js";
import { makeSessions, QUERIES } from "./recall-sessions.js";

let root: string;
let files: string[];
let cache: RecallCache;

beforeEach(() => {
  ({ root, files } = makeSessions(7));
  cache = RecallCache.open(join(root, "cache", "recall.sqlite"));
  cache.update(files, "1.6");
});
afterEach(() => {
  vi.restoreAllMocks();
  cache.close();
  rmSync(root, { recursive: true, force: true });
});

const search = (query: string, pageSize: number, bestPerSession: boolean, page = 1): CrossSessionPage => {
  const r = cache.search(query, { page, pageSize, bestPerSession, now: () => 0, budgetMs: 60_000 });
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

/** Each session's first hit of `hits`, in order. */
const firstOfEachSession = (hits: CrossSessionPage["hits"]): CrossSessionPage["hits"] => hits.filter((h, i) => hits.findIndex((o) => o.sessionPath === h.sessionPath) === i);

/** Listings in file order (a regular expression, filters alone): not ranked over every match. */
const isListing = (query: string): boolean => query.startsWith("/") || /^\w+:\S+$/.test(query);

describeWithSqlite("each session's best hit", () => {
  it("for words: the first hit of each session in the whole ranking, ranked among the sessions, paged by session", () => {
    const words = QUERIES.filter((q) => !isListing(q));
    expect(words.length).toBeGreaterThan(5);
    for (const query of words) {
      const all = search(query, 10_000, false);
      const sessions = firstOfEachSession(all.hits).map((h, i) => ({ ...h, rank: i + 1 }));
      const best = search(query, 3, true);
      expect(best.hits, query).toEqual(sessions.slice(0, 3));
      expect(best.total, query).toBe(all.total);
      expect(best.pageCount, query).toBe(Math.max(1, Math.ceil(sessions.length / 3)));
      if (sessions.length > 3) expect(search(query, 3, true, 2).hits, query).toEqual(sessions.slice(3, 6).map((h, i) => ({ ...h, rank: 4 + i })));
    }
  });

  it("lists sessions whose best hits rank below the first page of hits", () => {
    // Queries whose first 3 hits lie in fewer than 3 sessions, while more sessions have one.
    const cases = QUERIES.filter((q) => !isListing(q)).filter((q) => {
      const first = new Set(search(q, 3, false).hits.map((h) => h.sessionPath));
      return first.size < 3 && firstOfEachSession(search(q, 10_000, false).hits).length >= 3;
    });
    expect(cases.length).toBeGreaterThan(0);
    for (const query of cases) {
      const best = search(query, 3, true);
      expect(new Set(best.hits.map((h) => h.sessionPath)).size, query).toBe(3);
    }
  });

  it("for listings in file order: each session's first among the page's", () => {
    for (const query of QUERIES.filter(isListing)) {
      const all = search(query, 60, false);
      const best = search(query, 60, true);
      expect(best.hits, query).toEqual(firstOfEachSession(all.hits));
      expect({ ...best, hits: [] }, query).toEqual({ ...all, hits: [] });
    }
  });

  it("reads back only the lines of the hits it gives", () => {
    const all = search("token", 60, false);
    const wanted = firstOfEachSession(all.hits).length;
    expect(wanted).toBeLessThan(all.hits.length);
    const doc = vi.spyOn(SqlIndexReader.prototype, "doc");
    const best = search("token", 60, true);
    expect(best.hits).toHaveLength(wanted);
    expect(doc).toHaveBeenCalledTimes(wanted);
  });
});
