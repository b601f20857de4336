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

export class SegmentBuilder {
  private readonly seg: PreparedSegment;
  private readonly table = new WordRows();
  private readonly lengthRoles: number[] = [];
  /** Per doc: its distinct tools, and its paths reversed (made into toolDocs and pathDocs at the end). */
  private readonly toolSets: string[][] = [];
  private readonly reversedPaths: string[][] = [];
  /** Tool calls of this read by id (a later call of the same id with paths replaces an earlier one). */
  private readonly callPaths = new Map<string, string[]>();
  /**
   * Tool results and the call id each names, by doc: their paths are the call's, which may come
   * anywhere in the read (and a later call of the same id counts), so they are looked up at the end.
   */
  private readonly results: { doc: number; callId: string }[] = [];
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
    this.seg = { entryIds: [], refs: [], roles: [], tools: [], isError: [], offs: [], lens: [], toolDocs: [], pathDocs: [], calls: [], lengths: new Uint8Array(0), terms: [], dfs: [], lastDocs: new Int32Array(0), rows: NO_ROWS, tokens: 0, nextRef: firstRef };
  }

  /** The next entry of the read, in file order, with where its line starts (relative to `base`) and its length. */
  add(entry: SessionEntry, start: number, length: number): void {
    const isMessage = entry.type === "message" && !!entry.message && typeof entry.message === "object";
    const myRef = isMessage ? this.ref++ : null;
    addCallPaths(entry, this.callPaths);
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
    seg.tools.push(`|${content.tools.join("|")}|`);
    seg.isError.push(content.isError ? 1 : 0);
    seg.offs.push(this.base + start);
    seg.lens.push(length);
    this.toolSets.push([...new Set(content.tools)]);
    this.reversedPaths.push([...new Set(content.files)].map(reversedPath));
    if (this.callId !== undefined) this.results.push({ doc: local, callId: this.callId });
    const words = this.table.addText(content.text, local);
    this.lengthRoles.push(packLengthRole(words, role));
    seg.tokens += words;
  }

  finish(): PreparedSegment {
    if (this.finished) throw new Error("SegmentBuilder.finish called twice");
    this.finished = true;
    const seg = this.seg;
    for (const { doc, callId } of this.results) {
      const files = this.callPaths.get(callId) ?? this.earlier.get(callId) ?? [];
      this.reversedPaths[doc] = [...new Set(files)].map(reversedPath);
    }
    seg.toolDocs = encodedDocsByKey(this.toolSets);
    seg.pathDocs = encodedDocsByKey(this.reversedPaths);
    // In id order: the calls table is keyed by (file, call id), so the file's rows then go in at the end of its B-tree, in order, not at random places.
    seg.calls = [...this.callPaths].map(([id, paths]): [string, string] => [id, paths.join("\n")]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
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
}

/** docsByKey, each key's docs encoded (encodeTermIds). */
const encodedDocsByKey = (keysOfDoc: readonly (readonly string[])[]): [string, Uint8Array][] => [...docsByKey(keysOfDoc)].map(([key, docs]) => [key, encodeTermIds(docs)]);

/** Per key (a tool, a reversed path), the docs of a segment that have it: their indexes in the segment, ascending. */
function docsByKey(keysOfDoc: readonly (readonly string[])[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let i = 0; i < keysOfDoc.length; i++) {
    for (const key of keysOfDoc[i]) {
      const docs = out.get(key);
      if (!docs) out.set(key, [i]);
      // A key named twice by one doc counts once.
      else if (docs[docs.length - 1] !== i) docs.push(i);
    }
  }
  return out;
}
