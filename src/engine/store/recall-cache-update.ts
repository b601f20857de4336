// Bringing the recall index in line with the session files. pi only appends to a session file, so
// a file that grew is read from the byte offset where the last read stopped; a file that shrank,
// or whose indexed prefix changed (hash of the bytes just before that offset), is read again from
// the start.
import { sha256Hex } from "../serialize/index.js";
import { scanSessionText } from "../session/scan.js";
import type { PiProfile, SessionEntry } from "../types.js";
import { PreparePool, type PoolOptions } from "./recall-cache-prepare-pool.js";
import { PendingPostings, type PostingsRow } from "./recall-cache-pending.js";
import { chainedRow, lastDocOf, rowsBySegment, type RowPart } from "./recall-cache-run-rows.js";
import { ReadBuffers } from "./read-buffers.js";
import { completeLines, planUpdate, prepareEntries, prepareWholeFile, readRange, TAIL_CHECK_BYTES, type FileToRead, type PreparedFile, type PreparedSegment } from "./recall-cache-prepare.js";
import { isListedByPi, listedValues } from "./sessions.js";
import { CALL_PATHS_SQL, callLookup, hasStagedPostings, TERM_IN_USE } from "./recall-cache-schema.js";
import { sqliteFault, type SqliteDb, type SqliteStatement, type SqlValue } from "./sqlite.js";
import { decodeTermIds, encodeTermIds, unionSorted } from "./term-id-list.js";

export { readRange } from "./recall-cache-prepare.js";

/** A file's postings are merged back into one segment once appends made more than this many. */
const MAX_SEGMENTS = 8;

/**
 * A transaction whose files read whole hold at least this many bytes of postings writes them as a
 * run of their own (recall-cache-schema.ts); smaller ones go into postings. A run writes one row
 * per term for all its files, so a transaction of many small sessions (about 12 MB of them) is
 * worth one: the folder of 300 small sessions built in 1.6-1.8 s against 2.0-2.3 s, its index
 * 8.4 MB against 13.1 MB.
 */
const RUN_MIN_BYTES = 1_000_000;
/** A query reads a term's rows from each run: beyond this many, the runs are folded into postings (written again once). */
const MAX_RUNS = 64;
/** Rows one INSERT statement writes (insertRows). */
const ROWS_PER_INSERT = 32;

export interface RecallCacheUpdate {
  files: number;
  unchanged: number;
  /** Files read only from where the last read stopped. */
  appended: number;
  /** Files read from the start (new, shrunk, or prefix changed). */
  reindexed: number;
  removed: number;
  /**
   * Files pi's listing skips (its SessionInfo build throws, e.g. on a message entry whose "message"
   * is null): kept in the index with no docs, so no hit names a session pi's /resume cannot offer.
   */
  unlisted: number;
  docsAdded: number;
  /** Files that could not be read: one line each, naming the file. */
  failed: string[];
  /** Files left to read because `shouldStop` said so (the next update continues with them). */
  left: number;
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
  listed: number;
  /** The run holding the postings of its first read (0: none; its appends are in postings). */
  run: number;
}

/** Appended whole lines as entries, each with where its line starts (relative to `bytes`) and its length. */
function parseAppendedLines(bytes: Uint8Array): { entries: SessionEntry[]; spans: number[] } {
  const entries: SessionEntry[] = [];
  const spans: number[] = [];
  let from = 0;
  while (from < bytes.length) {
    let nl = bytes.indexOf(10, from);
    if (nl < 0) nl = bytes.length;
    const line = Buffer.from(bytes.buffer, bytes.byteOffset + from, nl - from).toString("utf8");
    if (line.trim()) {
      try {
        const v = JSON.parse(line) as unknown;
        if (v && typeof v === "object" && !Array.isArray(v) && (v as SessionEntry).type !== "session" && typeof (v as SessionEntry).id === "string") {
          entries.push(v as SessionEntry);
          spans.push(from, nl - from);
        }
      } catch {
        // A damaged line: pi skips it too.
      }
    }
    from = nl + 1;
  }
  return { entries, spans };
}

/**
 * Whether a file pi lists still is listed after these appended whole lines. pi's listing throws on
 * an entry for reasons of that entry alone (the header is judged once, with the file's first
 * lines), so the appended values are checked behind a stand-in header, without the lines before.
 */
function appendedLinesKeepListing(bytes: Uint8Array, profile: PiProfile): boolean {
  if (bytes.length === 0) return true;
  return isListedByPi([{ type: "session" }, ...listedValues(scanSessionText(bytes, profile), profile)], profile);
}

/** What reading one file added to the index, and whether pi's listing keeps the file. */
interface FileRead {
  docs: number;
  listed: boolean;
  /** Read from the start (new, changed prefix, or an append that made pi skip the file). */
  whole: boolean;
}

/** How far an update is: files and bytes looked at so far, of how many. */
export interface UpdateProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}

export interface UpdateOptions {
  /** Called after each transaction of files that had to be read (not for unchanged ones), once it is committed. */
  onProgress?: (progress: UpdateProgress) => void;
  /** Asked before each file that has to be read but the first: true stops there (the app builds in slices between frames; each reads one file at least). */
  shouldStop?: () => boolean;
  /** Worker threads preparing new files (recall-cache-prepare-pool.ts); false: all in this thread. */
  workers?: PoolOptions | false;
  /** Test seam: RUN_MIN_BYTES and MAX_RUNS. */
  runs?: { minBytes?: number; max?: number };
  /** False: whole files are read through the page cache (read-uncached.ts; the bench compares the two). */
  directReads?: boolean;
}

/** One stored row of a term's postings for a file. */
interface SegmentRow {
  seg: number;
  df: number;
  data: Uint8Array;
  pos: Uint8Array;
}

/** An index up to this size is compacted after a large read (worthCompacting): VACUUM takes well under a second. */
const COMPACT_MAX_BYTES = 32 * 1024 * 1024;
/** ... when the bytes read were at least 1/this of what the index covers. */
const COMPACT_READ_SHARE = 4;

/** When the tokens of removed or re-read files are this share of those left, the database is compacted (droppedMuch). */
const GIVE_BACK_SHARE = 0.1;

/**
 * A build writes files in transactions of several, each file in a savepoint; a transaction's
 * postings are written when it ends, sorted, as one run (or staged, when few). A transaction ends
 * after this long, so an interrupted build loses at most the files of its last second (progress
 * counts only committed files), and a build of a few GB makes a few dozen runs.
 */
const BATCH_MS = 1000;
/** ... or after this many bytes of sessions. */
const BATCH_BYTES = 256_000_000;

/** Writes to the index; an interrupted build keeps every file of the transactions it finished (BATCH_MS). */
export class RecallIndexWriter {
  /** Term ids looked up or added in the current transaction (see termIds). */
  private readonly knownTerms = new Map<string, number>();
  /** Postings rows of the files read whole in the current transaction (writePending). */
  private pendingRows = new PendingPostings();
  private runMinBytes = RUN_MIN_BYTES;
  private readonly statements = new Map<string, SqliteStatement>();
  /** `stmt` where a helper takes something that prepares statements. */
  private readonly statementCache = { prepare: (sql: string) => this.stmt(sql) };
  constructor(private readonly db: SqliteDb) {}

  /** Staged postings into postings (moveStagedPostings), when there are any. */
  private moveStaged(): void {
    if (hasStagedPostings(this.statementCache)) this.db.transaction(() => moveStagedPostings(this.db));
  }

  /** Statements prepared once per writer (an update runs each of them for every file, term or doc). */
  private stmt(sql: string): SqliteStatement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  /** Bring the index in line with exactly these session files (others are dropped from it). */
  update(paths: readonly string[], profile: PiProfile, options: UpdateOptions = {}): RecallCacheUpdate {
    const stats: RecallCacheUpdate = { files: paths.length, unchanged: 0, appended: 0, reindexed: 0, removed: 0, unlisted: 0, docsAdded: 0, failed: [], left: 0 };
    this.runMinBytes = options.runs?.minBytes ?? RUN_MIN_BYTES;
    // Postings an interrupted update left staged go where searches read them.
    this.moveStaged();
    const rows = new Map(this.stmt("SELECT * FROM files").all<FileRow>().map((r) => [r.path, r]));
    const plan = planUpdate(paths, rows.keys(), (path) => {
      const row = rows.get(path);
      return row && { size: row.size, mtimeMs: row.mtime_ms, listed: row.listed === 1 };
    }, stats);
    const pending = plan.read;
    // A file that cannot be looked at now leaves the index too: a fresh index would not have it,
    // and a search would find its lines gone and take the index for damaged. (Counted as removed,
    // and named among the failures: a search that met its lines gone sees that the update changed the index.)
    let dropped = 0;
    for (const path of plan.drop) dropped += this.db.transaction(() => this.dropFile(rows.get(path)!.id));
    const progress: UpdateProgress = { files: 0, totalFiles: pending.length, bytes: 0, totalBytes: pending.reduce((n, p) => n + p.size, 0) };
    // Files new to the index are read whole: worker threads prepare the next ones while this one is
    // written. Files the index holds (appends, mostly) are read first, in order (their places in `pending`);
    // then the new ones as the pool has them ready, so a large session does not hold up the writing
    // of those after it.
    const held: number[] = [];
    const fresh: FileToRead[] = [];
    const freshAt: number[] = [];
    pending.forEach((p, i) => {
      if (rows.has(p.path)) held.push(i);
      else {
        fresh.push(p);
        freshAt.push(i);
      }
    });
    const freshIndex = new Map(fresh.map((p, k) => [p.path, k]));
    // Files read whole in this thread (here or by the pool) are read into the same few buffers, file after file.
    const buffers = new ReadBuffers({ directReads: options.directReads });
    // Taken as they are ready: the largest are started first.
    const pool = options.workers === false ? null : PreparePool.start(fresh, profile, { order: "largest-first", ...options.workers }, buffers);
    let heldTaken = 0;
    let freshTaken = 0;
    const nextToRead = (): number => {
      if (heldTaken < held.length) return held[heldTaken++];
      const k = pool ? pool.nextReady() : freshTaken < fresh.length ? freshTaken : -1;
      if (k < 0) throw new Error("recall index update: no file left to read");
      freshTaken++;
      return freshAt[k];
    };
    const readOne = (i: number): void => {
      const { path, size, mtimeMs } = pending[i];
      const st = { size, mtimeMs };
      const k = freshIndex.get(path);
      const prepared = k === undefined ? null : pool ? pool.take(k) : prepareWholeFile(path, st, profile, { buffers });
      // The row is read again under the write lock: another process may have indexed the file meanwhile.
      const read = this.db.transaction(() => {
        const row = this.stmt("SELECT * FROM files WHERE path = ?").get<FileRow>(path);
        if (row && row.size === st.size && row.mtime_ms === st.mtimeMs) return null;
        if (row && row.appendable && st.size >= row.offset && this.prefixUnchanged(path, row)) return this.appendFile(row, path, st, profile);
        if (row) dropped += row.token_count;
        return this.indexWholeFile(row?.id, path, prepared ?? prepareWholeFile(path, st, profile, { buffers }));
      });
      progress.files++;
      progress.bytes += size;
      if (!read) {
        stats.unchanged++;
        return;
      }
      if (read.whole) stats.reindexed++;
      else stats.appended++;
      stats.docsAdded += read.docs;
      if (!read.listed) stats.unlisted++;
    };
    try {
      // Files read so far.
      let n = 0;
      let failure: { error: unknown } | null = null;
      while (n < pending.length && !failure) {
        // At least one transaction a call: a caller building in slices always gets somewhere.
        if (n > 0 && options.shouldStop?.()) break;
        // Several files to a transaction, each in a savepoint of its own (see BATCH_MS).
        this.db.transaction(() => {
          const started = Date.now();
          let bytes = 0;
          // Ids of terms found or added in this transaction (another process can delete a term out of use between two).
          this.knownTerms.clear();
          this.pendingRows = new PendingPostings();
          do {
            const rowsBefore = this.pendingRows.length;
            const i = nextToRead();
            try {
              readOne(i);
            } catch (error) {
              // The database's own faults end the batch; a file that cannot be read keeps the files before it.
              if (sqliteFault(error) !== null) throw error;
              failure = { error };
              // Its savepoint took back the terms it added, and its rows go with it.
              this.knownTerms.clear();
              this.pendingRows.truncate(rowsBefore);
              break;
            }
            bytes += pending[i].size;
            n++;
          } while (n < pending.length && Date.now() - started < BATCH_MS && bytes < BATCH_BYTES && !options.shouldStop?.());
          this.writePending();
        });
        // Told once they are committed: files shown as done stay done when the build is interrupted.
        options.onProgress?.({ ...progress });
      }
      if (failure) throw (failure as { error: unknown }).error;
      stats.left = pending.length - n;
    } finally {
      this.knownTerms.clear();
      this.pendingRows = new PendingPostings();
      pool?.close();
      // Also after a failure: what was committed is searchable (a failing move is left for the next update).
      try {
        this.moveStaged();
      } catch {
        // The search sees staged postings and brings the index up to date first.
      }
    }
    if (this.runCount() > (options.runs?.max ?? MAX_RUNS)) this.db.transaction(() => this.foldRuns());
    const wrote = stats.reindexed + stats.appended > 0;
    const compact = (dropped > 0 && this.droppedMuch(dropped)) || (wrote && stats.left === 0 && this.worthCompacting(progress.bytes));
    if (compact) {
      this.db.exec(`DELETE FROM terms AS t WHERE NOT ${TERM_IN_USE}`);
      try {
        this.db.exec("VACUUM");
      } catch {
        // Compacting needs room for a second copy; without it the index stays as written, and whole.
      }
    }
    // Free pages go back to the disk (replaced per-file rows leave some even when nothing was dropped).
    else if (dropped > 0 || wrote) this.db.exec("PRAGMA incremental_vacuum");
    return stats;
  }

  /**
   * Whether to write the database again compactly after reading `readBytes` of sessions. Rows of
   * one file go in among every other file's, so pages split and end up part empty (about a fifth
   * of the postings table after a first build); VACUUM writes every table in order into full
   * pages. It rewrites the whole file, so only when the read was a large share of what the index
   * covers (a first build, a big change) and the index is small enough to cost little.
   */
  private worthCompacting(readBytes: number): boolean {
    const bytes = (this.stmt("PRAGMA page_count").value<number>() ?? 0) * (this.stmt("PRAGMA page_size").value<number>() ?? 0);
    if (bytes > COMPACT_MAX_BYTES) return false;
    const covered = this.stmt("SELECT coalesce(sum(offset), 0) FROM files").value<number>() ?? 0;
    return readBytes * COMPACT_READ_SHARE >= covered;
  }

  /**
   * Whether `dropped` tokens (of removed or re-read files) are much of what is left. A file's rows
   * are spread over the pages of every term it holds, so deleting it mostly leaves pages part
   * empty, which only compacting gives back.
   */
  private droppedMuch(dropped: number): boolean {
    const left = this.stmt("SELECT coalesce(sum(token_count), 0) FROM files").value<number>() ?? 0;
    return dropped > left * GIVE_BACK_SHARE;
  }

  private prefixUnchanged(path: string, row: FileRow): boolean {
    const from = Math.max(0, row.offset - TAIL_CHECK_BYTES);
    return sha256Hex(readRange(path, from, row.offset)) === row.tail_hash;
  }

  /** Deletes a file and everything indexed from it; returns how many tokens went. */
  private dropFile(fileId: number): number {
    const { tokens, run } = this.stmt("SELECT token_count AS tokens, run FROM files WHERE id = ?").get<{ tokens: number; run: number }>(fileId) ?? { tokens: 0, run: 0 };
    // A run's rows hold every file of it: its files' rows go into postings first, where each is the file's own.
    if (run > 0) this.dissolveRun(run);
    // A term no postings row uses any more is out of use (its row goes when space is given back).
    const deletePostings = this.stmt("DELETE FROM postings WHERE term_id = ? AND file_id = ?");
    for (const termId of this.termIdsOf(fileId)) deletePostings.run(termId, fileId);
    // Rows another process staged and has not moved yet (a scan, only when there are any).
    if (hasStagedPostings(this.statementCache)) this.stmt("DELETE FROM postings_stage WHERE file_id = ?").run(fileId);
    // A file's docs are the id ranges of its segments (docs has no index by file).
    const deleteDocs = this.stmt("DELETE FROM docs WHERE id >= ? AND id < ?");
    for (const s of this.stmt("SELECT first_doc AS first, length(lengths) / 4 AS n FROM segs WHERE file_id = ?").all<{ first: number; n: number }>(fileId)) deleteDocs.run(s.first, s.first + s.n);
    for (const table of ["file_terms", "seg_tools", "seg_paths", "segs", "calls"]) this.stmt(`DELETE FROM ${table} WHERE file_id = ?`).run(fileId);
    this.stmt("DELETE FROM files WHERE id = ?").run(fileId);
    return tokens;
  }

  /** Writes a file read whole (prepareWholeFile), in place of what the index held of it. */
  private indexWholeFile(oldId: number | undefined, path: string, file: PreparedFile): FileRead {
    if (oldId !== undefined) this.dropFile(oldId);
    const info = this
      .stmt("INSERT INTO files(path, size, mtime_ms, offset, tail_hash, session_id, next_ref, appendable, listed) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)")
      .run(path, file.size, file.mtimeMs, file.offset, file.tailHash, file.sessionId, file.appendable ? 1 : 0, file.listed ? 1 : 0);
    const fileId = info.lastInsertRowid;
    if (!file.segment) return { docs: 0, listed: file.listed, whole: true };
    return { docs: this.insertSegment(fileId, file.segment, "pending"), listed: file.listed, whole: true };
  }

  private appendFile(row: FileRow, path: string, st: { size: number; mtimeMs: number }, profile: PiProfile): FileRead {
    const bytes = readRange(path, row.offset, st.size);
    const used = completeLines(bytes);
    if (row.listed && !appendedLinesKeepListing(bytes.subarray(0, used), profile)) return this.indexWholeFile(row.id, path, prepareWholeFile(path, st, profile));
    const newOffset = row.offset + used;
    const tailFrom = Math.max(0, newOffset - TAIL_CHECK_BYTES);
    const tailHash = used === 0 ? row.tail_hash : sha256Hex(readRange(path, tailFrom, newOffset));
    const { entries, spans } = row.listed ? parseAppendedLines(bytes.subarray(0, used)) : { entries: [], spans: [] };
    // A result whose call was indexed by an earlier read finds the call's paths in the table.
    const earlier = callLookup(this.stmt(CALL_PATHS_SQL), row.id);
    // Straight into postings: a merge of the file's segments may follow.
    const added = this.insertSegment(row.id, prepareEntries(entries, spans, row.offset, row.next_ref, earlier), "postings");
    const segments = added ? row.segments + 1 : row.segments;
    this
      .stmt("UPDATE files SET size = ?, mtime_ms = ?, offset = ?, tail_hash = ?, segments = ? WHERE id = ?")
      .run(st.size, st.mtimeMs, newOffset, tailHash, segments, row.id);
    if (segments > MAX_SEGMENTS) this.mergeSegments(row.id, row.run);
    return { docs: added, listed: row.listed === 1, whole: false };
  }

  /**
   * Folds a file's postings into one row per term. Each append adds a segment, and a query reads
   * every segment of its terms, so a session that grew through many updates would slow queries.
   */
  private mergeSegments(fileId: number, run: number): void {
    // Its first read may be in a run, its appends are in postings: the run's rows go into postings first.
    if (run > 0) this.dissolveRun(run);
    const rowsOf = this.stmt("SELECT seg, df, data, pos FROM postings WHERE term_id = ? AND file_id = ?");
    const remove = this.stmt("DELETE FROM postings WHERE term_id = ? AND file_id = ?");
    const insert = this.stmt("INSERT INTO postings(term_id, file_id, seg, df, data, pos) VALUES (?, ?, ?, ?, ?, ?)");
    for (const termId of this.termIdsOf(fileId)) {
      const rows = rowsOf.all<SegmentRow>(termId, fileId).sort((a, b) => a.seg - b.seg);
      if (rows.length < 2) continue;
      remove.run(termId, fileId);
      // Segments were written in file order, so their docs stay ascending when chained; positions are per doc, so theirs simply follow each other.
      const merged = chainedRow(rows.map((r) => ({ first: 0, last: lastDocOf(r), df: r.df, data: r.data, pos: r.pos })));
      insert.run(termId, fileId, rows[0].seg, merged.df, merged.data, merged.pos);
    }
    this.stmt("UPDATE files SET segments = 1 WHERE id = ?").run(fileId);
  }

  /** Ids of the terms a file has postings for, ascending. */
  private termIdsOf(fileId: number): number[] {
    const ids = this.stmt("SELECT ids FROM file_terms WHERE file_id = ?").value<Uint8Array>(fileId);
    return ids ? decodeTermIds(ids) : [];
  }

  /** Ids of `terms` (each added with the next id when new), in the order given. */
  private termIds(terms: readonly string[]): number[] {
    const find = this.stmt("SELECT id FROM terms WHERE term = ?");
    const add = this.stmt("INSERT INTO terms(term, id) VALUES (?, ?)");
    let next = this.stmt("SELECT value FROM meta WHERE key = 'next_term'").value<number>() ?? 0;
    const before = next;
    const ids = new Array<number>(terms.length);
    const cache = this.knownTerms;
    // Terms this transaction met already need no lookup (nor an order to look them up in).
    const unknown: number[] = [];
    for (let t = 0; t < terms.length; t++) {
      const known = cache.get(terms[t]);
      if (known === undefined) unknown.push(t);
      else ids[t] = known;
    }
    // Looked up in term order: the terms B-tree is then walked front to back (and new ids follow that order).
    unknown.sort((a, b) => (terms[a] < terms[b] ? -1 : terms[a] > terms[b] ? 1 : 0));
    for (const t of unknown) {
      const known = find.value<number>(terms[t]);
      if (known !== undefined) ids[t] = known;
      else {
        add.run(terms[t], next);
        ids[t] = next++;
      }
      cache.set(terms[t], ids[t]);
    }
    if (next !== before) this.stmt("INSERT INTO meta(key, value) VALUES ('next_term', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(next);
    return ids;
  }

  /**
   * Writes the docs of one read (their ids are consecutive: a segment is known by its first).
   * `postings`: its postings go straight there (an append); `pending`: they wait for the end of
   * the transaction (writePending), with the other files read whole in it.
   */
  private insertSegment(fileId: number, seg: PreparedSegment, postingsTo: "postings" | "pending"): number {
    this.insertRows("INSERT OR REPLACE INTO calls(file_id, call_id, paths)", 3, seg.calls.length, (r, p, a) => {
      p[a] = fileId;
      p[a + 1] = seg.calls[r][0];
      p[a + 2] = seg.calls[r][1];
    });
    const n = seg.entryIds.length;
    // The ids a rowid table would give (one past the highest), set here: a segment is a range of them.
    const first = (this.stmt("SELECT max(id) FROM docs").value<number>() ?? 0) + 1;
    this.insertRows("INSERT INTO docs(id, file_id, entry_id, ref, role, tools, is_error, off, len)", 9, n, (i, p, a) => {
      p[a] = first + i;
      p[a + 1] = fileId;
      p[a + 2] = seg.entryIds[i];
      p[a + 3] = seg.refs[i];
      p[a + 4] = seg.roles[i];
      p[a + 5] = seg.tools[i];
      p[a + 6] = seg.isError[i];
      p[a + 7] = seg.offs[i];
      p[a + 8] = seg.lens[i];
    });
    if (n) {
      this.stmt("INSERT INTO segs(file_id, first_doc, lengths) VALUES (?, ?, ?)").run(fileId, first, seg.lengths);
      const insertTool = this.stmt("INSERT INTO seg_tools(tool, file_id, first_doc, docs) VALUES (?, ?, ?, ?)");
      for (const [tool, docs] of seg.toolDocs) insertTool.run(tool, fileId, first, docs);
      const insertPath = this.stmt("INSERT INTO seg_paths(rpath, file_id, first_doc, docs) VALUES (?, ?, ?, ?)");
      for (const [rpath, docs] of seg.pathDocs) insertPath.run(rpath, fileId, first, docs);
      const ids = this.termIds(seg.terms);
      // In term id order: the postings B-tree is then written front to back, not at random.
      const order = ids.map((_, t) => t).sort((a, b) => ids[a] - ids[b]);
      // A segment is known by its first doc: segments of a file stay in file order.
      if (postingsTo === "pending") this.pendingRows.add(fileId, first, seg, ids, order);
      else {
        const rows = new PendingPostings();
        rows.add(fileId, first, seg, ids, order);
        this.insertPostings(rows);
      }
      const sorted = order.map((t) => ids[t]);
      const held = this.termIdsOf(fileId);
      this.stmt("INSERT OR REPLACE INTO file_terms(file_id, ids) VALUES (?, ?)").run(fileId, encodeTermIds(held.length ? unionSorted(held, sorted) : sorted));
    }
    this.stmt("UPDATE files SET next_ref = ?, doc_count = doc_count + ?, token_count = token_count + ? WHERE id = ?").run(seg.nextRef, n, seg.tokens, fileId);
    return n;
  }

  /**
   * Writes the postings of the files read whole in this transaction: many, as a new run, sorted
   * (appended at the end of run_postings); few, into postings, sorted. Either way a search on
   * another connection (the picker's, while its worker builds) finds them once the transaction commits.
   */
  private writePending(): void {
    const rows = this.pendingRows;
    if (!rows.length) return;
    if (rows.bytes() < this.runMinBytes) {
      this.insertPostings(rows, rows.byTerm());
      return;
    }
    // A run number neither a file nor a range holds. Runs are numbered up and appended past the
    // highest rowid, so the last row's run is the highest any range has (a range goes with its
    // last rows); read from one row, where max(run) of run_terms reads them all.
    const run = (this.stmt("SELECT max(coalesce((SELECT max(run) FROM files), 0), coalesce((SELECT run FROM run_postings ORDER BY id DESC LIMIT 1), 0))").value<number>() ?? 0) + 1;
    const order = rows.byTerm();
    // One row per term, its files' rows chained (recall-cache-run-rows.ts), appended past the highest rowid in term order.
    const base = (this.stmt("SELECT max(id) FROM run_postings").value<number>() ?? 0) + 1;
    const termOf = (k: number): number => rows.termId(order[k]);
    const firstOfTerm: number[] = [];
    for (let k = 0; k < order.length; k++) if (k === 0 || termOf(k) !== termOf(k - 1)) firstOfTerm.push(k);
    firstOfTerm.push(order.length);
    const terms = firstOfTerm.length - 1;
    this.insertRows(`INSERT INTO run_postings(id, run, ${POSTINGS_COLUMNS})`, 8, terms, (g, p, a) => {
      const parts: RowPart[] = [];
      for (let k = firstOfTerm[g]; k < firstOfTerm[g + 1]; k++) parts.push(rows.part(order[k]));
      const row = chainedRow(parts);
      p[a] = base + g;
      p[a + 1] = run;
      putPostingsRow({ termId: termOf(firstOfTerm[g]), fileId: 0, seg: row.firstDoc, df: row.df, data: row.data, pos: row.pos }, p, a + 2);
    });
    // A term's range of rows in the run: its one row.
    this.insertRows("INSERT INTO run_terms(term_id, run, first, last)", 4, terms, (g, p, a) => {
      p[a] = termOf(firstOfTerm[g]);
      p[a + 1] = run;
      p[a + 2] = base + g;
      p[a + 3] = base + g;
    });
    const setRun = this.stmt("UPDATE files SET run = ? WHERE id = ?");
    const files = new Set<number>();
    for (let i = 0; i < rows.length; i++) files.add(rows.fileId(i));
    for (const fileId of files) setRun.run(run, fileId);
  }

  /**
   * Inserts `count` rows of `width` values, several to a statement (each call into SQLite costs
   * about as much as a small row); `fill(row, params, at)` writes a row's values at params[at…].
   * The rows are never gathered in one array: a first build's ran to millions of values, which
   * landed in the old generation and were collected there.
   */
  private insertRows(head: string, width: number, count: number, fill: (row: number, params: SqlValue[], at: number) => void): void {
    const tuple = `(${new Array<string>(width).fill("?").join(", ")})`;
    const sql = (rows: number) => `${head} VALUES ${new Array<string>(rows).fill(tuple).join(", ")}`;
    let i = 0;
    if (count >= ROWS_PER_INSERT) {
      const full = this.stmt(sql(ROWS_PER_INSERT));
      const params = new Array<SqlValue>(ROWS_PER_INSERT * width);
      for (; i + ROWS_PER_INSERT <= count; i += ROWS_PER_INSERT) {
        for (let r = 0; r < ROWS_PER_INSERT; r++) fill(i + r, params, r * width);
        full.run(...params);
      }
    }
    if (i === count) return;
    const params = new Array<SqlValue>((count - i) * width);
    for (let r = 0; i + r < count; r++) fill(i + r, params, r * width);
    this.stmt(sql(count - i)).run(...params);
  }

  /** `rows` into postings, in the order they were added or in `order` (their indexes). */
  private insertPostings(rows: PendingPostings, order?: readonly number[]): void {
    this.insertRows(`INSERT INTO postings(${POSTINGS_COLUMNS})`, 6, rows.length, (i, p, a) => putPostingsRow(rows.row(order ? order[i] : i), p, a));
  }

  /** Runs some file's first read is in. */
  private runCount(): number {
    return this.stmt("SELECT count(DISTINCT run) FROM files WHERE run > 0").value<number>() ?? 0;
  }

  /**
   * A run's rows split back into one row per term, file and segment in postings (as an index built
   * without runs holds them), and the run gone: a file of it is then deleted or merged on its own.
   */
  private dissolveRun(run: number): void {
    const segments = this.stmt("SELECT s.first_doc AS first, s.file_id AS fileId FROM segs s JOIN files f ON f.id = s.file_id WHERE f.run = ? ORDER BY s.first_doc").all<{ first: number; fileId: number }>(run);
    const starts = segments.map((s) => s.first);
    // A run's rows were appended together: one range of rowids.
    const span = this.stmt("SELECT min(first) AS first, max(last) AS last FROM run_terms WHERE run = ?").get<{ first: number | null; last: number | null }>(run);
    const rowids = [span?.first ?? 0, span?.last ?? -1];
    const rowsOf = this.stmt("SELECT term_id AS termId, df, data, pos FROM run_postings WHERE id BETWEEN ? AND ? AND run = ? ORDER BY id");
    const out: PostingsRow[] = [];
    for (const row of rowsOf.all<{ termId: number; df: number; data: Uint8Array; pos: Uint8Array }>(...rowids, run)) {
      for (const { segment, row: part } of rowsBySegment(row, starts)) {
        out.push({ termId: row.termId, fileId: segments[segment].fileId, seg: starts[segment], df: part.df, data: part.data, pos: part.pos });
      }
    }
    this.insertRows(`INSERT INTO postings(${POSTINGS_COLUMNS})`, 6, out.length, (i, p, a) => putPostingsRow(out[i], p, a));
    this.stmt("DELETE FROM run_postings WHERE id BETWEEN ? AND ? AND run = ?").run(...rowids, run);
    this.stmt("DELETE FROM run_terms WHERE run = ?").run(run);
    this.stmt("UPDATE files SET run = 0 WHERE run = ?").run(run);
  }

  /** Every run into postings: a query then reads a term's rows in one place again. */
  private foldRuns(): void {
    for (const run of this.stmt("SELECT DISTINCT run FROM run_terms ORDER BY run").values<number>()) this.dissolveRun(run);
    // Rows outside every range of their run, which searches never read and dissolving leaves.
    this.db.exec("DELETE FROM run_postings");
    this.db.exec("DELETE FROM run_terms");
    this.db.exec("UPDATE files SET run = 0 WHERE run > 0");
  }
}

/** A postings row's columns, in the order putPostingsRow writes them. */
const POSTINGS_COLUMNS = "term_id, file_id, seg, df, data, pos";

/** Row `r`'s values (POSTINGS_COLUMNS) at p[a…]. */
function putPostingsRow(r: PostingsRow, p: SqlValue[], a: number): void {
  p[a] = r.termId;
  p[a + 1] = r.fileId;
  p[a + 2] = r.seg;
  p[a + 3] = r.df;
  p[a + 4] = r.data;
  p[a + 5] = r.pos;
}

/**
 * Staged postings into postings, in key order. Rows staged file after file would otherwise go in
 * among every other file's rows, each transaction rewriting pages all over the table; sorted, the
 * whole move writes each page about once.
 */
function moveStagedPostings(db: SqliteDb): void {
  db.exec("INSERT INTO postings(term_id, file_id, seg, df, data, pos) SELECT term_id, file_id, seg, df, data, pos FROM postings_stage ORDER BY term_id, file_id, seg");
  db.exec("DELETE FROM postings_stage");
}
