// The picker asks the index for each session's best hit among the first 200: the same hits, ranks
// and snippets as the whole page gives, with only those hits' lines read back from the files.
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

const page = (query: string, bestPerSession: boolean): CrossSessionPage => {
  const r = cache.search(query, { pageSize: 60, bestPerSession, now: () => 0, budgetMs: 60_000 });
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

/** The hits of a whole page, each session's first only. */
const firstOfEachSession = (all: CrossSessionPage): CrossSessionPage["hits"] => all.hits.filter((h, i) => all.hits.findIndex((o) => o.sessionPath === h.sessionPath) === i);

describeWithSqlite("each session's best hit", () => {
  it("is the whole page's first hit of each session, with its rank, score and snippet; the totals are the page's", () => {
    for (const query of QUERIES) {
      const all = page(query, false);
      const best = page(query, true);
      expect(best.hits, query).toEqual(firstOfEachSession(all));
      expect({ ...best, hits: [] }, query).toEqual({ ...all, hits: [] });
    }
    // A query with hits in several sessions, and more than one in each: the case that matters.
    const all = page("cache expiry", false);
    expect(new Set(all.hits.map((h) => h.sessionPath)).size).toBeGreaterThan(1);
    expect(firstOfEachSession(all).length).toBeLessThan(all.hits.length);
  });

  it("reads back only the lines of the hits it gives", () => {
    const all = page("token", false);
    const wanted = firstOfEachSession(all).length;
    expect(wanted).toBeLessThan(all.hits.length);
    const doc = vi.spyOn(SqlIndexReader.prototype, "doc");
    const best = page("token", true);
    expect(best.hits).toHaveLength(wanted);
    expect(doc).toHaveBeenCalledTimes(wanted);
  });
});
