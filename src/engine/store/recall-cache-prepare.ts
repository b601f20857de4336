// What indexing a session file computes before anything is written: the file read and parsed,
// each entry's doc (role, tools, paths, where its line is), its words counted into postings
// (recall-cache-segment.ts; a whole file one line at a time where it can, recall-cache-stream.ts). It
// needs no database, so a first build runs it in a worker thread for the next files while the
// main thread writes the current one (recall-cache-prepare-pool.ts); an append runs it in place.
// Postings are encoded as if the segment's docs were numbered from 0: `withFirstDoc` shifts them
// to the ids the database gives the docs.
import { closeSync, fstatSync, openSync } from "node:fs";
import { sha256Hex } from "../serialize/index.js";
import { loadFromScan } from "../session/load.js";
import { scanSessionText } from "../session/scan.js";
import type { PiProfile, SessionEntry } from "../types.js";
import { NO_CALLS, SegmentBuilder, type CallLookup, type PreparedSegment } from "./recall-cache-segment.js";
import { streamWholeFile } from "./recall-cache-stream.js";
import { withWholeFile, type ReadBuffers } from "./read-buffers.js";
import { readFdRange } from "./read-fd-range.js";
import { varintLength, writeVarint } from "./varint.js";
import { isListedByPi, listedValues } from "./sessions.js";

export type { CallLookup, PreparedSegment } from "./recall-cache-segment.js";

/** Bytes before the indexed offset whose hash proves the indexed prefix is unchanged. */
export const TAIL_CHECK_BYTES = 4096;

/** Bytes [from, to) of the file at `path` (fewer when it is shorter); into `buffer` when given. */
export function readRange(path: string, from: number, to: number, buffer?: Buffer): Uint8Array {
  const fd = openSync(path, "r");
  try {
    return readFdRange(fd, from, Math.max(0, to - from), buffer);
  } finally {
    closeSync(fd);
  }
}

/** Size and time of the file at `path` (a folder is EISDIR: it cannot be read as a session). */
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

/** A file an update reads: where it is, and its size and time now. */
export interface FileToRead {
  path: string;
  size: number;
  mtimeMs: number;
}

/** The line an update's stats name a file it could not read with. */
export const cannotRead = (path: string, error: unknown): string => `${path}: cannot read (${(error as { code?: string } | null)?.code ?? String(error)})`;

/** What an update's stats say of the files it looked at (recall-cache-update.ts RecallCacheUpdate). */
interface PlanStats {
  unchanged: number;
  unlisted: number;
  removed: number;
  failed: string[];
}

/**
 * Which of `paths` an update reads: those `known` (what the index holds of a path: its size, time,
 * whether pi lists it) has not seen at their size and time now. Counted into `stats`: the
 * unchanged ones (and those pi does not list), the ones that could not be looked at (a line each),
 * and, of `held` (every path the index holds), those to remove: gone from `paths` or not to be
 * looked at now (a fresh index has neither); they are returned in `drop`.
 */
export function planUpdate(
  paths: readonly string[],
  held: Iterable<string>,
  known: (path: string) => { size: number; mtimeMs: number; listed: boolean } | undefined,
  stats: PlanStats,
): { read: FileToRead[]; drop: string[] } {
  const plan = planReads(paths, known);
  stats.failed.push(...plan.failed);
  stats.unchanged += plan.unchanged.length;
  for (const path of plan.unchanged) if (!known(path)!.listed) stats.unlisted++;
  const kept = new Set([...plan.unchanged, ...plan.read.map((p) => p.path)]);
  const drop = [...held].filter((path) => !kept.has(path));
  stats.removed += drop.length;
  return { read: plan.read, drop };
}

/**
 * Which of `paths` an update reads: those `known` (what the index holds of a path) has not seen at
 * their size and time now; the others are unchanged, or could not be looked at (`failed`, one line each).
 */
function planReads(paths: readonly string[], known: (path: string) => { size: number; mtimeMs: number } | undefined): { read: FileToRead[]; unchanged: string[]; failed: string[] } {
  const plan = { read: [] as FileToRead[], unchanged: [] as string[], failed: [] as string[] };
  for (const path of paths) {
    let st: { size: number; mtimeMs: number };
    try {
      st = statFile(path);
    } catch (error) {
      plan.failed.push(cannotRead(path, error));
      continue;
    }
    const row = known(path);
    if (row && row.size === st.size && row.mtimeMs === st.mtimeMs) plan.unchanged.push(path);
    else plan.read.push({ path, ...st });
  }
  return plan;
}

/** Bytes up to and including the last newline (a line still being written is left for later). */
export function completeLines(bytes: Uint8Array): number {
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

/** [start, length] of each physical line (1-based `lines`), flat, from where a byte scan found the lines start. */
function lineSpans(lineStarts: readonly number[], lines: readonly number[]): number[] {
  const out: number[] = [];
  for (const line of lines) {
    const start = lineStarts[line - 1];
    out.push(start, lineStarts[line] - 1 - start);
  }
  return out;
}

/** The buffers of a prepared file a worker can hand over instead of copying. */
export function transferables(file: PreparedFile): ArrayBuffer[] {
  if (!file.segment || file.segment.terms.length === 0) return [];
  const { postings, positions } = file.segment.rows;
  return [postings.bytes.buffer, postings.ends.buffer, positions.bytes.buffer, positions.ends.buffer, file.segment.lastDocs.buffer] as ArrayBuffer[];
}

/** A whole file read for the index. */
export interface PreparedFile {
  size: number;
  mtimeMs: number;
  /** Bytes of complete lines (what was indexed). */
  offset: number;
  tailHash: string;
  sessionId: string;
  /** v3 as written: it grows by plain appends. */
  appendable: boolean;
  listed: boolean;
  /** Null when the file holds nothing to index (not a session, or pi's listing skips it). */
  segment: PreparedSegment | null;
}

/** How a file is read (both seams: the default is what a build does). */
export interface PrepareOptions {
  stream?: boolean;
  cutLines?: boolean;
}

/**
 * Reads and prepares the whole file, `size` bytes of it. Whether pi lists it is judged on the
 * complete lines read, like the docs (pi's listing also sees a line still being written, which
 * is nearly always malformed and skipped). `stream: false` loads the file whole even where it could
 * be read a line at a time (tests compare the two); `cutLines: false` parses its long lines whole
 * (the bench compares the two). `buffers`: read into one of these (a build reading file after file;
 * read-buffers.ts).
 */
export function prepareWholeFile(path: string, st: { size: number; mtimeMs: number }, profile: PiProfile, options: PrepareOptions & { buffers?: ReadBuffers } = {}): PreparedFile {
  const { buffers } = options;
  if (!buffers) return prepareFileBytes(readRange(path, 0, st.size), st, profile, options);
  // What was prepared holds none of the bytes: the next file may be read into the same buffer.
  return withWholeFile(path, st.size, buffers, (bytes) => prepareFileBytes(bytes, st, profile, options));
}

/** prepareWholeFile of a file's bytes, read by the caller (a worker reads the next files while it prepares one). */
export function prepareFileBytes(bytes: Uint8Array, st: { size: number; mtimeMs: number }, profile: PiProfile, options: PrepareOptions = {}): PreparedFile {
  const offset = completeLines(bytes);
  const body = bytes.subarray(0, offset);
  const tailHash = sha256Hex(bytes.subarray(Math.max(0, offset - TAIL_CHECK_BYTES), offset));
  const file = { size: st.size, mtimeMs: st.mtimeMs, offset, tailHash };
  // Only v3 files grow by plain appends; older ones are rewritten by pi's migration first (only v3 streams).
  const streamed = options.stream === false ? null : streamWholeFile(body, profile, options.cutLines ?? true);
  if (streamed) return { ...file, appendable: true, ...streamed };
  const scan = scanSessionText(body, profile);
  const loaded = loadFromScan(scan, profile);
  const listed = isListedByPi(listedValues(scan, profile), profile);
  const appendable = loaded.invalid === undefined && loaded.fileVersion >= 3;
  const base = { ...file, sessionId: loaded.header?.id ?? "", appendable, listed };
  if (loaded.invalid !== undefined || !listed) return { ...base, segment: null };
  const spans = lineSpans(scan.lineStarts, loaded.entryLines);
  return { ...base, segment: prepareEntries(loaded.entries, spans, 0, 0, NO_CALLS) };
}

/**
 * Docs of entries in file order; `spans` holds [start, length] of each entry's line, relative to
 * `base`; `firstRef` is the `#N` of the first message entry among them; `earlier` finds the
 * paths of calls an earlier read of the file indexed.
 */
export function prepareEntries(entries: readonly SessionEntry[], spans: readonly number[], base: number, firstRef: number, earlier: CallLookup): PreparedSegment {
  const docs = new SegmentBuilder(base, firstRef, earlier);
  for (let i = 0; i < entries.length; i++) docs.add(entries[i], spans[2 * i], spans[2 * i + 1]);
  return docs.finish();
}

/** The first varint of a postings row (value, and the bytes it takes). */
export function firstVarint(data: Uint8Array): { value: number; bytes: number } {
  let value = 0;
  let shift = 0;
  let i = 0;
  for (;;) {
    const b = data[i++];
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) break;
    shift += 7;
  }
  return { value, bytes: i };
}

/** The first varint, the doc delta (low bit: a tf follows), moved on by `firstDoc`. */
export const shiftedHead = (value: number, firstDoc: number): number => (Math.floor(value / 2) + firstDoc) * 2 + (value % 2);

/**
 * A row of postings numbered from doc 0 (PackedRows), renumbered from `firstDoc`: only its
 * first doc delta changes (varint, low bit: a tf follows).
 */
export function withFirstDoc(data: Uint8Array, firstDoc: number): Uint8Array {
  if (firstDoc === 0) return data;
  const first = firstVarint(data);
  const head = shiftedHead(first.value, firstDoc);
  const joined = new Uint8Array(varintLength(head) + data.length - first.bytes);
  joined.set(data.subarray(first.bytes), writeVarint(joined, 0, head));
  return joined;
}

/** withFirstDoc(data, firstDoc).length, without making it. */
export function withFirstDocLength(data: Uint8Array, firstDoc: number): number {
  if (firstDoc === 0) return data.length;
  const first = firstVarint(data);
  return varintLength(shiftedHead(first.value, firstDoc)) + data.length - first.bytes;
}
