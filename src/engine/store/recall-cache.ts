// The cross-session recall index: one SQLite FTS5 database in the user's cache directory, kept
// up to date incrementally. pi only appends to a session file, so a file that grew is read from
// the byte offset where the last read stopped; a file that shrank, or whose indexed prefix
// changed (hash of the bytes just before that offset), is read again from the start. The
// database is only a cache: a corrupt or stale one (wrong schema version, any SQLite error) is
// deleted and rebuilt, and losing it loses nothing.
//
// Split by purpose: recall-cache-schema.ts (tables, open, rebuild), recall-cache-update.ts
// (incremental reads of the files), recall-cache-search.ts (ranking across sessions).
//
// Not re-exported from the engine barrel on purpose: importing it loads the native SQLite module,
// which only `recall --all` needs.
import type Database from "better-sqlite3";
import { isAbsolute, join } from "node:path";
import { parseRecallQuery, type RecallQuery, type RecallResult } from "../recall/index.js";
import type { PiProfile } from "../types.js";
import { createRecallDb, isSqliteError, openRecallDb } from "./recall-cache-schema.js";
import { CrossSessionSearch, type CrossSessionPage, type CrossSessionSearchOptions } from "./recall-cache-search.js";
import { RecallIndexWriter, type RecallCacheUpdate } from "./recall-cache-update.js";

export { RECALL_SCHEMA_VERSION } from "./recall-cache-schema.js";
export type { CrossSessionHit, CrossSessionPage, CrossSessionSearchOptions } from "./recall-cache-search.js";
export type { RecallCacheUpdate } from "./recall-cache-update.js";

/** $XDG_CACHE_HOME/pi-explorer/recall.sqlite, else ~/.cache/pi-explorer/recall.sqlite. */
export function recallCacheFile(env: Record<string, string | undefined>, home: string): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(home, ".cache");
  return join(base, "pi-explorer", "recall.sqlite");
}

export class RecallCache {
  private searcher: CrossSessionSearch;

  private constructor(
    private db: Database.Database,
    readonly path: string,
    /** Why the database was rebuilt on open (corrupt, stale schema), or null. */
    readonly rebuiltBecause: string | null,
  ) {
    this.searcher = new CrossSessionSearch(db);
  }

  /** Open (creating or rebuilding as needed) the index at `path`. */
  static open(path: string): RecallCache {
    const { db, rebuiltBecause } = openRecallDb(path);
    return new RecallCache(db, path, rebuiltBecause);
  }

  close(): void {
    this.db.close();
  }

  /** Runs `work`; on an SQLite error the database is rebuilt from nothing and `work` runs once more. */
  private guarded<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (!isSqliteError(error)) throw error;
      this.db.close();
      this.db = createRecallDb(this.path);
      this.searcher = new CrossSessionSearch(this.db);
      return work();
    }
  }

  /** Bring the index in line with exactly these session files (others are dropped from it). */
  update(paths: readonly string[], profile: PiProfile): RecallCacheUpdate {
    return this.guarded(() => new RecallIndexWriter(this.db).update(paths, profile));
  }

  /** Ranked search over every indexed session. */
  search(query: RecallQuery | string, opts: CrossSessionSearchOptions = {}): RecallResult<CrossSessionPage> {
    const parsed = typeof query === "string" ? parseRecallQuery(query) : { ok: true as const, value: query };
    if (!parsed.ok) return parsed;
    return this.guarded(() => this.searcher.search(parsed.value, opts));
  }
}
