// The recall index held in this process, for when no SQLite driver loads: every session file is
// prepared as a first build prepares it (recall-cache-prepare.ts) and its segment kept as the
// cache's tables would hold it, read through the same IndexReader (recall-index-reader.ts). The
// search over it is the cache's own (recall-cache-search.ts), so it answers as a fresh index.
// A file is prepared again only when its size or time changed. Files read by an update are added
// to the tables after the others (the picker builds in slices of a file or so); a file changed,
// gone or unreadable leaves them first, and they are laid out again without it.
import { packedAt } from "../recall/index.js";
import type { PiProfile } from "../types.js";
import { PreparePool } from "./recall-cache-prepare-pool.js";
import { ReadBuffers } from "./read-buffers.js";
import { cannotRead, planUpdate, prepareWholeFile, withFirstDoc, type FileToRead, type PreparedFile, type PreparedSegment } from "./recall-cache-prepare.js";
import type { CallLookup } from "./recall-cache-segment.js";
import type { RecallCacheUpdate, UpdateOptions } from "./recall-cache-update.js";
import { compareCodePoints, type DocRow, type IndexReader, type SegmentDocs, type SegmentLengths, type TermRow } from "./recall-index-reader.js";

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


export class MemoryIndex implements IndexReader {
  /** The files read, by path (their size and time as read). */
  private files = new Map<string, PreparedFile>();
  private tables = new Tables();
  /** What a stopped update (one given `shouldStop`) left to read, for the next such call with the same list. */
  private resume: { paths: readonly string[]; left: FileToRead[] } | null = null;
  /** Updates begun: the tables change only within one. */
  private updates = 0;

  /**
   * Bring the index in line with exactly these session files (as the cache's update does, reading
   * changed files whole). Each call reads at least one file when any is left, whatever `shouldStop`
   * says; a call in slices (`shouldStop` given) with the same `paths` after one that stopped goes on
   * with the files it left, without looking at every file again (the picker builds so between frames).
   */
  update(given: readonly string[], profile: PiProfile, options: UpdateOptions = {}): RecallCacheUpdate {
    this.updates++;
    const stats: RecallCacheUpdate = { files: given.length, unchanged: 0, appended: 0, reindexed: 0, removed: 0, unlisted: 0, docsAdded: 0, failed: [], left: 0 };
    const pending = options.shouldStop && this.resume?.paths === given ? this.resume.left : this.plan(given, stats);
    this.resume = null;
    const progress = { files: 0, totalFiles: pending.length, bytes: 0, totalBytes: pending.reduce((n, p) => n + p.size, 0) };
    // Worker threads prepare the next files, as for a first build of the cache.
    const buffers = new ReadBuffers({ directReads: options.directReads });
    const pool = options.workers === false ? null : PreparePool.start(pending, profile, options.workers, buffers);
    let i = 0;
    try {
      for (; i < pending.length; i++) {
        if (i > 0 && options.shouldStop?.()) break;
        const { path, size, mtimeMs } = pending[i];
        let file: PreparedFile;
        try {
          file = pool ? pool.take(i) : prepareWholeFile(path, { size, mtimeMs }, profile, { buffers });
        } catch (error) {
          // Gone or unreadable since it was looked at: left out, as a file that cannot be read.
          stats.failed.push(cannotRead(path, error));
          continue;
        }
        this.files.set(path, file);
        this.tables.add(path, file);
        stats.reindexed++;
        stats.docsAdded += file.segment?.entryIds.length ?? 0;
        if (!file.listed) stats.unlisted++;
        progress.files++;
        progress.bytes += size;
        options.onProgress?.({ ...progress });
      }
    } finally {
      pool?.close();
      if (i < pending.length) this.resume = { paths: given, left: pending.slice(i) };
    }
    stats.left = pending.length - i;
    return stats;
  }

  /**
   * Which of `given` to read; what the index holds of files gone, changed or that cannot be looked
   * at now leaves it first (a fresh index has none of it), so the tables only ever hold whole files.
   */
  private plan(given: readonly string[], stats: RecallCacheUpdate): FileToRead[] {
    // A path listed twice is one file (the cache's writer finds it indexed the second time).
    const paths = [...new Set(given)];
    const plan = planUpdate(paths, this.files.keys(), (path) => this.files.get(path), stats);
    // Gone, or cannot be looked at: removed; read again: its old rows go now, its new ones as it is read.
    for (const path of plan.drop) this.files.delete(path);
    for (const { path } of plan.read) this.files.delete(path);
    // A file's rows are spread through the tables: without one, they are laid out anew.
    if ([...this.tables.files.keys()].some((path) => !this.files.has(path))) {
      this.tables = new Tables();
      for (const path of paths) {
        const file = this.files.get(path);
        if (file) this.tables.add(path, file);
      }
    }
    return plan.read;
  }

  hasStagedPostings(): boolean {
    return false;
  }

  listedSessions(): number {
    return this.tables.listed();
  }

  snapshot<T>(work: () => T): T {
    return work();
  }

  version(): string {
    return String(this.updates);
  }

  maxDoc(): number {
    return this.tables.n;
  }

  totals(): { n: number; tokens: number } {
    return { n: this.tables.n, tokens: this.tables.tokens };
  }

  segments(): SegmentLengths[] {
    return this.tables.segments();
  }

  doc(id: number): DocRow | undefined {
    return this.tables.doc(id);
  }

  calls(fileId: number): CallLookup {
    const calls = this.tables.calls(fileId);
    return { get: (id) => calls?.get(id)?.split("\n") };
  }

  termRows(term: string, withPositions: boolean): TermRow[] {
    return this.tables.termRows(term, withPositions);
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
    // SQLite's substr(term, 2, 2) and length(term): in characters (code points), never more than UTF-16 units.
    return this.tables.sortedTerms().filter((t) => {
      if (t.length < min) return false;
      const points = Array.from(t);
      const inner = points.slice(1, 3).join("");
      return (inner === pairs[0] || inner === pairs[1]) && points.length >= min && points.length <= max;
    });
  }

  documentFrequency(term: string): number {
    return this.tables.documentFrequency(term);
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
    return this.tables.idsWhere((seg, i) => !roles || roles.includes(seg.roles[i]));
  }

  docsInOrder(roles: readonly number[], tools: readonly string[]): DocRow[] {
    const keep = (seg: PreparedSegment, i: number): boolean =>
      (!roles.length || roles.includes(seg.roles[i])) && (!tools.length || tools.some((t) => seg.tools[i].includes(`|${t}|`)));
    return this.tables.docsByPath(keep);
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

/** A file's segment among the tables: its docs are ids first .. first + n - 1. */
interface SegmentAt {
  first: number;
  fileId: number;
  path: string;
  file: PreparedFile;
  seg: PreparedSegment;
}

/**
 * The cache's tables as a first build of these files, in the order added, would leave them (file
 * ids and doc ids follow that order). Rows are made from the prepared segments when asked for, so
 * the index costs the segments and little more: a row object per doc and per term kept all the
 * time doubled the heap, and collecting it paused searches.
 */
class Tables {
  private readonly segs: SegmentAt[] = [];
  /** Per term: where its rows are, as (segment index, term index in the segment) pairs. */
  readonly rows = new Map<string, number[]>();
  readonly tools = new Map<string, SegmentDocs[]>();
  /** By reversed path. */
  readonly pathRows = new Map<string, SegmentDocs[]>();
  private readonly terms = new SortedKeys();
  private readonly reversedPaths = new SortedKeys();
  /** The session files, in the order added (a file's id is its place there, from 1). */
  readonly files = new Map<string, PreparedFile>();
  private readonly segOfFile = new Map<number, SegmentAt>();
  private readonly callMaps = new Map<number, Map<string, string>>();
  n = 0;
  tokens = 0;

  offsetOf(path: string): number {
    return this.files.get(path)?.offset ?? 0;
  }

  listed(): number {
    let listed = 0;
    for (const file of this.files.values()) if (file.listed) listed++;
    return listed;
  }

  segments(): SegmentLengths[] {
    return this.segs.map(({ first, seg, path }) => ({ first, lengths: seg.lengths, path }));
  }

  /** Every term, in code point order (as SQLite orders TEXT). */
  sortedTerms(): string[] {
    return this.terms.list();
  }

  sortedPaths(): string[] {
    return this.reversedPaths.list();
  }

  termRows(term: string, withPositions: boolean): TermRow[] {
    const places = this.rows.get(term);
    if (!places) return [];
    const out: TermRow[] = [];
    for (let i = 0; i < places.length; i += 2) {
      const { seg, first } = this.segs[places[i]];
      const k = places[i + 1];
      const data = withFirstDoc(packedAt(seg.rows.postings, k), first);
      out.push(withPositions ? { df: seg.dfs[k], data, pos: packedAt(seg.rows.positions, k) } : { df: seg.dfs[k], data });
    }
    return out;
  }

  documentFrequency(term: string): number {
    const places = this.rows.get(term) ?? [];
    let df = 0;
    for (let i = 0; i < places.length; i += 2) df += this.segs[places[i]].seg.dfs[places[i + 1]];
    return df;
  }

  calls(fileId: number): Map<string, string> | undefined {
    let calls = this.callMaps.get(fileId);
    if (!calls) {
      const at = this.segOfFile.get(fileId);
      if (!at) return undefined;
      this.callMaps.set(fileId, (calls = new Map(at.seg.calls)));
    }
    return calls;
  }

  doc(id: number): DocRow | undefined {
    const segs = this.segs;
    let lo = 0;
    let hi = segs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = segs[mid];
      if (id < s.first) hi = mid - 1;
      else if (id >= s.first + s.seg.entryIds.length) lo = mid + 1;
      else return docRow(s, id - s.first);
    }
    return undefined;
  }

  /** Every doc passing `keep` (by its segment and index there), by session path (as SQLite orders TEXT), then id: a file is one segment, its ids ascending. */
  docsByPath(keep: (seg: PreparedSegment, i: number) => boolean): DocRow[] {
    const out: DocRow[] = [];
    const byPath = [...this.segs].sort((a, b) => compareCodePoints(a.path, b.path));
    for (const s of byPath) for (let i = 0; i < s.seg.entryIds.length; i++) if (keep(s.seg, i)) out.push(docRow(s, i));
    return out;
  }

  /** Ids of the docs passing `keep`, in id order. */
  idsWhere(keep: (seg: PreparedSegment, i: number) => boolean): number[] {
    const out: number[] = [];
    for (const s of this.segs) for (let i = 0; i < s.seg.entryIds.length; i++) if (keep(s.seg, i)) out.push(s.first + i);
    return out;
  }

  /** A file's segment, as the cache writes a file read whole. */
  add(path: string, file: PreparedFile): void {
    this.files.set(path, file);
    const fileId = this.files.size;
    const seg = file.segment;
    if (!seg || seg.entryIds.length === 0) return;
    const first = this.n + 1;
    this.n += seg.entryIds.length;
    this.tokens += seg.tokens;
    const at = this.segs.length;
    this.segs.push({ first, fileId, path, file, seg });
    this.segOfFile.set(fileId, this.segs[at]);
    for (const [tool, docs] of seg.toolDocs) push(this.tools, tool, { first_doc: first, docs });
    for (const [rpath, docs] of seg.pathDocs) if (push(this.pathRows, rpath, { first_doc: first, docs })) this.reversedPaths.add(rpath);
    for (let k = 0; k < seg.terms.length; k++) {
      const term = seg.terms[k];
      const places = this.rows.get(term);
      if (places) places.push(at, k);
      else {
        this.rows.set(term, [at, k]);
        this.terms.add(term);
      }
    }
  }
}

function docRow({ first, fileId, path, file, seg }: SegmentAt, i: number): DocRow {
  return {
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
  };
}

/** Adds `value` to the list of `key`; whether the key is new. */
function push<T>(map: Map<string, T[]>, key: string, value: T): boolean {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
  return !list;
}
