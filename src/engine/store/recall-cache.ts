// The cross-session recall index: one SQLite database in the user's cache directory, kept up to
// date incrementally. pi only appends to a session file, so a file that grew is read from the
// byte offset where the last read stopped; a file that shrank, or whose indexed prefix changed
// (hash of the bytes just before that offset), is read again from the start.
//
// The rule: an answer is always the one a fresh index would give. A database SQLite calls damaged
// is rebuilt and the sessions indexed again before the search runs; where the cache cannot be
// written (another owner, a read-only mount with something to update, a full disk, a path through
// a file) or stays locked, a fresh index is built in SQLite's memory for this run and a one-line
// notice says so; where no SQLite driver loads at all, the sessions are indexed in this process's
// own memory (recall-memory-index.ts) and searched the same way, with a notice.
//
// Split by purpose: sqlite.ts (drivers), recall-cache-schema.ts (tables, open),
// recall-cache-update.ts (incremental reads of the files, the writes), recall-cache-prepare.ts (a
// file read, parsed and counted into postings, no database), recall-cache-prepare-pool.ts (worker
// threads preparing the next files of a build while the main thread writes),
// recall-cache-search.ts (ranking across sessions, over recall-index-reader.ts: the tables read
// through recall-cache-sql-reader.ts, or recall-memory-index.ts where there is no SQLite).
//
// Not re-exported from the engine barrel on purpose: only `recall --all` and the picker's content
// search need it.
import { isAbsolute, join } from "node:path";
import { parseRecallQuery, type RecallQuery, type RecallResult } from "../recall/index.js";
import type { PiProfile } from "../types.js";
import { hasCurrentSchema, isCorruption, openRecallDb, recreate, type RecallDbOptions } from "./recall-cache-schema.js";
import { CrossSessionSearch, StagedPostingsError, StaleIndexError, type CrossSessionPage, type CrossSessionSearchOptions } from "./recall-cache-search.js";
import { SqlIndexReader } from "./recall-cache-sql-reader.js";
import { RecallIndexWriter, type RecallCacheUpdate, type UpdateOptions } from "./recall-cache-update.js";
import { MemoryIndex } from "./recall-memory-index.js";
import { loadSqlite, sqliteFault, type SqliteChoice, type SqliteDb, type SqliteDriver } from "./sqlite.js";

export { RECALL_SCHEMA_VERSION } from "./recall-cache-schema.js";
export type { CrossSessionHit, CrossSessionPage, CrossSessionSearchOptions } from "./recall-cache-search.js";
export type { RecallCacheUpdate, UpdateProgress, UpdateOptions } from "./recall-cache-update.js";
export { sqliteChoiceFrom, type SqliteChoice } from "./sqlite.js";

/** $XDG_CACHE_HOME/pi-explorer/recall.sqlite, else ~/.cache/pi-explorer/recall.sqlite. */
export function recallCacheFile(env: Record<string, string | undefined>, home: string): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(home, ".cache");
  return join(base, "pi-explorer", "recall.sqlite");
}

export interface RecallCacheOptions extends RecallDbOptions {
  /** Which SQLite driver (default: node:sqlite where this Node has it, else better-sqlite3). */
  sqlite?: SqliteChoice;
}

/** File-system errors that mean the cache cannot be kept where it is (not a bug). */
const CACHE_FS_CODES = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "ENOSPC", "EDQUOT", "EISDIR", "ENAMETOOLONG", "ELOOP", "EEXIST"]);
const fsCode = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && CACHE_FS_CODES.has(code) ? code : null;
};

const reasonOf = (error: unknown): string => {
  const fault = sqliteFault(error);
  if (fault === "full") return "the disk is full";
  if (fault === "readonly") return "it cannot be written";
  if (fault === "busy") return "another pi-explorer holds it";
  const code = fsCode(error);
  if (code === "ENOTDIR") return "a part of its path is a file";
  if (code === "EACCES" || code === "EPERM") return "it cannot be written (permission denied)";
  if (code === "EROFS") return "it is on a read-only file system";
  if (code === "ENOSPC" || code === "EDQUOT") return "the disk is full";
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
};

type Backend = { kind: "db"; driver: SqliteDriver; db: SqliteDb; memory: boolean; readOnly: boolean } | { kind: "files"; index: MemoryIndex };

const searcherOf = (backend: Backend): CrossSessionSearch => new CrossSessionSearch(backend.kind === "db" ? new SqlIndexReader(backend.db) : backend.index);

export class RecallCache {
  /** One-line notices for the user (rebuilt, searched without the cache and why). */
  readonly notices: string[] = [];
  private searcher: CrossSessionSearch;
  private last: { paths: readonly string[]; profile: PiProfile } | null = null;

  private constructor(
    private backend: Backend,
    readonly path: string,
    private readonly options: RecallCacheOptions,
  ) {
    this.searcher = searcherOf(backend);
  }

  /** Open the index at `path` (creating it as needed); never throws for a cache it cannot use. */
  static open(path: string, options: RecallCacheOptions = {}): RecallCache {
    const driver = loadSqlite(options.sqlite);
    if (typeof driver === "string") {
      const cache = new RecallCache({ kind: "files", index: new MemoryIndex() }, path, options);
      cache.notices.push(`recall: no SQLite (${driver}); indexing every session in memory for this run, without a cache`);
      return cache;
    }
    try {
      const opened = openRecallDb(driver, path, options);
      const cache = new RecallCache({ kind: "db", driver, db: opened.db, memory: false, readOnly: opened.readOnly }, path, options);
      if (opened.rebuiltBecause) cache.notices.push(`recall index was rebuilt: ${opened.rebuiltBecause}`);
      if (opened.readOnly && !hasCurrentSchema(opened.db)) cache.toMemory("it cannot be written and is of another version");
      return cache;
    } catch (error) {
      if (!fsCode(error) && !sqliteFault(error)) throw error;
      const cache = new RecallCache({ kind: "files", index: new MemoryIndex() }, path, options);
      cache.toMemory(reasonOf(error), driver);
      return cache;
    }
  }

  /** Which store answers: the cache file, an index in memory for this run, or the files themselves. */
  get mode(): "cache" | "memory" | "files" {
    return this.backend.kind === "files" ? "files" : this.backend.memory ? "memory" : "cache";
  }

  close(): void {
    if (this.backend.kind === "db") this.backend.db.close();
  }

  /** From now on this run uses a fresh index in memory (the cache file is left as it is). */
  private toMemory(why: string, driver?: SqliteDriver): void {
    const d = driver ?? (this.backend.kind === "db" ? this.backend.driver : null);
    if (!d) return;
    if (this.backend.kind === "db") this.backend.db.close();
    const { db } = openRecallDb(d, ":memory:");
    this.backend = { kind: "db", driver: d, db, memory: true, readOnly: false };
    this.searcher = searcherOf(this.backend);
    this.notices.push(`recall index at ${this.path} not used (${why}); indexed this run in memory`);
  }

  /** After damage: the cache file deleted and made again, empty (an index in this process's memory: dropped). */
  private rebuild(error: unknown): void {
    if (this.backend.kind === "files") this.backend = { kind: "files", index: new MemoryIndex() };
    else {
      this.backend.db.close();
      const { driver, memory } = this.backend;
      const db = memory ? openRecallDb(driver, ":memory:").db : recreate(driver, this.path, this.options);
      this.backend = { kind: "db", driver, db, memory, readOnly: false };
    }
    this.searcher = searcherOf(this.backend);
    this.notices.push(`recall index was damaged (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); rebuilt it`);
  }

  /** Bring the index in line with exactly these session files (others are dropped from it). */
  update(paths: readonly string[], profile: PiProfile, options: UpdateOptions = {}): RecallCacheUpdate {
    this.last = { paths, profile };
    if (this.backend.kind === "files") return this.backend.index.update(paths, profile, options);
    for (let attempt = 0; ; attempt++) {
      const backend = this.backend;
      try {
        return new RecallIndexWriter(backend.db).update(paths, profile, options);
      } catch (thrown) {
        if (attempt >= 2) throw thrown;
        let error = thrown;
        if (isCorruption(error)) {
          try {
            this.rebuild(error);
            continue;
          } catch (again) {
            error = again;
          }
        }
        if (backend.memory || (!sqliteFault(error) && !fsCode(error))) throw error;
        this.toMemory(reasonOf(error));
      }
    }
  }

  /**
   * Ranked search over every indexed session. When the index turns out damaged or stale, it is
   * rebuilt (or brought up to date) from the files of the last update and the search runs again.
   */
  search(query: RecallQuery | string, opts: CrossSessionSearchOptions = {}): RecallResult<CrossSessionPage> {
    const parsed = typeof query === "string" ? parseRecallQuery(query) : { ok: true as const, value: query };
    if (!parsed.ok) return parsed;
    for (let attempt = 0; ; attempt++) {
      try {
        return this.searcher.search(parsed.value, opts);
      } catch (error) {
        if (attempt >= 2 || !this.last) throw error;
        const { paths, profile } = this.last;
        if (error instanceof StagedPostingsError) {
          // The update moves them first (read-only: it indexes this run in memory instead).
          this.update(paths, profile);
          continue;
        }
        if (error instanceof StaleIndexError) {
          const stats = this.update(paths, profile);
          // The file looks unchanged, yet its lines are not where the index says: damage.
          if (stats.appended + stats.reindexed + stats.removed > 0) continue;
          this.rebuild(error);
          this.update(paths, profile);
          continue;
        }
        if (isCorruption(error)) this.rebuild(error);
        else if (sqliteFault(error) && !(this.backend.kind === "db" && this.backend.memory)) this.toMemory(reasonOf(error));
        else throw error;
        this.update(paths, profile);
      }
    }
  }
}
