// What indexing a session file computes before anything is written: the file read and parsed,
// each entry's doc (role, tools, paths, where its line is), its words counted into postings. It
// needs no database, so a first build runs it in a worker thread for the next files while the
// main thread writes the current one (recall-cache-prepare-pool.ts); an append runs it in place.
// Postings are encoded as if the segment's docs were numbered from 0: `withFirstDoc` shifts them
// to the ids the database gives the docs.
import { createHash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { collectCallPaths, docContent, encodeLengths, encodeSegmentRows, packLengthRole, reversedPath, roleCode, TermTable, type PackedRows } from "../recall/index.js";
import { loadFromScan } from "../session/load.js";
import { scanSessionText } from "../session/scan.js";
import type { PiProfile, SessionEntry } from "../types.js";
import { isListedByPi, listedValues } from "./sessions.js";

/** Bytes before the indexed offset whose hash proves the indexed prefix is unchanged. */
export const TAIL_CHECK_BYTES = 4096;

export const sha = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** Bytes [from, to) of the file at `path` (fewer when it is shorter). */
export function readRange(path: string, from: number, to: number): Uint8Array {
  const fd = openSync(path, "r");
  try {
    // Not zero-filled first: the read overwrites it, and only the bytes read are returned.
    const out = Buffer.allocUnsafe(Math.max(0, to - from));
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

/** The docs of one read (a segment), column by column; postings numbered from doc 0. */
export interface PreparedSegment {
  entryIds: string[];
  refs: (number | null)[];
  /** roleCode of each doc's role. */
  roles: number[];
  /** `|tool|tool|` */
  tools: string[];
  isError: number[];
  /** Where each doc's line starts in the file, and its length. */
  offs: number[];
  lens: number[];
  /** Per doc: its distinct tools, and its paths reversed (for the tool: and file: filters). */
  toolSets: string[][];
  reversedPaths: string[][];
  /** Tool calls of this read with paths: [call id, paths one a line]. */
  calls: [string, string][];
  /** encodeLengths of the docs' packed length|role. */
  lengths: Uint8Array;
  terms: string[];
  dfs: number[];
  /**
   * Per term (as `terms`), its postings row and where its words stand in each doc
   * (encodeSegmentRows), packed back to back: two buffers a worker hands over without copying.
   */
  rows: PackedRows;
  tokens: number;
  /** The `#N` of the next message entry after this read. */
  nextRef: number;
}

const NO_ROWS: PackedRows = { postings: { bytes: new Uint8Array(0), ends: new Int32Array(0) }, positions: { bytes: new Uint8Array(0), ends: new Int32Array(0) } };


/** The buffers of a prepared file a worker can hand over instead of copying. */
export function transferables(file: PreparedFile): ArrayBuffer[] {
  if (!file.segment || file.segment.terms.length === 0) return [];
  const { postings, positions } = file.segment.rows;
  return [postings.bytes.buffer, postings.ends.buffer, positions.bytes.buffer, positions.ends.buffer] as ArrayBuffer[];
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

/** Paths of a tool call indexed by an earlier read of the same file. */
export interface CallLookup {
  get(id: string): string[] | undefined;
}

/**
 * Reads and prepares the whole file, `size` bytes of it. Whether pi lists it is judged on the
 * complete lines read, like the docs (pi's listing also sees a line still being written, which
 * is nearly always malformed and skipped).
 */
export function prepareWholeFile(path: string, st: { size: number; mtimeMs: number }, profile: PiProfile): PreparedFile {
  const bytes = readRange(path, 0, st.size);
  const offset = completeLines(bytes);
  const body = bytes.subarray(0, offset);
  const scan = scanSessionText(body, profile);
  const loaded = loadFromScan(scan, profile);
  const listed = isListedByPi(listedValues(scan, profile), profile);
  const tailHash = sha(bytes.subarray(Math.max(0, offset - TAIL_CHECK_BYTES), offset));
  // Only v3 files grow by plain appends; older ones are rewritten by pi's migration first.
  const appendable = loaded.invalid === undefined && loaded.fileVersion >= 3;
  const base = { size: st.size, mtimeMs: st.mtimeMs, offset, tailHash, sessionId: loaded.header?.id ?? "", appendable, listed };
  if (loaded.invalid !== undefined || !listed) return { ...base, segment: null };
  const spans = lineSpans(scan.lineStarts, loaded.entryLines);
  return { ...base, segment: prepareEntries(loaded.entries, spans, 0, 0, { get: () => undefined }) };
}

/**
 * Docs of entries in file order; `spans` holds [start, length] of each entry's line, relative to
 * `base`; `firstRef` is the `#N` of the first message entry among them; `earlier` finds the
 * paths of calls an earlier read of the file indexed.
 */
export function prepareEntries(
  entries: readonly SessionEntry[],
  spans: readonly number[],
  base: number,
  firstRef: number,
  earlier: CallLookup,
): PreparedSegment {
  const callPaths = collectCallPaths(entries);
  const lookup: CallLookup = { get: (id) => callPaths.get(id) ?? earlier.get(id) };
  const seg: PreparedSegment = {
    entryIds: [],
    refs: [],
    roles: [],
    tools: [],
    isError: [],
    offs: [],
    lens: [],
    toolSets: [],
    reversedPaths: [],
    calls: [...callPaths].map(([id, paths]) => [id, paths.join("\n")]),
    lengths: new Uint8Array(0),
    terms: [],
    dfs: [],
    rows: NO_ROWS,
    tokens: 0,
    nextRef: firstRef,
  };
  const table = new TermTable({ positions: true });
  const lengthRoles: number[] = [];
  let ref = firstRef;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const isMessage = entry.type === "message" && !!entry.message && typeof entry.message === "object";
    const myRef = isMessage ? ref++ : null;
    // An entry without an id (a damaged line) cannot be opened at, so no hit can name it; appends skip it too.
    if (typeof entry.id !== "string") continue;
    const content = docContent(entry, lookup);
    if (!content) continue;
    const local = seg.entryIds.length;
    seg.entryIds.push(entry.id);
    seg.refs.push(myRef);
    seg.roles.push(roleCode(content.role));
    seg.tools.push(`|${content.tools.join("|")}|`);
    seg.isError.push(content.isError ? 1 : 0);
    seg.offs.push(base + spans[2 * i]);
    seg.lens.push(spans[2 * i + 1]);
    seg.toolSets.push([...new Set(content.tools)]);
    seg.reversedPaths.push([...new Set(content.files)].map(reversedPath));
    const length = table.addText(content.text, local);
    lengthRoles.push(packLengthRole(length, roleCode(content.role)));
    seg.tokens += length;
  }
  seg.nextRef = ref;
  if (seg.entryIds.length) {
    seg.lengths = encodeLengths(lengthRoles);
    const lists = table.lists;
    seg.terms = table.terms;
    seg.dfs = lists.map((l) => l.length >> 1);
    seg.rows = encodeSegmentRows(table);
  }
  return seg;
}

/**
 * A row of postings numbered from doc 0 (encodeSegmentRows), renumbered from `firstDoc`: only its
 * first doc delta changes (varint, low bit: a tf follows).
 */
export function withFirstDoc(data: Uint8Array, firstDoc: number): Uint8Array {
  if (firstDoc === 0) return data;
  let v = 0;
  let shift = 0;
  let i = 0;
  for (;;) {
    const b = data[i++];
    v += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) break;
    shift += 7;
  }
  let head = (Math.floor(v / 2) + firstDoc) * 2 + (v % 2);
  const out: number[] = [];
  while (head >= 0x80) {
    out.push((head & 0x7f) | 0x80);
    head = Math.floor(head / 128);
  }
  out.push(head);
  const joined = new Uint8Array(out.length + data.length - i);
  joined.set(out, 0);
  joined.set(data.subarray(i), out.length);
  return joined;
}
