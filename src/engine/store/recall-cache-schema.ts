// The recall index's SQLite database: its tables, and opening it, rebuilding it from nothing when
// it is corrupt or of another schema version (it is only a cache; see recall-cache.ts).
import Database from "better-sqlite3";
import { mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { fileMatches } from "../recall/index.js";

/** Bump when the tables or what is indexed change: an index of another version is rebuilt. */
export const RECALL_SCHEMA_VERSION = 4;

const SCHEMA = `
CREATE TABLE files(
  id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, size INTEGER NOT NULL, mtime_ms REAL NOT NULL,
  offset INTEGER NOT NULL, tail_hash TEXT NOT NULL, session_id TEXT NOT NULL, next_ref INTEGER NOT NULL,
  appendable INTEGER NOT NULL, doc_count INTEGER NOT NULL DEFAULT 0, token_count INTEGER NOT NULL DEFAULT 0,
  segments INTEGER NOT NULL DEFAULT 1, listed INTEGER NOT NULL DEFAULT 1);
CREATE TABLE docs(
  id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, entry_id TEXT NOT NULL, ref INTEGER, role TEXT NOT NULL,
  tools TEXT NOT NULL, files TEXT NOT NULL, is_error INTEGER NOT NULL);
CREATE INDEX docs_file ON docs(file_id);
CREATE INDEX docs_role ON docs(role);
CREATE TABLE doc_tools(tool TEXT NOT NULL, doc_id INTEGER NOT NULL, file_id INTEGER NOT NULL);
CREATE INDEX doc_tools_tool ON doc_tools(tool);
CREATE INDEX doc_tools_file ON doc_tools(file_id);
CREATE TABLE doc_paths(rpath TEXT NOT NULL, doc_id INTEGER NOT NULL, file_id INTEGER NOT NULL);
CREATE INDEX doc_paths_rpath ON doc_paths(rpath);
CREATE INDEX doc_paths_file ON doc_paths(file_id);
CREATE TABLE texts(id INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE postings(term TEXT NOT NULL, file_id INTEGER NOT NULL, df INTEGER NOT NULL, data BLOB NOT NULL);
CREATE INDEX postings_term ON postings(term);
CREATE INDEX postings_file ON postings(file_id);
CREATE TABLE calls(file_id INTEGER NOT NULL, call_id TEXT NOT NULL, paths TEXT NOT NULL, PRIMARY KEY(file_id, call_id));
CREATE VIRTUAL TABLE docs_fts USING fts5(text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0');
`;

export const isSqliteError = (e: unknown): boolean => e instanceof Error && (e.name === "SqliteError" || /SQLITE|database/i.test(e.message));

/** Open (creating or rebuilding as needed) the database at `path`; `rebuiltBecause` says why it was rebuilt, or is null. */
export function openRecallDb(path: string): { db: Database.Database; rebuiltBecause: string | null } {
  mkdirSync(dirname(path), { recursive: true });
  try {
    const db = connect(path);
    const version = db.pragma("user_version", { simple: true }) as number;
    const hasTables = (db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number }).n > 0;
    if (version === RECALL_SCHEMA_VERSION && hasTables) return { db, rebuiltBecause: null };
    db.close();
    return { db: createRecallDb(path), rebuiltBecause: hasTables ? `schema version ${version}, expected ${RECALL_SCHEMA_VERSION}` : null };
  } catch (error) {
    if (!isSqliteError(error)) throw error;
    return { db: createRecallDb(path), rebuiltBecause: `unreadable (${(error as Error).message})` };
  }
}

function connect(path: string): Database.Database {
  const db = new Database(path);
  db.pragma("busy_timeout = 5000");
  db.pragma("journal_mode = WAL");
  // A cache: losing the last transaction to a power cut only means re-reading that file.
  db.pragma("synchronous = NORMAL");
  db.function("file_match", { deterministic: true }, (files: unknown, wanted: unknown) =>
    String(files).split("\n").some((f) => f !== "" && fileMatches(f, String(wanted))) ? 1 : 0,
  );
  return db;
}

/** Deletes whatever database is at `path` and creates an empty one of the current schema. */
export function createRecallDb(path: string): Database.Database {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(path + suffix, { force: true });
  const db = connect(path);
  db.exec(SCHEMA);
  db.pragma(`user_version = ${RECALL_SCHEMA_VERSION}`);
  return db;
}
