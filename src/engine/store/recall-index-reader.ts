// What a cross-session search reads from an index, whichever holds it: the SQLite cache
// (recall-cache-sql-reader.ts) or an index built in this process from the files where no SQLite
// driver loads (recall-memory-index.ts). The search itself (recall-cache-search.ts) runs one way
// over either, so both give the answer a fresh index gives.
import type { CallLookup } from "./recall-cache-segment.js";

/** A doc as the search shows it: where its line is, and what it is. */
export interface DocRow {
  id: number;
  file_id: number;
  entry_id: string;
  ref: number | null;
  /** roleCode of the doc's role. */
  role: number;
  /** `|tool|tool|` */
  tools: string;
  is_error: number;
  path: string;
  session_id: string;
  off: number;
  len: number;
  /** The file is v3 (its lines are the entries as loaded; v1 lines have no ids yet). */
  appendable: number;
}

/** Which docs of the segment starting at `first_doc` have a key (a tool, a path): their indexes in the segment, encodeTermIds. */
export interface SegmentDocs {
  first_doc: number;
  docs: Uint8Array;
}

/** A segment's docs: the first doc's id, encodeLengths of their packed length|role, and the session file. */
export interface SegmentLengths {
  first: number;
  lengths: Uint8Array;
  path: string;
}

/** One stored row of a term's postings (one per file segment): PackedRows numbered from the segment's first doc id. */
export interface TermRow {
  df: number;
  data: Uint8Array;
  /** Where the term's words stand in each doc of the row (only when asked for). */
  pos?: Uint8Array;
}

/**
 * Terms are compared as SQLite compares TEXT (its bytes in UTF-8, which is code point order);
 * "in use": some postings row has the term.
 */
export interface IndexReader {
  /** Postings an update has not moved to where searches read them yet (they must be moved first). */
  hasStagedPostings(): boolean;
  /** Session files pi's listing keeps. */
  listedSessions(): number;
  /**
   * What changes whenever the index does, by this process or another (a search keeps what it
   * derived from the docs while this stays the same).
   */
  version(): string;
  /** Runs `work` on one state of the index: what another process commits meanwhile is not seen in it. */
  snapshot<T>(work: () => T): T;
  /** Highest doc id (0 when there are none). */
  maxDoc(): number;
  /** Docs in the whole index and their words. */
  totals(): { n: number; tokens: number };
  segments(): SegmentLengths[];
  doc(id: number): DocRow | undefined;
  /** Paths of the tool calls indexed from a file, by call id. */
  calls(fileId: number): CallLookup;
  /** A term's rows, in file and segment order (none for a term not in use). */
  termRows(term: string, withPositions: boolean): TermRow[];
  termInUse(term: string): boolean;
  /** Terms in use in [from, to), in order, at most `limit`. */
  termsInUse(from: string, to: string, limit: number): string[];
  /** Stored terms in [from, to), in use or not. */
  storedTerms(from: string, to: string): string[];
  /** Stored terms whose 2nd-3rd characters are one of `pairs` and whose length (in characters) is within [min, max]. */
  storedTermsAt(pairs: readonly [string, string], min: number, max: number): string[];
  /** Docs the term is in, over all its rows (0: out of use). */
  documentFrequency(term: string): number;
  toolSegments(tool: string): SegmentDocs[];
  /** Segments naming the reversed path `rpath` or a path under it. */
  pathSegments(rpath: string): SegmentDocs[];
  /** Ids of the docs with one of these role codes (every doc when null), in any order. */
  docIds(roles: readonly number[] | null): number[];
  /** Docs with one of these role codes (any when empty) and one of these tools (any when empty), by session path, then id. */
  docsInOrder(roles: readonly number[], tools: readonly string[]): DocRow[];
  /** Bytes of a session file the index read (its complete lines). */
  indexedBytes(path: string): number;
}

/** UTF-16 code units mapped so that comparing them compares code points (surrogates sort above U+E000-U+FFFF). */
const codePointUnit = (c: number): number => (c >= 0xe000 ? c - 0x800 : c >= 0xd800 ? c + 0x2000 : c);

/** Compares as SQLite compares TEXT (UTF-8 bytes, that is code points). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointUnit(x) - codePointUnit(y);
  }
  return a.length - b.length;
}
