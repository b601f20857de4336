// The cross-session recall index: one SQLite FTS5 database in the user's cache directory, kept
// up to date incrementally. pi only appends to a session file, so a file that grew is read from
// the byte offset where the last read stopped; a file that shrank, or whose indexed prefix
// changed (hash of the bytes just before that offset), is read again from the start. The
// database is only a cache: a corrupt or stale one (wrong schema version, any SQLite error) is
// deleted and rebuilt, and losing it loses nothing.
//
// Ranking does not use FTS5's bm25(): it scores every match, and common words match most of a
// large history (hundreds of ms per query). The store keeps its own postings instead (rows of
// [doc, tf, length|role] per term and segment, see recall/cross-postings.ts) and ranks them with
// typed arrays and a top-k heap; FTS5 (contentless) only answers where quoted phrases occur.
//
// Not re-exported from the engine barrel on purpose: importing it loads the native SQLite module,
// which only `recall --all` needs.
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import {
  boundedDistance,
  collectCallPaths,
  crossRank,
  packLengthRole,
  postingsView,
  roleCode,
  segmentPostings,
  TermTable,
  reversedPath,
  PREFIX_MIN,
  prefixTerms,
  type PhrasePostings,
  type WordPostings,
  docContent,
  fileMatches,
  finderFor,
  makeSnippet,
  parseRecallQuery,
  summaryLine,
  toFtsMatch,
  tokenize,
  typoBudget,
  type RecallMatcher,
  type RecallQuery,
  type RecallResult,
  type RecallRole,
  type RecallSnippet,
} from "../recall/index.js";
import { parseSession } from "../session/load.js";
import type { PiProfile, SessionEntry } from "../types.js";

/** Bump when the tables or what is indexed change: an index of another version is rebuilt. */
export const RECALL_SCHEMA_VERSION = 3;
/** A file's postings are merged back into one segment once appends made more than this many. */
const MAX_SEGMENTS = 8;
/** Bytes before the indexed offset whose hash proves the indexed prefix is unchanged. */
const TAIL_CHECK_BYTES = 4096;

/** $XDG_CACHE_HOME/pi-explorer/recall.sqlite, else ~/.cache/pi-explorer/recall.sqlite. */
export function recallCacheFile(env: Record<string, string | undefined>, home: string): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(home, ".cache");
  return join(base, "pi-explorer", "recall.sqlite");
}

/** Every `*.jsonl` under a sessions directory (pi keeps one folder per project), sorted. */
export function listSessionFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(".jsonl"))
    .map((n) => join(dir, n))
    .filter((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    })
    .sort();
}

export interface RecallCacheUpdate {
  files: number;
  unchanged: number;
  /** Files read only from where the last read stopped. */
  appended: number;
  /** Files read from the start (new, shrunk, or prefix changed). */
  reindexed: number;
  removed: number;
  docsAdded: number;
  /** Files that could not be read: one line each, naming the file. */
  failed: string[];
}

export interface CrossSessionHit {
  rank: number;
  /** BM25 over all indexed sessions (higher is better); 0 for regex and filter listings. */
  score: number;
  sessionPath: string;
  sessionId: string;
  entryId: string;
  ref: number | null;
  role: RecallRole;
  files: string[];
  summary: string;
  snippet: RecallSnippet | null;
}

export interface CrossSessionPage {
  query: string;
  /** Matches in total; a lower bound when `totalIsLowerBound` (a regex scan stopped early). */
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  hits: CrossSessionHit[];
  corrections: Record<string, string[]>;
  timedOut: boolean;
  sessions: number;
}

export interface CrossSessionSearchOptions {
  page?: number;
  pageSize?: number;
  now?: () => number;
  budgetMs?: number;
}

interface FileRow {
  id: number;
  path: string;
  size: number;
  mtime_ms: number;
  offset: number;
  tail_hash: string;
  session_id: string;
  next_ref: number;
  appendable: number;
  doc_count: number;
  token_count: number;
  segments: number;
}

interface DocRow {
  id: number;
  entry_id: string;
  ref: number | null;
  role: RecallRole;
  tools: string;
  files: string;
  is_error: number;
  path: string;
  session_id: string;
  text: string;
  score?: number;
}

const SCHEMA = `
CREATE TABLE files(
  id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, size INTEGER NOT NULL, mtime_ms REAL NOT NULL,
  offset INTEGER NOT NULL, tail_hash TEXT NOT NULL, session_id TEXT NOT NULL, next_ref INTEGER NOT NULL,
  appendable INTEGER NOT NULL, doc_count INTEGER NOT NULL DEFAULT 0, token_count INTEGER NOT NULL DEFAULT 0,
  segments INTEGER NOT NULL DEFAULT 1);
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

/** Prefix expansion looks at this many terms (in order) before keeping the closest forms. */
const PREFIX_SCAN = 500;

const sha = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

function readRange(path: string, from: number, to: number): Uint8Array {
  const fd = openSync(path, "r");
  try {
    const out = new Uint8Array(Math.max(0, to - from));
    let off = 0;
    while (off < out.length) {
      const n = readSync(fd, out, off, out.length - off, from + off);
      if (n === 0) break;
      off += n;
    }
    return out.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}

function statFile(path: string): { size: number; mtimeMs: number } {
  const fd = openSync(path, "r");
  try {
    const s = fstatSync(fd);
    if (s.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    return { size: s.size, mtimeMs: s.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/** Bytes up to and including the last newline (a line still being written is left for later). */
function completeLines(bytes: Uint8Array): number {
  const nl = bytes.lastIndexOf(10);
  if (nl === bytes.length - 1) return bytes.length;
  // A final line without a newline counts when it is a whole JSON value (hand-written files).
  try {
    JSON.parse(Buffer.from(bytes.subarray(nl + 1)).toString("utf8"));
    return bytes.length;
  } catch {
    return nl + 1;
  }
}

function parseAppendedLines(bytes: Uint8Array): SessionEntry[] {
  const out: SessionEntry[] = [];
  for (const line of Buffer.from(bytes).toString("utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      const v = JSON.parse(line) as unknown;
      if (v && typeof v === "object" && !Array.isArray(v) && (v as SessionEntry).type !== "session" && typeof (v as SessionEntry).id === "string")
        out.push(v as SessionEntry);
    } catch {
      // A damaged line: pi skips it too.
    }
  }
  return out;
}

const isSqliteError = (e: unknown): boolean => e instanceof Error && (e.name === "SqliteError" || /SQLITE|database/i.test(e.message));

export class RecallCache {
  private readonly statements = new Map<string, Database.Statement>();

  private constructor(
    private db: Database.Database,
    readonly path: string,
    /** Why the database was rebuilt on open (corrupt, stale schema), or null. */
    readonly rebuiltBecause: string | null,
  ) {}

  /** Open (creating or rebuilding as needed) the index at `path`. */
  static open(path: string): RecallCache {
    mkdirSync(dirname(path), { recursive: true });
    try {
      const db = RecallCache.connect(path);
      const version = db.pragma("user_version", { simple: true }) as number;
      const hasTables = (db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number }).n > 0;
      if (version === RECALL_SCHEMA_VERSION && hasTables) return new RecallCache(db, path, null);
      db.close();
      return RecallCache.rebuild(path, hasTables ? `schema version ${version}, expected ${RECALL_SCHEMA_VERSION}` : null);
    } catch (error) {
      if (!isSqliteError(error)) throw error;
      return RecallCache.rebuild(path, `unreadable (${(error as Error).message})`);
    }
  }

  private static connect(path: string): Database.Database {
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

  private static rebuild(path: string, reason: string | null): RecallCache {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(path + suffix, { force: true });
    const db = RecallCache.connect(path);
    db.exec(SCHEMA);
    db.pragma(`user_version = ${RECALL_SCHEMA_VERSION}`);
    return new RecallCache(db, path, reason);
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
      const fresh = RecallCache.rebuild(this.path, `SQLite error (${(error as Error).message})`);
      this.db = fresh.db;
      this.statements.clear();
      return work();
    }
  }

  /** Bring the index in line with exactly these session files (others are dropped from it). */
  update(paths: readonly string[], profile: PiProfile): RecallCacheUpdate {
    return this.guarded(() => this.updateNow(paths, profile));
  }

  private updateNow(paths: readonly string[], profile: PiProfile): RecallCacheUpdate {
    const stats: RecallCacheUpdate = { files: paths.length, unchanged: 0, appended: 0, reindexed: 0, removed: 0, docsAdded: 0, failed: [] };
    const rows = new Map((this.db.prepare("SELECT * FROM files").all() as FileRow[]).map((r) => [r.path, r]));
    const wanted = new Set(paths);
    for (const [path, row] of rows) {
      if (wanted.has(path)) continue;
      this.db.transaction(() => this.dropFile(row.id))();
      stats.removed++;
    }
    for (const path of paths) {
      let st: { size: number; mtimeMs: number };
      try {
        st = statFile(path);
      } catch (error) {
        stats.failed.push(`${path}: cannot read (${(error as { code?: string }).code ?? String(error)})`);
        continue;
      }
      const row = rows.get(path);
      if (row && row.size === st.size && row.mtime_ms === st.mtimeMs) {
        stats.unchanged++;
        continue;
      }
      if (row && row.appendable && st.size >= row.offset && this.prefixUnchanged(path, row)) {
        stats.docsAdded += this.db.transaction(() => this.appendFile(row, path, st))();
        stats.appended++;
      } else {
        stats.docsAdded += this.db.transaction(() => this.indexWholeFile(row?.id, path, st, profile))();
        stats.reindexed++;
      }
    }
    // Fold the write-ahead log into the database now, so the first query after a big build does
    // not pay for it.
    if (stats.docsAdded || stats.removed || stats.reindexed) this.db.pragma("wal_checkpoint(TRUNCATE)");
    return stats;
  }

  private prefixUnchanged(path: string, row: FileRow): boolean {
    const from = Math.max(0, row.offset - TAIL_CHECK_BYTES);
    return sha(readRange(path, from, row.offset)) === row.tail_hash;
  }

  private dropFile(fileId: number): void {
    this.db.prepare("DELETE FROM docs_fts WHERE rowid IN (SELECT id FROM docs WHERE file_id = ?)").run(fileId);
    this.db.prepare("DELETE FROM texts WHERE id IN (SELECT id FROM docs WHERE file_id = ?)").run(fileId);
    this.db.prepare("DELETE FROM postings WHERE file_id = ?").run(fileId);
    this.db.prepare("DELETE FROM doc_tools WHERE file_id = ?").run(fileId);
    this.db.prepare("DELETE FROM doc_paths WHERE file_id = ?").run(fileId);
    this.db.prepare("DELETE FROM docs WHERE file_id = ?").run(fileId);
    this.db.prepare("DELETE FROM calls WHERE file_id = ?").run(fileId);
    this.db.prepare("DELETE FROM files WHERE id = ?").run(fileId);
  }

  private indexWholeFile(oldId: number | undefined, path: string, st: { size: number; mtimeMs: number }, profile: PiProfile): number {
    if (oldId !== undefined) this.dropFile(oldId);
    const bytes = readRange(path, 0, st.size);
    const offset = completeLines(bytes);
    const loaded = parseSession(bytes.subarray(0, offset), profile);
    const tailHash = sha(bytes.subarray(Math.max(0, offset - TAIL_CHECK_BYTES), offset));
    // Only v3 files grow by plain appends; older ones are rewritten by pi's migration first.
    const appendable = loaded.invalid === undefined && loaded.fileVersion >= 3 ? 1 : 0;
    const info = this.db
      .prepare("INSERT INTO files(path, size, mtime_ms, offset, tail_hash, session_id, next_ref, appendable) VALUES (?, ?, ?, ?, ?, ?, 0, ?)")
      .run(path, st.size, st.mtimeMs, offset, tailHash, loaded.header?.id ?? "", appendable);
    const fileId = Number(info.lastInsertRowid);
    if (loaded.invalid !== undefined) return 0;
    return this.insertEntries(fileId, loaded.entries, 0);
  }

  private appendFile(row: FileRow, path: string, st: { size: number; mtimeMs: number }): number {
    const bytes = readRange(path, row.offset, st.size);
    const used = completeLines(bytes);
    const newOffset = row.offset + used;
    const tailFrom = Math.max(0, newOffset - TAIL_CHECK_BYTES);
    const tailHash = used === 0 ? row.tail_hash : sha(readRange(path, tailFrom, newOffset));
    const entries = parseAppendedLines(bytes.subarray(0, used));
    const added = this.insertEntries(row.id, entries, row.next_ref);
    const segments = added ? row.segments + 1 : row.segments;
    this.db
      .prepare("UPDATE files SET size = ?, mtime_ms = ?, offset = ?, tail_hash = ?, segments = ? WHERE id = ?")
      .run(st.size, st.mtimeMs, newOffset, tailHash, segments, row.id);
    if (segments > MAX_SEGMENTS) this.mergeSegments(row.id);
    return added;
  }

  /**
   * Folds a file's postings into one row per term. Each append adds a segment, and a query reads
   * every segment of its terms, so a session that grew through many updates would slow queries.
   */
  private mergeSegments(fileId: number): void {
    const rows = this.db.prepare("SELECT term, df, data FROM postings WHERE file_id = ? ORDER BY term, rowid").all(fileId) as { term: string; df: number; data: Buffer }[];
    this.db.prepare("DELETE FROM postings WHERE file_id = ?").run(fileId);
    const insert = this.db.prepare("INSERT INTO postings(term, file_id, df, data) VALUES (?, ?, ?, ?)");
    for (let i = 0; i < rows.length; ) {
      let j = i;
      let df = 0;
      while (j < rows.length && rows[j].term === rows[i].term) df += rows[j++].df;
      // Segments were written in file order, so their docs stay ascending when joined.
      insert.run(rows[i].term, fileId, df, j - i === 1 ? rows[i].data : Buffer.concat(rows.slice(i, j).map((r) => r.data)));
      i = j;
    }
    this.db.prepare("UPDATE files SET segments = 1 WHERE id = ?").run(fileId);
  }

  /** Index entries in file order; `firstRef` is the `#N` of the first message entry among them. */
  private insertEntries(fileId: number, entries: readonly SessionEntry[], firstRef: number): number {
    const callPaths = collectCallPaths(entries);
    const insertCall = this.db.prepare("INSERT OR REPLACE INTO calls(file_id, call_id, paths) VALUES (?, ?, ?)");
    for (const [id, paths] of callPaths) insertCall.run(fileId, id, paths.join("\n"));
    // A result whose call was indexed by an earlier read finds the call's paths in the table.
    const findCall = this.db.prepare("SELECT paths FROM calls WHERE file_id = ? AND call_id = ?");
    const lookup = {
      get(id: string): string[] | undefined {
        const known = callPaths.get(id);
        if (known) return known;
        const r = findCall.get(fileId, id) as { paths: string } | undefined;
        return r ? r.paths.split("\n") : undefined;
      },
    };
    const insertDoc = this.db.prepare("INSERT INTO docs(file_id, entry_id, ref, role, tools, files, is_error) VALUES (?, ?, ?, ?, ?, ?, ?)");
    const insertText = this.db.prepare("INSERT INTO texts(id, text) VALUES (?, ?)");
    const insertFts = this.db.prepare("INSERT INTO docs_fts(rowid, text) VALUES (?, ?)");
    const insertTool = this.db.prepare("INSERT INTO doc_tools(tool, doc_id, file_id) VALUES (?, ?, ?)");
    const insertPath = this.db.prepare("INSERT INTO doc_paths(rpath, doc_id, file_id) VALUES (?, ?, ?)");
    const table = new TermTable();
    const docIds: number[] = [];
    const lengthRoles: number[] = [];
    let tokens = 0;
    let ref = firstRef;
    for (const entry of entries) {
      const isMessage = entry.type === "message" && !!entry.message && typeof entry.message === "object";
      const myRef = isMessage ? ref++ : null;
      const content = docContent(entry, lookup);
      if (!content) continue;
      const info = insertDoc.run(fileId, entry.id, myRef, content.role, `|${content.tools.join("|")}|`, content.files.join("\n"), content.isError ? 1 : 0);
      const id = Number(info.lastInsertRowid);
      insertText.run(id, content.text);
      insertFts.run(id, content.text);
      for (const tool of new Set(content.tools)) insertTool.run(tool, id, fileId);
      for (const path of new Set(content.files)) insertPath.run(reversedPath(path), id, fileId);
      const length = table.addText(content.text, docIds.length);
      docIds.push(id);
      lengthRoles.push(packLengthRole(length, roleCode(content.role)));
      tokens += length;
    }
    const insertPostings = this.db.prepare("INSERT INTO postings(term, file_id, df, data) VALUES (?, ?, ?, ?)");
    for (const row of segmentPostings(table, docIds, lengthRoles)) insertPostings.run(row.term, fileId, row.df, Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength));
    this.db
      .prepare("UPDATE files SET next_ref = ?, doc_count = doc_count + ?, token_count = token_count + ? WHERE id = ?")
      .run(ref, docIds.length, tokens, fileId);
    return docIds.length;
  }

  /** Ranked search over every indexed session. */
  search(query: RecallQuery | string, opts: CrossSessionSearchOptions = {}): RecallResult<CrossSessionPage> {
    const parsed = typeof query === "string" ? parseRecallQuery(query) : { ok: true as const, value: query };
    if (!parsed.ok) return parsed;
    return this.guarded(() => this.searchNow(parsed.value, opts));
  }

  private searchNow(q: RecallQuery, opts: CrossSessionSearchOptions): RecallResult<CrossSessionPage> {
    const pageSize = Math.max(1, Math.floor(opts.pageSize ?? 10));
    const page = Math.floor(opts.page ?? 1);
    if (page < 1) return { ok: false, message: `Page ${opts.page} is outside the available range (pages start at 1).` };
    const sessions = (this.stmt("SELECT count(*) AS n FROM files").get() as { n: number }).n;
    let rows: DocRow[];
    let total: number;
    let lowerBound = false;
    let timedOut = false;
    let corrections: Record<string, string[]> = {};
    const offset = (page - 1) * pageSize;
    if (q.matcher.kind === "terms") {
      const ranked = this.rankTerms(q.matcher.words, q.matcher.phrases, q, page * pageSize);
      corrections = ranked.corrections;
      total = ranked.total;
      rows = ranked.top.slice(offset).map((t) => ({ ...this.docRow(t.doc), score: t.score }));
    } else if (q.matcher.kind === "regex") {
      const { where, params } = filterSql(q);
      const scan = this.regexScan(q.matcher, where, params, page * pageSize, opts);
      timedOut = scan.timedOut;
      total = scan.rows.length;
      lowerBound = scan.more || timedOut;
      rows = scan.rows.slice(offset);
    } else {
      const ids = this.filteredIds(q);
      total = ids.length;
      rows = ids.slice(offset, offset + pageSize).map((id) => this.docRow(id));
    }
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    if (page > pageCount && total > 0 && !lowerBound) return { ok: false, message: `Page ${page} is outside the available range 1-${pageCount} (${total} matches).` };
    const hits = rows.map((r, i) => toHit(r, offset + i + 1, q.matcher, corrections));
    return { ok: true, value: { query: q.text, total, totalIsLowerBound: lowerBound, page, pageCount, pageSize, hits, corrections, timedOut, sessions } };
  }

  /** Statements prepared once per connection (a query runs a handful of them many times). */
  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  private docRow(id: number): DocRow {
    return this.stmt(
      "SELECT d.id, d.entry_id, d.ref, d.role, d.tools, d.files, d.is_error, f.path, f.session_id, t.text FROM docs d JOIN files f ON f.id = d.file_id JOIN texts t ON t.id = d.id WHERE d.id = ?",
    ).get(id) as DocRow;
  }

  /** Every stored row of a term's postings, one per segment. */
  private lists(term: string): Int32Array[] {
    return (this.stmt("SELECT data FROM postings WHERE term = ?").pluck().all(term) as Uint8Array[]).map(postingsView);
  }

  /** Distinct index terms in [from, to), in order, at most `limit`. */
  private termsBetween(from: string, to: string, limit: number): string[] {
    return this.stmt("SELECT DISTINCT term FROM postings WHERE term >= ? AND term < ? ORDER BY term LIMIT ?").pluck().all(from, to, limit) as string[];
  }

  private rankTerms(words: string[], phrases: string[][], q: RecallQuery, k: number) {
    const corrections: Record<string, string[]> = {};
    const wordPostings: WordPostings[] = words.map((w) => {
      const { variants, corrected } = this.expandWord(w);
      if (corrected) corrections[w] = variants.map((v) => v.term);
      return { variants: variants.map((v) => ({ weight: v.weight, lists: this.lists(v.term) })) };
    });
    const phrasePostings: PhrasePostings[] = phrases.map((phrase) => {
      const lists = [...new Set(phrase)].map((t) => this.lists(t));
      if (lists.some((l) => l.length === 0)) return { docs: [], lists: [] };
      const docs = this.stmt("SELECT rowid FROM docs_fts WHERE docs_fts MATCH ?").pluck().all(toFtsMatch({ kind: "terms", words: [], phrases: [phrase] })) as number[];
      return { docs, lists: lists.flat() };
    });
    const sums = this.stmt("SELECT coalesce(sum(doc_count), 0) AS n, coalesce(sum(token_count), 0) AS tokens FROM files").get() as { n: number; tokens: number };
    const maxDoc = (this.stmt("SELECT coalesce(max(id), 0) AS m FROM docs").get() as { m: number }).m;
    const outcome = crossRank({
      words: wordPostings,
      phrases: phrasePostings,
      n: sums.n,
      avgLength: sums.n ? sums.tokens / sums.n : 0,
      maxDoc,
      accept: this.filterFor(q, maxDoc),
      k,
    });
    return { ...outcome, corrections };
  }

  /** The docs a word stands for: itself, longer words it prefixes, or (when neither exists) near spellings. */
  private expandWord(word: string): { variants: { term: string; weight: number }[]; corrected: boolean } {
    const variants: { term: string; weight: number }[] = [];
    if (this.stmt("SELECT 1 FROM postings WHERE term = ? LIMIT 1").get(word)) variants.push({ term: word, weight: 1 });
    if (word.length >= PREFIX_MIN) for (const term of prefixTerms(this.termsBetween(word, `${word}\uffff`, PREFIX_SCAN + 1), word)) variants.push({ term, weight: 0.5 });
    if (variants.length) return { variants, corrected: false };
    const typos = this.typoTerms(word);
    return { variants: typos.map((term) => ({ term, weight: 0.4 })), corrected: typos.length > 0 };
  }

  /** Index terms within a small edit distance of `word` that start with its first letter. */
  private typoTerms(word: string): string[] {
    const k = typoBudget(word.length);
    if (!k) return [];
    const first = word[0];
    return this.termsBetween(first, `${first}\uffff`, -1)
      .map((term) => ({ term, d: boundedDistance(word, term, k) }))
      .filter((x) => x.d <= k)
      .sort((a, b) => a.d - b.d || (a.term < b.term ? -1 : 1))
      .slice(0, 10)
      .map((x) => x.term);
  }

  /** The role:/tool:/file: filters as a test on a matching doc (tools and files are looked up once). */
  private filterFor(q: RecallQuery, maxDoc: number): (doc: number, role: number) => boolean {
    const { roles } = q.filters;
    const roleOk = new Uint8Array(8).fill(roles.length ? 0 : 1);
    for (const r of roles) roleOk[roleCode(r)] = 1;
    const allowed = this.toolAndFileDocs(q.filters, maxDoc);
    if (!allowed) return (_doc, role) => roleOk[role] === 1;
    return (doc, role) => roleOk[role] === 1 && allowed[doc] === 1;
  }

  /** Docs passing the tool: and file: filters (a doc id -> 1 mask), or null when there are none. */
  private toolAndFileDocs(filters: RecallQuery["filters"], maxDoc: number): Uint8Array | null {
    const { tools, files } = filters;
    if (!tools.length && !files.length) return null;
    const mask = new Uint8Array(maxDoc + 1);
    // Each key present adds one vote; a doc passes with a vote from every key.
    const keys = (tools.length ? 1 : 0) + (files.length ? 1 : 0);
    const vote = (ids: Iterable<number>, seen: Uint8Array): void => {
      for (const id of ids) {
        if (seen[id]) continue;
        seen[id] = 1;
        mask[id]++;
      }
    };
    if (tools.length) {
      const seen = new Uint8Array(maxDoc + 1);
      for (const t of tools) vote(this.stmt("SELECT doc_id FROM doc_tools WHERE tool = ?").pluck().iterate(t) as Iterable<number>, seen);
    }
    if (files.length) {
      const seen = new Uint8Array(maxDoc + 1);
      const byPath = this.stmt("SELECT doc_id FROM doc_paths WHERE rpath = ? OR (rpath >= ? AND rpath < ?)").pluck();
      for (const f of files) {
        const r = reversedPath(f);
        vote(byPath.iterate(r, `${r}/`, `${r}0`) as Iterable<number>, seen);
      }
    }
    for (let i = 0; i < mask.length; i++) mask[i] = mask[i] === keys ? 1 : 0;
    return mask;
  }

  /** Docs passing the filters alone, in file order (a listing without words). */
  private filteredIds(q: RecallQuery): number[] {
    const maxDoc = (this.stmt("SELECT coalesce(max(id), 0) AS m FROM docs").get() as { m: number }).m;
    const { roles } = q.filters;
    const byRole = roles.length
      ? (this.db.prepare(`SELECT id FROM docs WHERE role IN (${roles.map(() => "?").join(", ")}) ORDER BY id`).pluck().all(...roles) as number[])
      : null;
    const allowed = this.toolAndFileDocs(q.filters, maxDoc);
    if (!allowed) return byRole ?? (this.stmt("SELECT id FROM docs ORDER BY id").pluck().all() as number[]);
    const out: number[] = [];
    if (byRole) {
      for (const id of byRole) if (allowed[id]) out.push(id);
    } else for (let id = 0; id < allowed.length; id++) if (allowed[id]) out.push(id);
    return out;
  }

  private regexScan(
    matcher: Extract<RecallMatcher, { kind: "regex" }>,
    where: string,
    params: unknown[],
    want: number,
    opts: CrossSessionSearchOptions,
  ): { rows: DocRow[]; more: boolean; timedOut: boolean } {
    const now = opts.now ?? (() => 0);
    const deadline = now() + (opts.budgetMs ?? 2000);
    const finder = finderFor(matcher, new Set());
    const rows: DocRow[] = [];
    const stmt = this.db.prepare(
      `SELECT d.id, d.entry_id, d.ref, d.role, d.tools, d.files, d.is_error, f.path, f.session_id, t.text FROM docs d JOIN files f ON f.id = d.file_id JOIN texts t ON t.id = d.id WHERE 1 ${where} ORDER BY d.id`,
    );
    for (const row of stmt.iterate(...params) as Iterable<DocRow>) {
      if (now() > deadline) return { rows, more: true, timedOut: true };
      if (finder && finder.first(row.text) >= 0) {
        if (rows.length === want) return { rows, more: true, timedOut: false };
        rows.push(row);
      }
    }
    return { rows, more: false, timedOut: false };
  }
}

function filterSql(q: RecallQuery): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const { roles, tools, files } = q.filters;
  if (roles.length) {
    parts.push(`d.role IN (${roles.map(() => "?").join(", ")})`);
    params.push(...roles);
  }
  if (tools.length) {
    parts.push(`(${tools.map(() => "instr(d.tools, ?) > 0").join(" OR ")})`);
    params.push(...tools.map((t) => `|${t}|`));
  }
  if (files.length) {
    parts.push(`d.files != '' AND (${files.map(() => "file_match(d.files, ?)").join(" OR ")})`);
    params.push(...files);
  }
  return { where: parts.map((p) => `AND ${p}`).join(" "), params };
}

function toHit(r: DocRow, rank: number, matcher: RecallMatcher, corrections: Record<string, string[]>): CrossSessionHit {
  const tools = r.tools.split("|").filter(Boolean);
  let snippet: RecallSnippet | null = null;
  if (matcher.kind !== "none") {
    const words = matcher.kind === "terms" ? matcher.words.flatMap((w) => corrections[w] ?? [w]) : [];
    const matchTerms = new Set(tokenize(r.text).filter((t) => words.some((w) => t === w || (w.length >= 3 && t.startsWith(w)))));
    const finder = finderFor(matcher, matchTerms);
    snippet = finder ? makeSnippet(r.text, finder) : null;
  }
  return {
    rank,
    score: r.score ?? 0,
    sessionPath: r.path,
    sessionId: r.session_id,
    entryId: r.entry_id,
    ref: r.ref,
    role: r.role,
    files: r.files ? r.files.split("\n") : [],
    summary: summaryLine(r.role, r.text, r.is_error === 1, tools),
    snippet,
  };
}
