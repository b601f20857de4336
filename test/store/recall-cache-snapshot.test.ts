// Searches on an open cache while another process writes it (the picker searching while a
// `recall --all` in another terminal brings the index up to date): a search reads one state of the
// index, and the next search sees what was committed since, without taking it for damage.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { describeWithSqlite } from "../support/sqlite.js";
import { RecallCache } from "../../src/engine/store/recall-cache.js";
import { SqlIndexReader } from "../../src/engine/store/recall-cache-sql-reader.js";
import { loadSqlite, sqliteFault } from "../../src/engine/store/sqlite.js";
import { answers, appendTurns, makeSessions } from "./recall-sessions.js";

let root: string;
let files: string[];
let dbPath: string;

beforeEach(() => {
  ({ root, files } = makeSessions(6));
  dbPath = join(root, "cache", "pi-explorer", "recall.sqlite");
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

/** What a fresh index of the files as they are now answers. */
function fresh(queries?: string[]): Record<string, string[]> {
  const cache = RecallCache.open(join(root, `fresh-${Math.random()}`, "recall.sqlite"));
  try {
    cache.update(files, "1.6");
    return answers(cache, queries);
  } finally {
    cache.close();
  }
}

/** Tries to commit a write from a connection of its own that does not wait: the fault, or null when it committed. */
function commitElsewhere(): string | null {
  const driver = loadSqlite();
  if (typeof driver === "string") throw new Error(driver);
  const db = driver.open(dbPath);
  try {
    db.exec("PRAGMA busy_timeout = 0");
    db.exec("BEGIN IMMEDIATE; INSERT OR REPLACE INTO meta(key, value) VALUES ('probe', 1); COMMIT");
    return null;
  } catch (error) {
    try {
      db.exec("ROLLBACK");
    } catch {
      // No transaction left.
    }
    return sqliteFault(error);
  } finally {
    db.close();
  }
}

describeWithSqlite("recall searches while another process writes", () => {
  it("a search reads one state of the index: another connection cannot commit in the middle of it", () => {
    const cache = RecallCache.open(dbPath);
    try {
      cache.update(files, "1.6");
      const expected = answers(cache, ["cache expiry"]);
      const faults: (string | null)[] = [];
      const termRows = SqlIndexReader.prototype.termRows;
      vi.spyOn(SqlIndexReader.prototype, "termRows").mockImplementation(function (this: SqlIndexReader, term, withPositions) {
        faults.push(commitElsewhere());
        return termRows.call(this, term, withPositions);
      });
      expect(answers(cache, ["cache expiry"])).toEqual(expected);
      expect(faults.length).toBeGreaterThan(0);
      expect(faults.every((f) => f === "busy")).toBe(true);
      vi.restoreAllMocks();
      // Once the search is over, the other connection commits.
      expect(commitElsewhere()).toBeNull();
      expect(cache.notices).toEqual([]);
    } finally {
      cache.close();
    }
  });

  it("the next search sees docs another process added since the last one, as a fresh index does, and rebuilds nothing", () => {
    const queries = ["cache expiry", "platypus", "role:user platypus", '"platypus 3"'];
    const reader = RecallCache.open(dbPath);
    const writer = RecallCache.open(dbPath);
    try {
      reader.update(files, "1.6");
      expect(answers(reader, queries)).toEqual(fresh(queries));
      appendTurns(files[2], "s2-r19", 5, "platypus");
      writer.update(files, "1.6");
      // The reader has not updated: what it answers comes from the index the writer brought up to date.
      const after = answers(reader, queries);
      expect(after.platypus[0]).toBe("total 5 in 6");
      expect(after).toEqual(fresh(queries));
      expect(reader.notices).toEqual([]);
      // And its own update, with nothing left to read, changes nothing it answers.
      reader.update(files, "1.6");
      expect(answers(reader, queries)).toEqual(after);
    } finally {
      reader.close();
      writer.close();
    }
  });

  it("its own update: the docs it adds are found by its next search", () => {
    const cache = RecallCache.open(dbPath);
    try {
      cache.update(files, "1.6");
      expect(answers(cache, ["platypus"]).platypus[0]).toBe("total 0 in 6");
      appendTurns(files[0], "s0-r19", 3, "platypus");
      cache.update(files, "1.6");
      expect(answers(cache, ["platypus", "cache expiry"])).toEqual(fresh(["platypus", "cache expiry"]));
      expect(cache.notices).toEqual([]);
    } finally {
      cache.close();
    }
  });
});
