// The docs of one read of a session file (a segment), built one entry at a time: each entry's doc
// (role, tools, paths, where its line is) and its words counted into postings as it comes, so a
// reader can drop the entry right after (recall-cache-stream.ts) instead of holding the whole
// parsed file. Postings are encoded as if the segment's docs were numbered from 0.
import { addCallPaths, docContent, encodeLengths, packLengthRole, reversedPath, roleCode, WordRows, type PackedRows } from "../recall/index.js";
import type { SessionEntry } from "../types.js";
import { encodeTermIds } from "./term-id-list.js";

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
  /**
   * For the tool: and file: filters, per tool and per path named (reversed), the docs that have
   * it (their indexes in the segment, as encodeTermIds): one entry per key, not one list per doc,
   * so a worker hands over a few hundred of them rather than two arrays for every doc.
   */
  toolDocs: [string, Uint8Array][];
  pathDocs: [string, Uint8Array][];
  /** Tool calls of this read with paths: [call id, paths one a line]. */
  calls: [string, string][];
  /** encodeLengths of the docs' packed length|role. */
  lengths: Uint8Array;
  terms: string[];
  dfs: number[];
  /** Per term (as `terms`), the last doc holding it (its index in the segment). */
  lastDocs: Int32Array;
  /**
   * Per term (as `terms`), its postings row and where its words stand in each doc
   * (WordRows.segmentRows), packed back to back: two buffers a worker hands over without copying.
   */
  rows: PackedRows;
  tokens: number;
  /** The `#N` of the next message entry after this read. */
  nextRef: number;
}

/** Paths of a tool call indexed by an earlier read of the same file. */
export interface CallLookup {
  get(id: string): string[] | undefined;
}

/** No earlier read: a first read, or text that needs no call's paths. */
export const NO_CALLS: CallLookup = { get: () => undefined };

const NO_ROWS: PackedRows = { postings: { bytes: new Uint8Array(0), ends: new Int32Array(0) }, positions: { bytes: new Uint8Array(0), ends: new Int32Array(0) } };

// A first build keeps, of each doc, only what the rows need: a worker's young generation is
// collected every few MB of lines, and whatever a doc leaves alive is copied there twice (then
// promoted). Per-doc arrays and objects (a doc's tools, its paths, a result's call) made those
// collections cost as much as parsing: per tool, path and call a list of docs is kept instead,
// and docs naming the same tools share one string.
export class SegmentBuilder {
  private readonly seg: PreparedSegment;
  private readonly table = new WordRows();
  private readonly lengthRoles: number[] = [];
  /** Per tool, and per path named (reversed), the docs that have it (their indexes in the segment), ascending. */
  private readonly toolDocs = new Map<string, number[]>();
  private readonly pathDocs = new Map<string, number[]>();
  /** Each distinct `|tool|tool|` once: docs with the same tools share it. */
  private readonly toolLists = new Map<string, string>();
  /** Each path named in the read, and its key (a session names the same files again and again). */
  private readonly pathKeys = new Map<string, string>();
  /** Per path key, where its first doc names it among that doc's paths (pathDocs is put in that order at the end). */
  private readonly pathFirstPlace = new Map<string, number>();
  /** Tool calls of this read by id: their paths, one alone as itself (a later call of the same id with paths replaces an earlier one). */
  private readonly callPaths = new Map<string, string | string[]>();
  private readonly noteCallPaths = { set: (id: string, paths: string[]): void => void this.callPaths.set(id, paths.length === 1 ? paths[0] : paths) };
  /**
   * Tool results (their docs) and the call id each names: their paths are the call's, which may
   * come anywhere in the read (and a later call of the same id counts), so they are looked up at the end.
   */
  private readonly resultDocs: number[] = [];
  private readonly resultCalls = objectArray<string>();
  private ref: number;
  private finished = false;
  /** The call id the current entry's doc asked paths for (a tool result), noted by noteCall. */
  private callId: string | undefined;
  /** Answers no paths and notes the call asked about: results get their paths in finish. */
  private readonly noteCall: CallLookup = {
    get: (id) => {
      this.callId = id;
      return undefined;
    },
  };

  /** `base`: added to each line's start; `firstRef`: the `#N` of the first message entry; `earlier`: calls an earlier read indexed. */
  constructor(
    private readonly base: number,
    firstRef: number,
    private readonly earlier: CallLookup,
  ) {
    this.ref = firstRef;
    this.seg = { entryIds: objectArray(), refs: objectArray(), roles: [], tools: objectArray(), isError: [], offs: [], lens: [], toolDocs: [], pathDocs: [], calls: [], lengths: new Uint8Array(0), terms: [], dfs: [], lastDocs: new Int32Array(0), rows: NO_ROWS, tokens: 0, nextRef: firstRef };
  }

  /** The next entry of the read, in file order, with where its line starts (relative to `base`) and its length. */
  add(entry: SessionEntry, start: number, length: number): void {
    const isMessage = entry.type === "message" && !!entry.message && typeof entry.message === "object";
    const myRef = isMessage ? this.ref++ : null;
    addCallPaths(entry, this.noteCallPaths);
    // An entry without an id (a damaged line) cannot be opened at, so no hit can name it; appends skip it too.
    if (typeof entry.id !== "string") return;
    this.callId = undefined;
    const content = docContent(entry, this.noteCall);
    if (!content) return;
    const role = roleCode(content.role);
    const seg = this.seg;
    const local = seg.entryIds.length;
    seg.entryIds.push(entry.id);
    seg.refs.push(myRef);
    seg.roles.push(role);
    seg.tools.push(this.toolList(content.tools));
    seg.isError.push(content.isError ? 1 : 0);
    seg.offs.push(this.base + start);
    seg.lens.push(length);
    for (const tool of content.tools) addDoc(this.toolDocs, tool, local);
    // A result's own paths are none (noteCall answered none): its call's come in finish.
    if (this.callId !== undefined) {
      this.resultDocs.push(local);
      this.resultCalls.push(this.callId);
    } else this.addPaths(content.files, local);
    const words = this.table.addText(content.text, local);
    this.lengthRoles.push(packLengthRole(words, role));
    seg.tokens += words;
  }

  /** `|tool|tool|`, the one string kept for these tools. */
  private toolList(tools: readonly string[]): string {
    const list = `|${tools.join("|")}|`;
    const kept = this.toolLists.get(list);
    if (kept !== undefined) return kept;
    this.toolLists.set(list, list);
    return list;
  }

  finish(): PreparedSegment {
    if (this.finished) throw new Error("SegmentBuilder.finish called twice");
    this.finished = true;
    const seg = this.seg;
    this.addResultPaths();
    seg.toolDocs = encodedDocsByKey(this.toolDocs);
    seg.pathDocs = encodedDocsByKey(this.pathDocs);
    // In id order: the calls table is keyed by (file, call id), so the file's rows then go in at the end of its B-tree, in order, not at random places.
    seg.calls = [...this.callPaths].map(([id, paths]): [string, string] => [id, typeof paths === "string" ? paths : paths.join("\n")]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    seg.nextRef = this.ref;
    if (seg.entryIds.length) {
      seg.lengths = encodeLengths(this.lengthRoles);
      const { rows, dfs, lastDocs } = this.table.segmentRows();
      seg.terms = this.table.terms;
      seg.dfs = dfs;
      seg.lastDocs = lastDocs;
      seg.rows = rows;
    }
    return seg;
  }

  /** reversedPath of `path`, made once per path. */
  private pathKey(path: string): string {
    let key = this.pathKeys.get(path);
    if (key === undefined) this.pathKeys.set(path, (key = reversedPath(path)));
    return key;
  }

  /** `doc`'s paths (distinct) into pathDocs, noting where each key is first named. */
  private addPaths(files: readonly string[], doc: number): void {
    for (let i = 0; i < files.length; i++) {
      const key = this.pathKey(files[i]);
      const docs = addDoc(this.pathDocs, key, doc);
      if (docs[0] === doc && !this.pathFirstPlace.has(key)) this.pathFirstPlace.set(key, i);
    }
  }

  /**
   * Each result's paths (its call's) into pathDocs, which then lists each path's docs ascending,
   * the paths in the order of the docs that first name them, as if every doc had come with its paths.
   */
  private addResultPaths(): void {
    if (!this.resultDocs.length) return;
    const touched = new Set<string>();
    for (let k = 0; k < this.resultDocs.length; k++) {
      const callId = this.resultCalls[k];
      const paths = this.callPaths.get(callId) ?? this.earlier.get(callId) ?? [];
      const files = typeof paths === "string" ? [paths] : [...new Set(paths)];
      const doc = this.resultDocs[k];
      for (let i = 0; i < files.length; i++) {
        const key = this.pathKey(files[i]);
        if (!touched.has(key)) {
          // Results come in doc order: the key's first result is its first doc when it comes before the others.
          const docs = this.pathDocs.get(key);
          if (!docs || doc < docs[0]) this.pathFirstPlace.set(key, i);
          touched.add(key);
        }
        addDoc(this.pathDocs, key, doc);
      }
    }
    for (const key of touched) {
      const docs = this.pathDocs.get(key)!;
      docs.sort((a, b) => a - b);
      let n = 0;
      for (const doc of docs) if (n === 0 || docs[n - 1] !== doc) docs[n++] = doc;
      docs.length = n;
    }
    const place = (key: string): number => this.pathFirstPlace.get(key) ?? 0;
    const ordered = [...this.pathDocs].sort((a, b) => a[1][0] - b[1][0] || place(a[0]) - place(b[0]));
    this.pathDocs.clear();
    for (const [key, docs] of ordered) this.pathDocs.set(key, docs);
  }
}

/**
 * An empty array that holds objects (strings, null) as V8 keeps them: `[]` starts as one of small
 * integers, and the first string pushed into it changes its kind, which threw away the optimized
 * code of the function that pushed it; SegmentBuilder.add was compiled again for each such array,
 * in every worker (a compile of it takes tens of ms).
 */
function objectArray<T>(): T[] {
  const array: (T | null)[] = [null];
  array.pop();
  return array as T[];
}

/** `doc` onto `key`'s docs (docs come ascending: a key named twice by one doc counts once); its docs. */
function addDoc(docsByKey: Map<string, number[]>, key: string, doc: number): number[] {
  const docs = docsByKey.get(key);
  if (!docs) {
    const list = [doc];
    docsByKey.set(key, list);
    return list;
  }
  if (docs[docs.length - 1] !== doc) docs.push(doc);
  return docs;
}

/** Each key's docs encoded (encodeTermIds). */
const encodedDocsByKey = (docsByKey: ReadonlyMap<string, readonly number[]>): [string, Uint8Array][] => [...docsByKey].map(([key, docs]) => [key, encodeTermIds(docs)]);
