// A first build writes each transaction's postings as a run of its own (recall-cache-schema.ts):
// whatever runs an index holds, after interruptions, appends that merge segments, deletions and
// folding, it answers exactly as a fresh index of the same files built without runs.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { RecallCache } from "../../src/engine/store/recall-cache.js";
import type { UpdateOptions } from "../../src/engine/store/recall-cache-update.js";
import { loadSqlite, type SqliteDriver } from "../../src/engine/store/sqlite.js";
import { describeWithSqlite } from "../support/sqlite.js";
import { answers, appendTurns, makeSessions, QUERIES, sessionText } from "./recall-sessions.js";

const MORE = [...QUERIES, "tool:read", "file:src/login.ts", "file:src", "tool:read role:toolResult", '"wombat 3"', "wombat", "womba", "numbat", "quokka", "platypus"];

let root: string;
let files: string[];
let dbPath: string;
let n = 0;

beforeEach(() => {
  ({ root, files } = makeSessions(9, 30));
  dbPath = join(root, "cache", "recall.sqlite");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const idOf = (file: string): string => /_(s\d+)\.jsonl$/.exec(file)![1];

/** Answers of an index built in one update without runs (every file's postings straight into postings). */
function fresh(): Record<string, string[]> {
  const cache = RecallCache.open(join(root, `fresh-${n++}`, "recall.sqlite"));
  try {
    cache.update(files, "1.6", { workers: false, runs: { minBytes: Number.MAX_SAFE_INTEGER } });
    return answers(cache, MORE);
  } finally {
    cache.close();
  }
}

/** One update of the cache with runs for any size of transaction; `stopAfter` files, then it stops as Ctrl+C would. */
function update(options: UpdateOptions & { stopAfter?: number } = {}) {
  const cache = RecallCache.open(dbPath);
  try {
    let asked = 0;
    // Asked before each file but the first: stopping after N files is the N-th question.
    const shouldStop = options.stopAfter === undefined ? undefined : () => ++asked >= options.stopAfter!;
    const stats = cache.update(files, "1.6", { workers: false, ...options, runs: { minBytes: 0, ...options.runs }, shouldStop });
    return { stats, answers: answers(cache, MORE) };
  } finally {
    cache.close();
  }
}

/** The run tables as they stand: runs holding files, and whether every run_terms range is exact. */
function runTables() {
  const db = (loadSqlite() as SqliteDriver).open(dbPath, { readOnly: true });
  try {
    const runs = db.prepare("SELECT count(DISTINCT run) FROM files WHERE run > 0").value<number>();
    const rows = db.prepare("SELECT count(*) FROM run_postings").value<number>();
    // Each range starts and ends at a row of its term, and holds rows of no other term.
    const inexact = db
      .prepare(
        "SELECT count(*) FROM run_terms d WHERE NOT EXISTS (SELECT 1 FROM run_postings p WHERE p.id = d.first AND p.term_id = d.term_id) OR NOT EXISTS (SELECT 1 FROM run_postings p WHERE p.id = d.last AND p.term_id = d.term_id) OR EXISTS (SELECT 1 FROM run_postings p WHERE p.id BETWEEN d.first AND d.last AND p.term_id <> d.term_id)",
      )
      .value<number>();
    // Rows of a run no file is in any more (a run's rows hold all of its files' postings, so they go with the run).
    const orphans = db.prepare("SELECT count(*) FROM run_postings WHERE run NOT IN (SELECT run FROM files WHERE run > 0)").value<number>();
    const uncovered = db.prepare("SELECT count(*) FROM run_postings p WHERE NOT EXISTS (SELECT 1 FROM run_terms d WHERE d.term_id = p.term_id AND p.id BETWEEN d.first AND d.last)").value<number>();
    return { runs, rows, inexact, orphans, uncovered };
  } finally {
    db.close();
  }
}

describeWithSqlite("a search while another connection builds", () => {
  // The picker searches on its own connection while its worker builds: between two transactions
  // of a build, every file committed so far is searchable (no postings left where searches do not
  // read them). Before, a transaction too small for a run staged its postings until the update
  // ended, and the picker's search threw (StagedPostingsError) and took the app down.
  it("finds every committed file of a build whose transactions are too small for runs, as a fresh index does", () => {
    const expected = fresh();
    const writer = RecallCache.open(dbPath);
    const reader = RecallCache.open(dbPath);
    try {
      const seen: Record<string, string[]>[] = [];
      writer.update(files, "1.6", { workers: false, runs: { minBytes: Number.MAX_SAFE_INTEGER }, onProgress: () => seen.push(answers(reader, MORE)) });
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.at(-1)).toEqual(expected);
    } finally {
      reader.close();
      writer.close();
    }
  });
});

describeWithSqlite("postings written as runs", () => {
  it("a build interrupted after every file (a run each) resumes and answers as a fresh index", () => {
    const expected = fresh();
    let left = files.length;
    let updates = 0;
    while (left > 0) {
      const { stats } = update({ stopAfter: 1 });
      expect(stats.left).toBe(left - 1);
      left = stats.left;
      updates++;
    }
    expect(updates).toBe(files.length);
    expect(runTables()).toEqual({ runs: files.length, rows: expect.any(Number), inexact: 0, orphans: 0, uncovered: 0 });
    expect(runTables().rows).toBeGreaterThan(0);
    expect(update().answers).toEqual(expected);
  });

  it("appends (merging a file's run rows into postings), a rewritten file and deleted ones answer as a fresh index", () => {
    // Words only the files to be deleted hold: their ranges in the runs go with those files.
    appendTurns(files[0], `${idOf(files[0])}-r29`, 1, "quokka");
    appendTurns(files[7], `${idOf(files[7])}-r29`, 1, "quokka platypus");
    update({ stopAfter: 3 });
    update();
    expect(runTables().runs).toBe(2);
    // Appended to again and again: its segments are merged, its first read's rows leave its run.
    let last = `${idOf(files[1])}-r29`;
    for (let i = 0; i < 10; i++) {
      last = appendTurns(files[1], last, 2, `wombat numbat ${i}`);
      update();
    }
    expect(update().answers).toEqual(fresh());
    // One rewritten shorter, two deleted.
    writeFileSync(files[4], sessionText(idOf(files[4]), 5, 77));
    rmSync(files[7]);
    rmSync(files[0]);
    files = files.filter((f) => f !== files[7] && f !== files[0]);
    const { stats, answers: got } = update();
    expect(stats.removed).toBe(2);
    expect(stats.reindexed).toBe(1);
    expect(got).toEqual(fresh());
    expect(runTables()).toMatchObject({ inexact: 0, orphans: 0, uncovered: 0 });
  });

  it("a range widened over other terms' and other runs' rows still reads only its own term's rows of its run", () => {
    update({ stopAfter: 4 });
    const { answers: before } = update();
    expect(runTables().runs).toBe(2);
    const db = (loadSqlite() as SqliteDriver).open(dbPath);
    db.exec("UPDATE run_terms SET first = (SELECT min(id) FROM run_postings), last = (SELECT max(id) FROM run_postings)");
    db.close();
    expect(before).toEqual(fresh());
    expect(update().answers).toEqual(before);
  });

  it("a run's row whose bytes disagree with it: deleting a file of the run rebuilds the index, which answers as a fresh one", () => {
    update();
    expect(runTables().runs).toBe(1);
    // A row of several docs says one doc more than its bytes hold (a search reading it would take it for damage too).
    const db = (loadSqlite() as SqliteDriver).open(dbPath);
    expect(db.prepare("UPDATE run_postings SET df = df + 1 WHERE id = (SELECT min(id) FROM run_postings WHERE df > 2)").run().changes).toBe(1);
    db.close();
    rmSync(files[3]);
    files = files.filter((f) => f !== files[3]);
    const { stats, answers: got } = update();
    // Made again: every file read anew.
    expect(stats.reindexed).toBe(files.length);
    expect(got).toEqual(fresh());
    expect(runTables()).toMatchObject({ inexact: 0, orphans: 0, uncovered: 0 });
  });

  it("beyond the most runs a query should read, the runs are folded into postings", () => {
    update({ stopAfter: 2 });
    update({ stopAfter: 2 });
    expect(runTables().runs).toBe(2);
    const { answers: got } = update({ runs: { minBytes: 0, max: 2 }, stopAfter: 2 });
    expect(runTables()).toEqual({ runs: 0, rows: 0, inexact: 0, orphans: 0, uncovered: 0 });
    files = files.slice(0, 6);
    expect(got).toEqual(fresh());
  });
});
