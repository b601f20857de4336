// The recall index held in this process, for when no SQLite driver loads: every session file is
// prepared as a first build prepares it (recall-cache-prepare.ts) and its segment kept as the
// cache's tables would hold it, read through the same IndexReader (recall-index-reader.ts). The
// search over it is the cache's own (recall-cache-search.ts), so it answers as a fresh index.
// A file is prepared again only when its size or time changed. Files read by an update are added
// to the tables after the others (the picker builds in slices of a file or so); a file changed or
// gone lays them all out again.
import { packedAt } from "../recall/index.js";
import type { PiProfile } from "../types.js";
import { PreparePool } from "./recall-cache-prepare-pool.js";
import { cannotRead, planReads, prepareWholeFile, withFirstDoc, type PreparedFile } from "./recall-cache-prepare.js";
import { docsByKey, type CallLookup } from "./recall-cache-segment.js";
import type { RecallCacheUpdate, UpdateOptions } from "./recall-cache-update.js";
import type { DocRow, IndexReader, SegmentDocs, SegmentLengths, TermRow } from "./recall-index-reader.js";
import { encodeTermIds } from "./term-id-list.js";

interface FileEntry {
  path: string;
  size: number;
  mtimeMs: number;
  file: PreparedFile;
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

/** Index of the first of the sorted `list` not below `key`. */
function lowerBound(list: readonly string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareCodePoints(list[mid], key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** SQLite's substr(text, 2, 2) and length(text): characters are code points. */
function secondAndThird(term: string): string {
  return Array.from(term).slice(1, 3).join("");
}
const lengthInCodePoints = (term: string): number => Array.from(term).length;

export class MemoryIndex implements IndexReader {
  private files = new Map<string, FileEntry>();
  private tables = new Tables();

  /** Bring the index in line with exactly these session files (as the cache's update does, reading changed files whole). */
  update(paths: readonly string[], profile: PiProfile, options: UpdateOptions = {}): RecallCacheUpdate {
    const stats: RecallCacheUpdate = { files: paths.length, unchanged: 0, appended: 0, reindexed: 0, removed: 0, unlisted: 0, docsAdded: 0, failed: [], left: 0 };
    const wanted = new Set(paths);
    for (const path of this.files.keys()) {
      if (wanted.has(path)) continue;
      this.files.delete(path);
      stats.removed++;
    }
    const plan = planReads(paths, (path) => this.files.get(path));
    const pending = plan.read;
    stats.failed.push(...plan.failed);
    stats.unchanged += plan.unchanged.length;
    for (const path of plan.unchanged) if (!this.files.get(path)!.file.listed) stats.unlisted++;
    // What cannot be looked at now is not in the index (as in a fresh one).
    const kept = new Set([...plan.unchanged, ...pending.map((p) => p.path)]);
    for (const path of this.files.keys()) if (!kept.has(path)) this.files.delete(path);
    // A file gone or read again: its rows are spread through the tables, which are laid out anew.
    let stale = this.tables.paths.some((path) => !this.files.has(path)) || pending.some((p) => this.tables.has(p.path));
    const progress = { files: 0, totalFiles: pending.length, bytes: 0, totalBytes: pending.reduce((n, p) => n + p.size, 0) };
    // Worker threads prepare the next files, as for a first build of the cache.
    const pool = options.workers === false ? null : PreparePool.start(pending, profile, options.workers);
    let i = 0;
    try {
      for (; i < pending.length; i++) {
        if (options.shouldStop?.()) break;
        const { path, size, mtimeMs } = pending[i];
        let file: PreparedFile;
        try {
          file = pool ? pool.take(i) : prepareWholeFile(path, { size, mtimeMs }, profile);
        } catch (error) {
          // Gone or unreadable since it was looked at: left out, as a file that cannot be read.
          stats.failed.push(cannotRead(path, error));
          this.files.delete(path);
          continue;
        }
        this.files.set(path, { path, size, mtimeMs, file });
        if (!stale) this.tables.add(path, file);
        stats.reindexed++;
        stats.docsAdded += file.segment?.entryIds.length ?? 0;
        if (!file.listed) stats.unlisted++;
        progress.files++;
        progress.bytes += size;
        options.onProgress?.({ ...progress });
      }
    } finally {
      pool?.close();
    }
    stats.left = pending.length - i;
    if (stale) {
      this.tables = new Tables();
      for (const path of paths) {
        const entry = this.files.get(path);
        if (entry) this.tables.add(path, entry.file);
      }
      stale = false;
    }
    return stats;
  }

  hasStagedPostings(): boolean {
    return false;
  }

  listedSessions(): number {
    return this.tables.listed;
  }

  maxDoc(): number {
    return this.tables.docs.length - 1;
  }

  totals(): { n: number; tokens: number } {
    return { n: this.tables.n, tokens: this.tables.tokens };
  }

  segments(): SegmentLengths[] {
    return this.tables.segments;
  }

  doc(id: number): DocRow | undefined {
    return this.tables.docs[id];
  }

  calls(fileId: number): CallLookup {
    const calls = this.tables.calls[fileId];
    return { get: (id) => calls?.get(id)?.split("\n") };
  }

  termRows(term: string, withPositions: boolean): TermRow[] {
    const rows = this.tables.rows.get(term) ?? [];
    return withPositions ? rows : rows.map((r) => ({ df: r.df, data: r.data }));
  }

  termInUse(term: string): boolean {
    return this.tables.rows.has(term);
  }

  termsInUse(from: string, to: string, limit: number): string[] {
    const out: string[] = [];
    const terms = this.tables.sortedTerms();
    for (let i = lowerBound(terms, from); i < terms.length && out.length < limit && compareCodePoints(terms[i], to) < 0; i++) out.push(terms[i]);
    return out;
  }

  storedTerms(from: string, to: string): string[] {
    return this.termsInUse(from, to, Infinity);
  }

  storedTermsAt(pairs: readonly [string, string], min: number, max: number): string[] {
    return this.tables.sortedTerms().filter((t) => {
      const inner = secondAndThird(t);
      if (inner !== pairs[0] && inner !== pairs[1]) return false;
      const length = lengthInCodePoints(t);
      return length >= min && length <= max;
    });
  }

  documentFrequency(term: string): number {
    let df = 0;
    for (const r of this.tables.rows.get(term) ?? []) df += r.df;
    return df;
  }

  toolSegments(tool: string): SegmentDocs[] {
    return this.tables.tools.get(tool) ?? [];
  }

  pathSegments(rpath: string): SegmentDocs[] {
    const { pathRows } = this.tables;
    const paths = this.tables.sortedPaths();
    const out = [...(pathRows.get(rpath) ?? [])];
    const under = `${rpath}/`;
    for (let i = lowerBound(paths, under); i < paths.length && paths[i].startsWith(under); i++) out.push(...pathRows.get(paths[i])!);
    return out;
  }

  docIds(roles: readonly number[] | null): number[] {
    const out: number[] = [];
    for (const d of this.tables.docs) if (d && (!roles || roles.includes(d.role))) out.push(d.id);
    return out;
  }

  docsInOrder(roles: readonly number[], tools: readonly string[]): DocRow[] {
    const out: DocRow[] = [];
    for (const d of this.tables.docs) {
      if (!d) continue;
      if (roles.length && !roles.includes(d.role)) continue;
      if (tools.length && !tools.some((t) => d.tools.includes(`|${t}|`))) continue;
      out.push(d);
    }
    return out.sort((a, b) => compareCodePoints(a.path, b.path) || a.id - b.id);
  }

  indexedBytes(path: string): number {
    return this.tables.offsetOf(path);
  }
}

/** Keys in code point order, kept sorted as keys are added (new ones sorted and merged in when asked for). */
class SortedKeys {
  private sorted: string[] = [];
  private added: string[] = [];

  add(key: string): void {
    this.added.push(key);
  }

  list(): string[] {
    if (!this.added.length) return this.sorted;
    const added = this.added.sort(compareCodePoints);
    const merged: string[] = new Array<string>(this.sorted.length + added.length);
    let i = 0;
    let j = 0;
    let o = 0;
    while (i < this.sorted.length && j < added.length) merged[o++] = compareCodePoints(this.sorted[i], added[j]) <= 0 ? this.sorted[i++] : added[j++];
    while (i < this.sorted.length) merged[o++] = this.sorted[i++];
    while (j < added.length) merged[o++] = added[j++];
    this.sorted = merged;
    this.added = [];
    return merged;
  }
}

/** The cache's tables as a first build of these files, in the order added, would leave them (file ids and doc ids follow that order). */
class Tables {
  /** By doc id (0 unused: ids start at 1, as the cache's). */
  readonly docs: (DocRow | undefined)[] = [undefined];
  /** By file id: its tool calls' paths (one a line) by call id. */
  readonly calls: Map<string, string>[] = [];
  readonly segments: SegmentLengths[] = [];
  readonly rows = new Map<string, TermRow[]>();
  readonly tools = new Map<string, SegmentDocs[]>();
  /** By reversed path. */
  readonly pathRows = new Map<string, SegmentDocs[]>();
  private readonly terms = new SortedKeys();
  private readonly reversedPaths = new SortedKeys();
  private readonly offsets = new Map<string, number>();
  /** The session files, in the order added. */
  readonly paths: string[] = [];
  listed = 0;
  n = 0;
  tokens = 0;

  has(path: string): boolean {
    return this.offsets.has(path);
  }

  offsetOf(path: string): number {
    return this.offsets.get(path) ?? 0;
  }

  /** Every term, in code point order (as SQLite orders TEXT). */
  sortedTerms(): string[] {
    return this.terms.list();
  }

  sortedPaths(): string[] {
    return this.reversedPaths.list();
  }

  /** A file's segment, as the cache writes a file read whole. */
  add(path: string, file: PreparedFile): void {
    this.paths.push(path);
    const fileId = this.paths.length;
    this.offsets.set(path, file.offset);
    if (file.listed) this.listed++;
    const seg = file.segment;
    if (!seg) return;
    this.calls[fileId] = new Map(seg.calls);
    const first = this.docs.length;
    const n = seg.entryIds.length;
    this.n += n;
    this.tokens += seg.tokens;
    for (let i = 0; i < n; i++) {
      this.docs.push({
        id: first + i,
        file_id: fileId,
        entry_id: seg.entryIds[i],
        ref: seg.refs[i],
        role: seg.roles[i],
        tools: seg.tools[i],
        is_error: seg.isError[i],
        path,
        session_id: file.sessionId,
        off: seg.offs[i],
        len: seg.lens[i],
        appendable: file.appendable ? 1 : 0,
      });
    }
    if (!n) return;
    this.segments.push({ first, lengths: seg.lengths, path });
    for (const [tool, docs] of docsByKey(seg.toolSets)) push(this.tools, tool, { first_doc: first, docs: encodeTermIds(docs) });
    for (const [rpath, docs] of docsByKey(seg.reversedPaths)) if (push(this.pathRows, rpath, { first_doc: first, docs: encodeTermIds(docs) })) this.reversedPaths.add(rpath);
    for (let k = 0; k < seg.terms.length; k++) {
      const row = { df: seg.dfs[k], data: withFirstDoc(packedAt(seg.rows.postings, k), first), pos: packedAt(seg.rows.positions, k) };
      if (push(this.rows, seg.terms[k], row)) this.terms.add(seg.terms[k]);
    }
  }
}

/** Adds `value` to the list of `key`; whether the key is new. */
function push<T>(map: Map<string, T[]>, key: string, value: T): boolean {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
  return !list;
}
