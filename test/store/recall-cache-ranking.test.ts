// The cross-session index ranks from its own stored postings: with one session indexed it must
// agree with that session's in-memory recall (scope all) hit for hit, count every match, and answer
// file:, tool: and role: filters from its lookup tables exactly as the in-memory filters do.
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithSqlite } from "../support/sqlite.js";
import { buildRecallIndexForTree, buildTree, listAllSessionFiles, parseSession, search } from "../../src/engine/index.js";
import { RecallCache } from "../../src/engine/store/recall-cache.js";
import { loadSqlite, type SqliteDriver } from "../../src/engine/store/sqlite.js";
import { FIXTURES } from "../support/shared.js";

const SESSION = join(FIXTURES, "recall", "session.jsonl");
let dir: string;
let cache: RecallCache;
const index = buildRecallIndexForTree(buildTree(parseSession(readFileSync(SESSION), "1.6")));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "recall-rank-"));
  mkdirSync(join(dir, "sessions", "--p--"), { recursive: true });
  copyFileSync(SESSION, join(dir, "sessions", "--p--", "s.jsonl"));
  cache = RecallCache.open(join(dir, "cache", "recall.sqlite"));
  cache.update(listAllSessionFiles({ agentDir: dir, profile: "1.6" }), "1.6");
});
afterAll(() => {
  cache.close();
  rmSync(dir, { recursive: true, force: true });
});

function crossIds(query: string): { ids: string[]; scores: number[]; total: number } {
  const r = cache.search(query, { pageSize: 100 });
  if (!r.ok) throw new Error(r.message);
  expect(r.value.totalIsLowerBound).toBe(false);
  return { ids: r.value.hits.map((h) => h.entryId), scores: r.value.hits.map((h) => h.score), total: r.value.total };
}

function localIds(query: string): { ids: string[]; scores: number[]; total: number } {
  const r = search(index, query, { scope: "all", pageSize: 100 });
  if (!r.ok) throw new Error(r.message);
  return { ids: r.value.hits.map((h) => h.entryId), scores: r.value.hits.map((h) => h.score), total: r.value.total };
}

describeWithSqlite("cross-session ranking", () => {
  it.each(["login", "token expired", "auth", "session store refresh", "role:user login", "tool:bash test", "file:src/auth.ts token"])(
    "ranks %j exactly as the session's own recall does",
    (query) => {
      const cross = crossIds(query);
      const local = localIds(query);
      expect(cross.total).toBeGreaterThan(0);
      expect(cross.ids).toEqual(local.ids);
      expect(cross.total).toBe(local.total);
      cross.scores.forEach((s, i) => expect(s).toBeCloseTo(local.scores[i], 9));
    },
  );

  it("file: matches a path or any path ending in /it, never a bare suffix of a name", () => {
    expect(crossIds("file:auth.ts").ids).toEqual(localIds("file:auth.ts").ids);
    expect(crossIds("file:auth.ts").total).toBeGreaterThan(0);
    expect(crossIds("file:./src/auth.ts").ids).toEqual(crossIds("file:src/auth.ts").ids);
    expect(crossIds("file:uth.ts").total).toBe(0);
  });

  it("filters alone list matching entries in file order", () => {
    for (const q of ["tool:read", "role:user", "tool:bash role:toolResult", "tool:edit file:src/auth.ts"]) expect(crossIds(q).ids).toEqual(localIds(q).ids);
  });
});

describeWithSqlite("a session that grew through many updates", () => {
  it("keeps few postings segments and ranks exactly as an index built in one go", () => {
    const lines = readFileSync(SESSION, "utf8").trimEnd().split("\n");
    const grown = join(dir, "grown", "--p--", "s.jsonl");
    mkdirSync(join(dir, "grown", "--p--"), { recursive: true });
    writeFileSync(grown, `${lines.slice(0, 4).join("\n")}\n`);
    const grownDb = join(dir, "grown-cache", "recall.sqlite");
    const files = [grown];
    const first = RecallCache.open(grownDb);
    expect(first.update(files, "1.6").reindexed).toBe(1);
    first.close();
    let appended = 0;
    for (const line of lines.slice(4)) {
      appendFileSync(grown, `${line}\n`);
      const c = RecallCache.open(grownDb);
      appended += c.update(files, "1.6").appended;
      c.close();
    }
    expect(appended).toBe(lines.length - 4);
    const db = (loadSqlite() as SqliteDriver).open(grownDb, { readOnly: true });
    const maxRows = db.prepare("SELECT max(n) FROM (SELECT count(*) AS n FROM postings GROUP BY term_id, file_id)").value<number>() ?? 0;
    db.close();
    expect(maxRows).toBeLessThanOrEqual(8);

    const incremental = RecallCache.open(grownDb);
    try {
      for (const q of ["login", "token expired", "auth", "session store refresh", "tool:bash test"]) {
        const a = incremental.search(q, { pageSize: 100 });
        const b = cache.search(q, { pageSize: 100 });
        if (!a.ok || !b.ok) throw new Error("search failed");
        expect(a.value.hits.map((h) => [h.entryId, h.ref])).toEqual(b.value.hits.map((h) => [h.entryId, h.ref]));
        a.value.hits.forEach((h, i) => expect(h.score).toBeCloseTo(b.value.hits[i].score, 9));
      }
    } finally {
      incremental.close();
    }
  });
});
