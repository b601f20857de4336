// One small SQLite interface over the two drivers the recall index can run on: Node's built-in
// node:sqlite (Node 22.13 and later) and better-sqlite3 (an optional dependency: a
// native module whose install may fail without a compiler). Neither may load; callers then search
// without a cache. Both are loaded synchronously through require, so nothing is bundled.
import { createRequire } from "node:module";

export type SqliteDriverName = "node:sqlite" | "better-sqlite3";
/** Which driver to use: the first that loads ("auto"), one of them, or none (tests, a user's choice). */
export type SqliteChoice = "auto" | "node" | "better" | "none";

export type SqlValue = number | string | bigint | Uint8Array | null;

export interface SqliteStatement {
  run(...params: SqlValue[]): { changes: number; lastInsertRowid: number };
  get<T = Record<string, unknown>>(...params: SqlValue[]): T | undefined;
  all<T = Record<string, unknown>>(...params: SqlValue[]): T[];
  /** The first column of every row. */
  values<T = unknown>(...params: SqlValue[]): T[];
  /** The first column of the first row, or undefined. */
  value<T = unknown>(...params: SqlValue[]): T | undefined;
}

export interface SqliteDb {
  readonly driver: SqliteDriverName;
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  /**
   * Runs `work` in one write transaction (BEGIN IMMEDIATE: the write lock is taken up front);
   * called inside another, a savepoint: a failure there undoes only that part.
   */
  transaction<T>(work: () => T): T;
  /**
   * Runs `work` in one read transaction: its statements all see the database as it was when the
   * first of them ran, whatever another connection commits meanwhile (a writer waits for it to end).
   * Inside a transaction, `work` simply runs in that one.
   */
  snapshot<T>(work: () => T): T;
  close(): void;
}

export interface SqliteOpenOptions {
  readOnly?: boolean;
}

export interface SqliteDriver {
  readonly name: SqliteDriverName;
  open(path: string, options?: SqliteOpenOptions): SqliteDb;
}

/** What kind of failure an SQLite error is; null for anything that is not an SQLite error. */
export type SqliteFault = "corrupt" | "busy" | "full" | "readonly" | "cantopen" | "io" | "other";

const PRIMARY_CODES: Record<number, SqliteFault> = { 11: "corrupt", 26: "corrupt", 5: "busy", 6: "busy", 13: "full", 8: "readonly", 14: "cantopen", 10: "io", 3: "readonly", 23: "readonly" };
const NAMED_CODES: Record<string, SqliteFault> = {
  SQLITE_CORRUPT: "corrupt",
  SQLITE_NOTADB: "corrupt",
  SQLITE_BUSY: "busy",
  SQLITE_LOCKED: "busy",
  SQLITE_FULL: "full",
  SQLITE_READONLY: "readonly",
  SQLITE_PERM: "readonly",
  SQLITE_AUTH: "readonly",
  SQLITE_CANTOPEN: "cantopen",
  SQLITE_IOERR: "io",
};

export function sqliteFault(error: unknown): SqliteFault | null {
  if (!(error instanceof Error)) return null;
  const e = error as Error & { code?: unknown; errcode?: unknown };
  // node:sqlite: code ERR_SQLITE_ERROR and the extended result code in errcode.
  if (e.code === "ERR_SQLITE_ERROR" && typeof e.errcode === "number") return PRIMARY_CODES[e.errcode & 0xff] ?? "other";
  // better-sqlite3: SqliteError with code SQLITE_<NAME>[_<EXTENDED>].
  if (e.name === "SqliteError" && typeof e.code === "string") {
    const primary = e.code.split("_").slice(0, 2).join("_");
    return NAMED_CODES[primary] ?? "other";
  }
  return null;
}

const require = createRequire(import.meta.url);

interface NodeStatement {
  run(...p: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...p: unknown[]): unknown;
  all(...p: unknown[]): unknown[];
}
interface NodeDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeStatement;
  close(): void;
}
interface BetterStatement extends NodeStatement {
  pluck(on?: boolean): BetterStatement;
}
interface BetterDatabase {
  exec(sql: string): void;
  prepare(sql: string): BetterStatement;
  close(): void;
}

const firstColumn = (row: unknown): unknown => {
  if (!row || typeof row !== "object") return undefined;
  for (const k in row) return (row as Record<string, unknown>)[k];
  return undefined;
};

class Transactions {
  private depth = 0;
  constructor(private readonly exec: (sql: string) => void) {}
  run<T>(work: () => T): T {
    if (this.depth > 0) return this.nested(work);
    this.exec("BEGIN IMMEDIATE");
    this.depth++;
    try {
      const out = work();
      this.exec("COMMIT");
      return out;
    } catch (error) {
      try {
        this.exec("ROLLBACK");
      } catch {
        // SQLite already rolled back (e.g. after SQLITE_FULL).
      }
      throw error;
    } finally {
      this.depth--;
    }
  }

  snapshot<T>(work: () => T): T {
    if (this.depth > 0) return work();
    this.exec("BEGIN");
    this.depth++;
    try {
      return work();
    } finally {
      this.depth--;
      try {
        this.exec("COMMIT");
      } catch {
        // Nothing was written: a read transaction that cannot commit is simply let go.
        try {
          this.exec("ROLLBACK");
        } catch {
          // Already gone.
        }
      }
    }
  }

  /** Inside a transaction: a savepoint, so a failing `work` undoes only itself (the outer one decides the rest). */
  private nested<T>(work: () => T): T {
    const name = `nested_${this.depth}`;
    this.exec(`SAVEPOINT ${name}`);
    this.depth++;
    try {
      const out = work();
      this.exec(`RELEASE ${name}`);
      return out;
    } catch (error) {
      try {
        this.exec(`ROLLBACK TO ${name}`);
        this.exec(`RELEASE ${name}`);
      } catch {
        // The whole transaction is gone already (e.g. after SQLITE_FULL).
      }
      throw error;
    } finally {
      this.depth--;
    }
  }
}

const runResult = (r: { changes: number | bigint; lastInsertRowid: number | bigint }) => ({ changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) });

function wrapNode(db: NodeDatabase): SqliteDb {
  const tx = new Transactions((sql) => db.exec(sql));
  return {
    driver: "node:sqlite",
    exec: (sql) => db.exec(sql),
    prepare(sql) {
      const s = db.prepare(sql);
      return {
        run: (...p) => runResult(s.run(...p)),
        get: <T>(...p: SqlValue[]) => s.get(...p) as T | undefined,
        all: <T>(...p: SqlValue[]) => s.all(...p) as T[],
        values: <T>(...p: SqlValue[]) => s.all(...p).map(firstColumn) as T[],
        value: <T>(...p: SqlValue[]) => firstColumn(s.get(...p)) as T | undefined,
      };
    },
    transaction: (work) => tx.run(work),
    snapshot: (work) => tx.snapshot(work),
    close: () => db.close(),
  };
}

function wrapBetter(db: BetterDatabase): SqliteDb {
  const tx = new Transactions((sql) => db.exec(sql));
  return {
    driver: "better-sqlite3",
    exec: (sql) => db.exec(sql),
    prepare(sql) {
      const s = db.prepare(sql);
      // A statement that returns no columns (INSERT, DELETE) cannot pluck.
      let plucked: BetterStatement | null = null;
      const pluck = (): BetterStatement => (plucked ??= db.prepare(sql).pluck());
      return {
        run: (...p) => runResult(s.run(...p)),
        get: <T>(...p: SqlValue[]) => s.get(...p) as T | undefined,
        all: <T>(...p: SqlValue[]) => s.all(...p) as T[],
        values: <T>(...p: SqlValue[]) => pluck().all(...p) as T[],
        value: <T>(...p: SqlValue[]) => pluck().get(...p) as T | undefined,
      };
    },
    transaction: (work) => tx.run(work),
    snapshot: (work) => tx.snapshot(work),
    close: () => db.close(),
  };
}

/** Whether a freshly opened in-memory database of this driver has what the index needs. */
function usable(db: SqliteDb): boolean {
  try {
    db.exec("CREATE TABLE probe(k TEXT PRIMARY KEY, v BLOB) WITHOUT ROWID");
    db.prepare("INSERT INTO probe VALUES ('one', x'01')").run();
    return db.prepare("SELECT count(*) FROM probe").value() === 1;
  } catch {
    return false;
  } finally {
    db.close();
  }
}

function nodeDriver(): SqliteDriver | string {
  let mod: { DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => NodeDatabase };
  try {
    mod = require("node:sqlite") as typeof mod;
  } catch {
    return "node:sqlite is not in this Node";
  }
  const open = (path: string, options: SqliteOpenOptions = {}) => wrapNode(new mod.DatabaseSync(path, { readOnly: options.readOnly === true }));
  try {
    if (!usable(open(":memory:"))) return "node:sqlite cannot hold the index's tables";
  } catch (error) {
    return `node:sqlite failed (${error instanceof Error ? error.message : String(error)})`;
  }
  return { name: "node:sqlite", open };
}

function betterDriver(): SqliteDriver | string {
  let Database: new (path: string, options?: { readonly?: boolean; fileMustExist?: boolean }) => BetterDatabase;
  try {
    Database = require("better-sqlite3") as typeof Database;
  } catch {
    return "better-sqlite3 is not installed";
  }
  const open = (path: string, options: SqliteOpenOptions = {}) =>
    wrapBetter(new Database(path, options.readOnly ? { readonly: true, fileMustExist: true } : {}));
  try {
    if (!usable(open(":memory:"))) return "better-sqlite3 cannot hold the index's tables";
  } catch (error) {
    // Installed but its native part does not load (built for another Node).
    return `better-sqlite3 does not load (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
  }
  return { name: "better-sqlite3", open };
}

const loaded = new Map<SqliteChoice, SqliteDriver | string>();

/** The driver to use, or why there is none (one line). Loaded once per choice. */
export function loadSqlite(choice: SqliteChoice = "auto"): SqliteDriver | string {
  let out = loaded.get(choice);
  if (out !== undefined) return out;
  if (choice === "none") out = "SQLite disabled";
  else if (choice === "node") out = nodeDriver();
  else if (choice === "better") out = betterDriver();
  else {
    const viaNode = nodeDriver();
    const viaBetter = typeof viaNode === "string" ? betterDriver() : viaNode;
    out = typeof viaBetter === "string" ? `neither node:sqlite (Node 22.13+) nor better-sqlite3 is available` : viaBetter;
  }
  loaded.set(choice, out);
  return out;
}

/** PI_EXPLORER_SQLITE=node|better|none picks a driver (default: the first that loads). */
export function sqliteChoiceFrom(env: Record<string, string | undefined>): SqliteChoice {
  const v = env.PI_EXPLORER_SQLITE;
  return v === "node" || v === "better" || v === "none" ? v : "auto";
}
