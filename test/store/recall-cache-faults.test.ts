// The recall index under faults. The rule: the answer is always the one a fresh index gives, with
// at most a one-line notice, never an error, never "No matches" from an index that lost its rows.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeWithSqlite } from "../support/sqlite.js";
import { RecallCache } from "../../src/engine/store/recall-cache.js";
import { openRecallDb } from "../../src/engine/store/recall-cache-schema.js";
import { loadSqlite, type SqliteDriver } from "../../src/engine/store/sqlite.js";
import { answers, appendTurns, makeSessions, rng } from "./recall-sessions.js";

let root: string;
let files: string[];
let dbPath: string;

beforeEach(() => {
  ({ root, files } = makeSessions(8));
  dbPath = join(root, "cache", "pi-explorer", "recall.sqlite");
});
afterEach(() => {
  spawnSync("chattr", ["-R", "-i", root], { stdio: "ignore" });
  rmSync(root, { recursive: true, force: true });
});

/** What a fresh index (in its own folder) answers for the current files. */
function fresh(): Record<string, string[]> {
  const path = join(root, `fresh-${Math.random()}`, "recall.sqlite");
  const cache = RecallCache.open(path);
  try {
    cache.update(files, "1.6");
    return answers(cache);
  } finally {
    cache.close();
    rmSync(dirname(path), { recursive: true, force: true });
  }
}

function run(path = dbPath, options = {}): { answers: Record<string, string[]>; notices: string[]; mode: string } {
  const cache = RecallCache.open(path, options);
  try {
    cache.update(files, "1.6");
    return { answers: answers(cache), notices: [...cache.notices], mode: cache.mode };
  } finally {
    cache.close();
  }
}

const chattr = (flag: "+i" | "-i", ...paths: string[]): boolean => spawnSync("chattr", [flag, ...paths], { stdio: "ignore" }).status === 0;

describeWithSqlite("recall index faults", () => {
  it("random pages written into a good cache: the answer is a fresh index's, not an empty one", () => {
    const expected = fresh();
    expect(expected["cache expiry"][0]).toMatch(/^total [1-9]/);
    run();
    const pageSize = 4096;
    const pages = Math.floor(statSync(dbPath).size / pageSize);
    const next = rng(7);
    const fd = openSync(dbPath, "r+");
    // Page 1 (the header and schema) is left alone, as in the report: only the content is hit.
    for (let i = 0; i < Math.min(50, pages - 1); i++) {
      const page = 1 + Math.floor(next() * (pages - 1));
      writeSync(fd, Buffer.from(Array.from({ length: pageSize }, () => Math.floor(next() * 256))), 0, pageSize, page * pageSize);
    }
    closeSync(fd);
    const r = run();
    expect(r.answers).toEqual(expected);
    expect(r.notices.length).toBeLessThanOrEqual(1);
    // And the cache works again afterwards, without a notice.
    expect(run()).toMatchObject({ answers: expected, notices: [], mode: "cache" });
  });

  it("a path through a file (ENOTDIR): indexed in memory for this run, with one notice", () => {
    writeFileSync(join(root, "cache"), "a file where the cache folder would be");
    const r = run();
    expect(r.mode).toBe("memory");
    expect(r.notices).toEqual([expect.stringMatching(/not used \(a part of its path is a file\); indexed this run in memory/)]);
    expect(r.answers).toEqual(fresh());
  });

  it("a full disk: a clear notice, the fresh answer, no journal or WAL left behind", () => {
    run();
    appendTurns(files[0], "s0-r19", 400, "platypus cache expiry grows the index");
    // The seam: the database may not grow by more than a few pages, as on a full disk.
    const pages = Math.ceil(statSync(dbPath).size / 4096);
    const r = run(dbPath, { maxPages: pages + 2 });
    expect(r.notices).toEqual([expect.stringMatching(/not used \(the disk is full\)/)]);
    expect(r.answers).toEqual(fresh());
    expect(readdirSync(dirname(dbPath)).sort()).toEqual(["recall.sqlite"]);
  });

  it("an immutable cache (another owner, a read-only mount): used read-only when nothing changed, else a fresh index in memory", (ctx) => {
    run();
    const expected = fresh();
    if (!chattr("+i", dbPath, dirname(dbPath))) ctx.skip();
    try {
      // Nothing to write: the cache answers as it is, no notice.
      expect(run()).toEqual({ answers: expected, notices: [], mode: "cache" });
      appendTurns(files[1], "s1-r19", 3, "wombat");
      const r = run();
      expect(r.mode).toBe("memory");
      expect(r.notices).toEqual([expect.stringMatching(/not used \(it cannot be written.*\); indexed this run in memory/)]);
      expect(r.answers).toEqual(fresh());
    } finally {
      chattr("-i", dbPath, dirname(dbPath));
    }
  });

  it("keeps SQLite's statement journals and temporary tables in memory, on a connection that writes and on a read-only one", (ctx) => {
    run();
    const driver = loadSqlite() as SqliteDriver;
    // 2: MEMORY (in files, a first build's multi-row INSERTs wrote hundreds of MB of journals to /var/tmp).
    const writable = openRecallDb(driver, dbPath);
    expect([writable.readOnly, writable.db.prepare("PRAGMA temp_store").value<number>()]).toEqual([false, 2]);
    writable.db.close();
    if (!chattr("+i", dbPath, dirname(dbPath))) ctx.skip();
    try {
      const readOnly = openRecallDb(driver, dbPath);
      expect([readOnly.readOnly, readOnly.db.prepare("PRAGMA temp_store").value<number>()]).toEqual([true, 2]);
      readOnly.db.close();
    } finally {
      chattr("-i", dbPath, dirname(dbPath));
    }
  });

  it("postings an interrupted build left staged are moved before any search reads the index; read-only, it is indexed in memory", (ctx) => {
    const expected = fresh();
    run();
    // As a build killed between a transaction's commit and its last step leaves the index.
    const stage = () => {
      const driver = loadSqlite();
      if (typeof driver === "string") throw new Error(driver);
      const db = driver.open(dbPath);
      db.exec("INSERT INTO postings_stage SELECT term_id, file_id, seg, df, data, pos FROM postings; DELETE FROM postings");
      db.close();
    };
    stage();
    // The next update moves them first.
    expect(run()).toEqual({ answers: expected, notices: [], mode: "cache" });
    // Staged by another process after this one's update: its next search moves them first.
    const cache = RecallCache.open(dbPath);
    try {
      cache.update(files, "1.6");
      stage();
      expect(answers(cache)).toEqual(expected);
    } finally {
      cache.close();
    }
    stage();
    if (!chattr("+i", dbPath, dirname(dbPath))) ctx.skip();
    try {
      const r = run();
      expect(r.mode).toBe("memory");
      expect(r.answers).toEqual(expected);
    } finally {
      chattr("-i", dbPath, dirname(dbPath));
    }
  });

  it("a cache folder that cannot be created (immutable parent)", (ctx) => {
    mkdirSync(join(root, "cache"));
    if (!chattr("+i", join(root, "cache"))) ctx.skip();
    try {
      const r = run();
      expect(r.mode).toBe("memory");
      expect(r.notices).toHaveLength(1);
      expect(r.answers).toEqual(fresh());
    } finally {
      chattr("-i", join(root, "cache"));
    }
  });

  it("tied scores come out in the same order from an incremental index as from a fresh one", () => {
    // Every session holds the same sentence: equal scores across sessions.
    for (const f of files) appendTurns(f, `${f.match(/_(s\d+)\.jsonl$/)![1]}-r19`, 1, "identical wording kangaroo");
    // Indexed in reverse order of their paths, one more each run.
    for (let i = files.length - 1; i >= 0; i--) {
      const cache = RecallCache.open(dbPath);
      cache.update(files.slice(i), "1.6");
      cache.close();
    }
    const cache = RecallCache.open(dbPath);
    cache.update(files, "1.6");
    const incremental = answers(cache, ["kangaroo", "identical wording", "role:user"]);
    cache.close();
    const path = join(root, "fresh", "recall.sqlite");
    const f = RecallCache.open(path);
    f.update(files, "1.6");
    expect(incremental).toEqual(answers(f, ["kangaroo", "identical wording", "role:user"]));
    f.close();
    expect(new Set(incremental.kangaroo.slice(1).map((h) => h.split(" ")[3])).size).toBe(1);
  });

  it("space goes back when sessions are deleted or shrink; one huge line is capped", () => {
    run();
    const before = statSync(dbPath).size;
    // One 8 MB single-line message of distinct words.
    const huge = join(dirname(files[0]), "2026-03-09T10-00-00-000Z_huge.jsonl");
    const next = rng(3);
    const words = Array.from({ length: 900_000 }, () => Math.floor(next() * 1e9).toString(36)).join(" ");
    writeFileSync(
      huge,
      `${JSON.stringify({ type: "session", version: 3, id: "huge", timestamp: "2026-03-09T10:00:00.000Z", cwd: "/p" })}\n${JSON.stringify({ type: "message", id: "h1", parentId: null, timestamp: "2026-03-09T10:00:01.000Z", message: { role: "user", content: words, timestamp: 1 } })}\n`,
    );
    files = [...files, huge].sort();
    run();
    const grown = statSync(dbPath).size;
    // The entry is capped (ENTRY_TEXT_CAP characters): an 8 MB line costs the index a few MB at most, not its size again.
    expect(grown - before).toBeLessThan(4_000_000);
    rmSync(huge);
    files = files.filter((f) => f !== huge);
    const r = run();
    expect(r.answers).toEqual(fresh());
    expect(statSync(dbPath).size).toBeLessThanOrEqual(before + 64 * 1024);
    // A session that shrank to its header gives its space back too.
    const shrunk = files[2];
    const header = `${JSON.stringify({ type: "session", version: 3, id: "s2", timestamp: "2026-03-01T10:00:00.000Z", cwd: "/p" })}\n`;
    writeFileSync(shrunk, header);
    run();
    expect(statSync(dbPath).size).toBeLessThan(before);
    expect(run().answers).toEqual(fresh());
  });

});

describe("recall without SQLite", () => {
  it("no SQLite driver: the sessions are indexed in memory, with one notice", () => {
    const r = run(dbPath, { sqlite: "none" });
    expect(r.mode).toBe("files");
    expect(r.notices).toEqual([expect.stringMatching(/^recall: no SQLite \(SQLite disabled\); indexing every session in memory for this run, without a cache$/)]);
    expect(r.answers["cache expiry"][0]).toMatch(/^total [1-9]\d* in 8$/);
    expect(r.answers.zzzqqq).toEqual(["total 0 in 8"]);
    expect(existsSync(dbPath)).toBe(false);
  });
});
