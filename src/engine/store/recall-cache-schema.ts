// The recall index's SQLite database: its tables, and opening it. It is only a cache, but it is
// never thrown away for a passing reason: an empty database gets its tables under the write lock
// (a second process building at the same time waits, then finds them), one of another schema
// version has its tables replaced in a transaction, and only a database SQLite calls corrupt is
// deleted and made again.
import { mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import type { CallLookup } from "./recall-cache-segment.js";
import { sqliteFault, type SqliteDb, type SqliteDriver, type SqliteStatement } from "./sqlite.js";

/** Bump when the tables or what is indexed change: an index of another version is rebuilt. */
export const RECALL_SCHEMA_VERSION = 15;

// Terms are stored once, with an id (`meta` holds the next one); a term is in use while some
// postings row has its id. What is stored, per doc: where its line is in the session file (the
// text, and the paths it names, are read back from there for hits, snippets and regular
// expressions, never kept), its role (recall/cross-postings.ts ROLE_CODES) and tools; per segment
// and tool, and per segment and path named (reversed), which of its docs (for the tool: and file:
// filters: one row per segment rather than per doc, as a doc's tools and paths mostly recur in
// the docs around it); per tool call, its paths (a result names its call's); per term and segment (a file's first read, or one later append): varint [doc delta,
// tf] pairs, and beside them where the word stands in each of those docs (for quoted phrases);
// per segment: each doc's length and role; per file: the ids of its terms (varint deltas), which
// is how its postings are found to merge or delete them. postings, keyed by term, takes appends
// and small reads. A large transaction of files read whole (a first build) writes its rows as a
// run: one row per term holding every file's docs of it (recall-cache-run-rows.ts; file_id 0, seg
// its first doc), appended to run_postings in term order (a rowid table: appending costs no search
// of the key), with one run_terms row per term saying which rowids hold the term in that run;
// files.run says which run holds a file's first read (0: none). Deleting or merging a file of a
// run first splits the run's rows back into postings, one per term and file. A query reads a
// term's rows from postings and from each run (a row counts only for its own term and run,
// whatever a range says).
// Smaller reads of whole files go into postings, sorted by term, when their transaction ends, so
// a search on another connection finds every committed file. postings_stage is only read: rows an
// earlier build staged there (to move them at its end) are moved into postings by the next update,
// and a search waits for that.
// No full-text table: positions of our own cost less than half of FTS5's phrase index, and
// writing them is part of the same rows.
const SCHEMA = `
CREATE TABLE files(
  id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, size INTEGER NOT NULL, mtime_ms REAL NOT NULL,
  offset INTEGER NOT NULL, tail_hash TEXT NOT NULL, session_id TEXT NOT NULL, next_ref INTEGER NOT NULL,
  appendable INTEGER NOT NULL, doc_count INTEGER NOT NULL DEFAULT 0, token_count INTEGER NOT NULL DEFAULT 0,
  segments INTEGER NOT NULL DEFAULT 1, listed INTEGER NOT NULL DEFAULT 1, run INTEGER NOT NULL DEFAULT 0);
CREATE TABLE docs(
  id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, entry_id TEXT NOT NULL, ref INTEGER, role INTEGER NOT NULL,
  tools TEXT NOT NULL, is_error INTEGER NOT NULL, off INTEGER NOT NULL, len INTEGER NOT NULL);
CREATE TABLE segs(file_id INTEGER NOT NULL, first_doc INTEGER NOT NULL, lengths BLOB NOT NULL, PRIMARY KEY(file_id, first_doc)) WITHOUT ROWID;
CREATE TABLE seg_tools(tool TEXT NOT NULL, file_id INTEGER NOT NULL, first_doc INTEGER NOT NULL, docs BLOB NOT NULL, PRIMARY KEY(tool, file_id, first_doc)) WITHOUT ROWID;
CREATE TABLE seg_paths(rpath TEXT NOT NULL, file_id INTEGER NOT NULL, first_doc INTEGER NOT NULL, docs BLOB NOT NULL, PRIMARY KEY(rpath, file_id, first_doc)) WITHOUT ROWID;
CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE terms(term TEXT PRIMARY KEY, id INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE postings(term_id INTEGER NOT NULL, file_id INTEGER NOT NULL, seg INTEGER NOT NULL, df INTEGER NOT NULL, data BLOB NOT NULL, pos BLOB NOT NULL, PRIMARY KEY(term_id, file_id, seg)) WITHOUT ROWID;
CREATE TABLE run_postings(id INTEGER PRIMARY KEY, run INTEGER NOT NULL, term_id INTEGER NOT NULL, file_id INTEGER NOT NULL, seg INTEGER NOT NULL, df INTEGER NOT NULL, data BLOB NOT NULL, pos BLOB NOT NULL);
CREATE TABLE run_terms(term_id INTEGER NOT NULL, run INTEGER NOT NULL, first INTEGER NOT NULL, last INTEGER NOT NULL, PRIMARY KEY(term_id, run)) WITHOUT ROWID;
CREATE TABLE postings_stage(term_id INTEGER NOT NULL, file_id INTEGER NOT NULL, seg INTEGER NOT NULL, df INTEGER NOT NULL, data BLOB NOT NULL, pos BLOB NOT NULL);
CREATE TABLE file_terms(file_id INTEGER PRIMARY KEY, ids BLOB NOT NULL);
CREATE TABLE calls(file_id INTEGER NOT NULL, call_id TEXT NOT NULL, paths TEXT NOT NULL, PRIMARY KEY(file_id, call_id)) WITHOUT ROWID;
`;

/** The run rows queries read (`p`): each in its own term's range (`d`) of its own run, whatever a range says. */
export const RUN_ROWS = "run_terms d CROSS JOIN run_postings p ON p.id BETWEEN d.first AND d.last AND p.term_id = d.term_id AND p.run = d.run";

/**
 * A term's postings rows with `columns` (of df, data, pos), from postings and from every run, in
 * file and segment order; the one parameter is the term (its text).
 */
export function termRowsSql(columns: string): string {
  const cols = columns.split(",").map((c) => `p.${c.trim()}`).join(", ");
  return (
    `WITH q(id) AS (SELECT id FROM terms WHERE term = ?) SELECT * FROM (` +
    `SELECT ${cols}, p.file_id AS file_, p.seg AS seg_ FROM postings p WHERE p.term_id = (SELECT id FROM q) UNION ALL ` +
    `SELECT ${cols}, p.file_id, p.seg FROM ${RUN_ROWS} WHERE d.term_id = (SELECT id FROM q)` +
    `) ORDER BY file_, seg_`
  );
}

/**
 * Whether term `t` is in use: some postings row has its id (a run_terms row exists only while its
 * rows do). The runs are asked first: finding a term in postings reads whole rows on the way (a
 * WITHOUT ROWID table compares keys on records that spill into overflow pages by reading them
 * whole), some 13 µs a term, where most terms of an index are in a run.
 */
export const TERM_IN_USE = "(EXISTS (SELECT 1 FROM run_terms d WHERE d.term_id = t.id) OR EXISTS (SELECT 1 FROM postings p WHERE p.term_id = t.id))";

/** The statement callLookup reads a call's paths with. */
export const CALL_PATHS_SQL = "SELECT paths FROM calls WHERE file_id = ? AND call_id = ?";

/** Paths of the tool calls indexed from file `fileId`, by call id (`find`: a statement of CALL_PATHS_SQL). */
export const callLookup = (find: SqliteStatement, fileId: number): CallLookup => ({ get: (id) => find.value<string>(fileId, id)?.split("\n") });

/** Whether postings are staged (see above): a search must wait for them to be moved. */
export function hasStagedPostings(db: Pick<SqliteDb, "prepare">): boolean {
  return db.prepare("SELECT EXISTS (SELECT 1 FROM postings_stage)").value<number>() === 1;
}

/** SQLite errors that mean the database itself is damaged (rebuild); others are passing or about the disk. */
export const isCorruption = (error: unknown): boolean => sqliteFault(error) === "corrupt" || (error instanceof Error && error.name === "DamagedIndexError");

export interface OpenedDb {
  db: SqliteDb;
  /** Why the tables were made again (corrupt, another schema version), or null. */
  rebuiltBecause: string | null;
  /** Opened read-only: the folder or file cannot be written (read-only mount, another owner). */
  readOnly: boolean;
}

export interface RecallDbOptions {
  /** Test seam: PRAGMA max_page_count, to run out of room as a full disk does. */
  maxPages?: number;
}

/** Opens the database at `path` (":memory:" for an index that lives in this process only). */
export function openRecallDb(driver: SqliteDriver, path: string, options: RecallDbOptions = {}): OpenedDb {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  let db: SqliteDb;
  try {
    db = connect(driver, path, options);
  } catch (error) {
    const fault = sqliteFault(error);
    if (fault === "corrupt") return { db: recreate(driver, path, options), rebuiltBecause: `unreadable (${(error as Error).message})`, readOnly: false };
    if (fault === "readonly" || fault === "cantopen" || fault === "io") return { db: connectReadOnly(driver, path), rebuiltBecause: null, readOnly: true };
    throw error;
  }
  try {
    if (hasCurrentSchema(db)) return { db, rebuiltBecause: null, readOnly: false };
    const rebuiltBecause = db.transaction(() => makeTables(db));
    return { db, rebuiltBecause, readOnly: false };
  } catch (error) {
    db.close();
    if (!isCorruption(error)) throw error;
    return { db: recreate(driver, path, options), rebuiltBecause: `unreadable (${(error as Error).message})`, readOnly: false };
  }
}

/** Whether the database has the tables of this version (a read-only one may be of another). */
export function hasCurrentSchema(db: SqliteDb): boolean {
  const version = db.prepare("PRAGMA user_version").value<number>();
  const tables = db.prepare("SELECT count(*) FROM sqlite_master").value<number>() ?? 0;
  return version === RECALL_SCHEMA_VERSION && tables > 0;
}

/** Under the write lock: tables of this version, unless another process just made them. */
function makeTables(db: SqliteDb): string | null {
  if (hasCurrentSchema(db)) return null;
  const version = db.prepare("PRAGMA user_version").value<number>();
  const names = (where: string) => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ${where}`).values<string>();
  const drop = (name: string) => db.exec(`DROP TABLE IF EXISTS "${name.replace(/"/g, '""')}"`);
  // Virtual tables first: dropping one drops its shadow tables.
  const virtual = names("AND sql LIKE 'CREATE VIRTUAL%'");
  for (const name of virtual) drop(name);
  const plain = names("");
  for (const name of plain) drop(name);
  const old = [...virtual, ...plain];
  db.exec(SCHEMA);
  db.exec(`PRAGMA user_version = ${RECALL_SCHEMA_VERSION}`);
  return old.length ? `schema version ${version}, expected ${RECALL_SCHEMA_VERSION}` : null;
}

function connect(driver: SqliteDriver, path: string, options: RecallDbOptions): SqliteDb {
  return checked(driver.open(path), (db) => {
    if (path !== ":memory:") {
      // Both set before the first table exists. Pages of 8 KiB: a postings row of a common word
      // then rarely spills into overflow pages, whose unused tails cost more than the larger pages.
      db.exec("PRAGMA page_size = 8192");
      // Space of deleted sessions goes back to the disk.
      db.exec("PRAGMA auto_vacuum = INCREMENTAL");
      // A rollback journal, not WAL: a database at rest is one file, which a read-only mount or
      // another user's process can read without creating -wal/-shm files next to it.
      db.exec("PRAGMA journal_mode = DELETE");
    }
    db.exec("PRAGMA synchronous = NORMAL");
    // Up to 64 MiB of pages (SQLite's default is 2 MiB): a build's transaction then keeps the
    // pages it changed until it commits instead of spilling them (and journaling again) midway.
    db.exec("PRAGMA cache_size = -65536");
    if (options.maxPages) db.exec(`PRAGMA max_page_count = ${options.maxPages}`);
  });
}

function connectReadOnly(driver: SqliteDriver, path: string): SqliteDb {
  return checked(driver.open(path, { readOnly: true }), () => {});
}

/** Set up an opened database (busy timeout, `pragmas`) and check it is one; closed on failure. */
function checked(db: SqliteDb, pragmas: (db: SqliteDb) => void): SqliteDb {
  try {
    db.exec("PRAGMA busy_timeout = 10000");
    // Statement journals and savepoint sub-journals in memory, not in temporary files: every
    // multi-row INSERT of a build keeps the pages it changes there until it ends, and each file's
    // savepoint keeps them until the file is written. In files, a first build of the 1 GB bench
    // folder wrote 370 MB to /var/tmp (about 0.25 s of system time); in memory they hold a few MB
    // at a time (a statement's pages, a file's pages that were in the database before it).
    db.exec("PRAGMA temp_store = MEMORY");
    pragmas(db);
    // Reading the schema proves the file is a database (a damaged header fails here).
    db.prepare("SELECT count(*) FROM sqlite_master").value();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Deletes the damaged database at `path` and creates an empty one of the current schema. */
export function recreate(driver: SqliteDriver, path: string, options: RecallDbOptions = {}): SqliteDb {
  if (path !== ":memory:") for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(path + suffix, { force: true });
  const db = connect(driver, path, options);
  db.transaction(() => makeTables(db));
  return db;
}

