// The recall index held in this process, for when no SQLite driver loads: every session file is
// prepared as a first build prepares it (recall-cache-prepare.ts) and its segment kept as the
// cache's tables would hold it, read through the same IndexReader (recall-index-reader.ts). The
// search over it is the cache's own (recall-cache-search.ts), so it answers as a fresh index.
// A file is prepared again only when its size or time changed.
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

/** The tables, laid out from the files in the order given (file ids and doc ids follow it). */
interface Tables {
  /** By doc id (0 unused: ids start at 1, as the cache's). */
  docs: (DocRow | undefined)[];
  calls: Map<string, string>[];
  segments: SegmentLengths[];
  /** Every term, in code point order (as SQLite orders TEXT). */
  terms: string[];
  rows: Map<string, TermRow[]>;
  tools: Map<string, SegmentDocs[]>;
  /** Reversed paths, in code point order, with their segments. */
  paths: string[];
  pathRows: Map<string, SegmentDocs[]>;
  offsets: Map<string, number>;
  listed: number;
  n: number;
  tokens: number;
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
  private order: string[] = [];
  private tables: Tables = layOut([]);

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
    this.order = paths.filter((p) => this.files.has(p));
    this.tables = layOut(this.order.map((p) => this.files.get(p)!));
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
    const { terms } = this.tables;
    for (let i = lowerBound(terms, from); i < terms.length && out.length < limit && compareCodePoints(terms[i], to) < 0; i++) out.push(terms[i]);
    return out;
  }

  storedTerms(from: string, to: string): string[] {
    return this.termsInUse(from, to, Infinity);
  }

  storedTermsAt(pairs: readonly [string, string], min: number, max: number): string[] {
    return this.tables.terms.filter((t) => {
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
    const { paths, pathRows } = this.tables;
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
    return this.tables.offsets.get(path) ?? 0;
  }
}

/** The files' segments as the cache's tables would hold them after a first build of these files, in this order. */
function layOut(files: readonly FileEntry[]): Tables {
  const t: Tables = { docs: [undefined], calls: [], segments: [], terms: [], rows: new Map(), tools: new Map(), paths: [], pathRows: new Map(), offsets: new Map(), listed: 0, n: 0, tokens: 0 };
  for (let fileId = 1; fileId <= files.length; fileId++) {
    const { path, file } = files[fileId - 1];
    t.offsets.set(path, file.offset);
    if (file.listed) t.listed++;
    const seg = file.segment;
    if (!seg) continue;
    t.calls[fileId] = new Map(seg.calls);
    const first = t.docs.length;
    const n = seg.entryIds.length;
    t.n += n;
    t.tokens += seg.tokens;
    for (let i = 0; i < n; i++) {
      t.docs.push({
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
    if (!n) continue;
    t.segments.push({ first, lengths: seg.lengths, path });
    for (const [tool, docs] of docsByKey(seg.toolSets)) push(t.tools, tool, { first_doc: first, docs: encodeTermIds(docs) });
    for (const [rpath, docs] of docsByKey(seg.reversedPaths)) push(t.pathRows, rpath, { first_doc: first, docs: encodeTermIds(docs) });
    for (let k = 0; k < seg.terms.length; k++) {
      push(t.rows, seg.terms[k], { df: seg.dfs[k], data: withFirstDoc(packedAt(seg.rows.postings, k), first), pos: packedAt(seg.rows.positions, k) });
    }
  }
  t.terms = [...t.rows.keys()].sort(compareCodePoints);
  t.paths = [...t.pathRows.keys()].sort(compareCodePoints);
  return t;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
