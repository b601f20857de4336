// Bringing the recall index in line with the session files. pi only appends to a session file, so
// a file that grew is read from the byte offset where the last read stopped; a file that shrank,
// or whose indexed prefix changed (hash of the bytes just before that offset), is read again from
// the start.
import type Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { collectCallPaths, docContent, packLengthRole, reversedPath, roleCode, segmentPostings, TermTable } from "../recall/index.js";
import { loadFromScan } from "../session/load.js";
import { scanSessionText } from "../session/scan.js";
import type { PiProfile, SessionEntry } from "../types.js";
import { isListedByPi, listedValues } from "./sessions.js";

/** A file's postings are merged back into one segment once appends made more than this many. */
const MAX_SEGMENTS = 8;
/** Bytes before the indexed offset whose hash proves the indexed prefix is unchanged. */
const TAIL_CHECK_BYTES = 4096;

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
}

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

/** Writes to the index; `update` runs each file's changes in a transaction of its own. */
export class RecallIndexWriter {
  constructor(private readonly db: Database.Database) {}

  /** Bring the index in line with exactly these session files (others are dropped from it). */
  update(paths: readonly string[], profile: PiProfile): RecallCacheUpdate {
    const stats: RecallCacheUpdate = { files: paths.length, unchanged: 0, appended: 0, reindexed: 0, removed: 0, unlisted: 0, docsAdded: 0, failed: [] };
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
        if (!row.listed) stats.unlisted++;
        continue;
      }
      const read =
        row && row.appendable && st.size >= row.offset && this.prefixUnchanged(path, row)
          ? this.db.transaction(() => this.appendFile(row, path, st, profile))()
          : this.db.transaction(() => this.indexWholeFile(row?.id, path, st, profile))();
      if (read.whole) stats.reindexed++;
      else stats.appended++;
      stats.docsAdded += read.docs;
      if (!read.listed) stats.unlisted++;
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

  /**
   * Reads the whole file. Whether pi lists it is judged on the complete lines read, like the docs
   * (pi's listing also sees a line still being written, which is nearly always malformed and skipped).
   */
  private indexWholeFile(oldId: number | undefined, path: string, st: { size: number; mtimeMs: number }, profile: PiProfile): FileRead {
    if (oldId !== undefined) this.dropFile(oldId);
    const bytes = readRange(path, 0, st.size);
    const offset = completeLines(bytes);
    const scan = scanSessionText(bytes.subarray(0, offset), profile);
    const loaded = loadFromScan(scan, profile);
    const listed = isListedByPi(listedValues(scan, profile), profile);
    const tailHash = sha(bytes.subarray(Math.max(0, offset - TAIL_CHECK_BYTES), offset));
    // Only v3 files grow by plain appends; older ones are rewritten by pi's migration first.
    const appendable = loaded.invalid === undefined && loaded.fileVersion >= 3 ? 1 : 0;
    const info = this.db
      .prepare("INSERT INTO files(path, size, mtime_ms, offset, tail_hash, session_id, next_ref, appendable, listed) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)")
      .run(path, st.size, st.mtimeMs, offset, tailHash, loaded.header?.id ?? "", appendable, listed ? 1 : 0);
    const fileId = Number(info.lastInsertRowid);
    if (loaded.invalid !== undefined || !listed) return { docs: 0, listed, whole: true };
    return { docs: this.insertEntries(fileId, loaded.entries, 0), listed, whole: true };
  }

  private appendFile(row: FileRow, path: string, st: { size: number; mtimeMs: number }, profile: PiProfile): FileRead {
    const bytes = readRange(path, row.offset, st.size);
    const used = completeLines(bytes);
    if (row.listed && !appendedLinesKeepListing(bytes.subarray(0, used), profile)) return this.indexWholeFile(row.id, path, st, profile);
    const newOffset = row.offset + used;
    const tailFrom = Math.max(0, newOffset - TAIL_CHECK_BYTES);
    const tailHash = used === 0 ? row.tail_hash : sha(readRange(path, tailFrom, newOffset));
    const entries = row.listed ? parseAppendedLines(bytes.subarray(0, used)) : [];
    const added = this.insertEntries(row.id, entries, row.next_ref);
    const segments = added ? row.segments + 1 : row.segments;
    this.db
      .prepare("UPDATE files SET size = ?, mtime_ms = ?, offset = ?, tail_hash = ?, segments = ? WHERE id = ?")
      .run(st.size, st.mtimeMs, newOffset, tailHash, segments, row.id);
    if (segments > MAX_SEGMENTS) this.mergeSegments(row.id);
    return { docs: added, listed: row.listed === 1, whole: false };
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
}
