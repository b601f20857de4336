// Tests of the recall index need an SQLite driver (node:sqlite on Node 22.13+, else the optional
// better-sqlite3). Where none loads (Node 20 after an install that could not build better-sqlite3),
// they are skipped, loudly; the index in memory (no SQLite) is tested either way.
import { describe } from "vitest";
import { loadSqlite } from "../../src/engine/store/sqlite.js";

const driver = loadSqlite();
export const hasSqlite = typeof driver !== "string";

export function describeWithSqlite(name: string, body: () => void): void {
  if (typeof driver === "string") {
    console.warn(`[skip] ${name}: ${driver}, so tests of the recall index are skipped`);
    describe.skip(name, body);
    return;
  }
  describe(name, body);
}
