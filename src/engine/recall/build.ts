// Building the per-session recall index: documents, postings, dictionary, lineage, spans, labels.
import type { CompactionEntry, SessionEntry } from "../types.js";
import { collectCallPaths, docContent } from "./document.js";
import { contextIdsFromPath, entryLinks, pathPositions, positionOfId, summarizedSpan } from "./paths.js";
import { TermTable } from "./term-table.js";
import type { RecallCompaction, RecallDoc, RecallIndex, RecallTerms } from "./types.js";

export interface RecallSource {
  /** Entries in file order, as loaded (after migration). */
  entries: readonly SessionEntry[];
  /** The leaf whose path is the active lineage; default: the last entry in file order. */
  leafId?: string | null;
  /**
   * Source entry ids of the model's current context (from the context engine). Without them the
   * index applies pi's latest-compaction rule to the path to find what is forgotten.
   */
  contextEntryIds?: Iterable<string>;
  /** The active path root first (the tree's getBranch); default: parent links walked from the leaf. */
  path?: readonly SessionEntry[];
}

export function buildRecallIndex(source: RecallSource): RecallIndex {
  const { entries } = source;
  const callPaths = collectCallPaths(entries);
  const docs: RecallDoc[] = [];
  const docEntries: SessionEntry[] = [];
  const docByEntryId = new Map<string, number>();
  const docByRef = new Map<number, number>();
  // Doc of each entry position (-1: none), for the compaction spans, which come as positions.
  const docAt = new Int32Array(entries.length).fill(-1);
  let ref = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const isMessage = entry.type === "message" && !!entry.message && typeof entry.message === "object";
    const myRef = isMessage ? ref++ : null;
    const content = docContent(entry, callPaths);
    if (!content) continue;
    const idx = docs.length;
    const { role, text, tools, files, isError } = content;
    docs.push({ idx, entryId: entry.id, ref: myRef, role, text, tools, files, isError, labels: [] });
    docEntries.push(entry);
    docByEntryId.set(entry.id, idx);
    if (myRef !== null) docByRef.set(myRef, idx);
    docAt[i] = idx;
  }
  const links = entryLinks(entries);
  const leafId = source.leafId === undefined ? (entries.length ? entries[entries.length - 1].id : null) : source.leafId;
  const path = source.path ?? pathPositions(links, positionOfId(links, leafId)).map((i) => entries[i]);
  const lineage: number[] = [];
  for (const e of path) {
    const d = docByEntryId.get(e.id);
    if (d !== undefined && docEntries[d] === e) lineage.push(d);
  }
  const contextIds = source.contextEntryIds ? new Set(source.contextEntryIds) : contextIdsFromPath(path);
  const forgotten = lineage.filter((d) => !contextIds.has(docs[d].entryId));

  const compactions: RecallCompaction[] = [];
  for (const e of entries) {
    if (e.type !== "compaction") continue;
    const span: number[] = [];
    // A span position is its id's last entry, so its doc (if any) is the one docByEntryId names.
    for (const i of summarizedSpan(entries, links, e as CompactionEntry)) if (docAt[i] >= 0) span.push(docAt[i]);
    compactions.push({ ordinal: compactions.length + 1, entryId: e.id, span });
  }

  labelDocs(docs, lineage, forgotten, compactions, new Set(path.map((e) => e.id)));
  let terms: RecallTerms | null = null;
  return {
    docs,
    entries: docEntries,
    terms: () => (terms ??= tokenizeDocs(docs)),
    lineage,
    compactions,
    forgotten,
    callPaths,
    docByEntryId,
    docByRef,
    scopeCache: new Map(),
  };
}

/** Postings, dictionary and lengths of every doc: most of the work of indexing a session. */
function tokenizeDocs(docs: readonly RecallDoc[]): RecallTerms {
  const table = new TermTable();
  const lengths = new Int32Array(docs.length);
  for (let d = 0; d < docs.length; d++) lengths[d] = table.addText(docs[d].text, d);
  const postings = table.toMap();
  const termsByLength = new Map<number, string[]>();
  for (const t of table.terms) {
    let bucket = termsByLength.get(t.length);
    if (!bucket) termsByLength.set(t.length, (bucket = []));
    bucket.push(t);
  }
  return { postings, sortedTerms: [...table.terms].sort(), termsByLength, lengths };
}

function labelDocs(
  docs: RecallDoc[],
  lineage: number[],
  forgotten: number[],
  compactions: RecallCompaction[],
  pathIds: Set<string>,
): void {
  const onPath = new Uint8Array(docs.length);
  for (const d of lineage) onPath[d] = 1;
  const compacted = new Uint8Array(docs.length);
  for (const c of compactions) {
    if (!pathIds.has(c.entryId)) continue;
    for (const d of c.span) compacted[d] = 1;
  }
  const isForgotten = new Uint8Array(docs.length);
  for (const d of forgotten) isForgotten[d] = 1;
  for (const doc of docs) {
    const i = doc.idx;
    // Most docs of a branchy session are off the path: one array literal each, not a push into
    // an empty array (which allocates room for many).
    if (!onPath[i]) doc.labels = ["abandoned branch"];
    if (compacted[i]) doc.labels.push("compacted");
    if (isForgotten[i]) doc.labels.push("forgotten");
  }
}
