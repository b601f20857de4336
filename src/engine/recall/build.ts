// Building the per-session recall index: documents, postings, dictionary, lineage, spans, labels.
import type { CompactionEntry, SessionEntry } from "../types.js";
import { collectCallPaths, docContent } from "./document.js";
import { contextIdsFromPath, indexById, pathTo, summarizedSpan } from "./paths.js";
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
  let ref = 0;
  for (const entry of entries) {
    const isMessage = entry.type === "message" && !!entry.message && typeof entry.message === "object";
    const myRef = isMessage ? ref++ : null;
    const content = docContent(entry, callPaths);
    if (!content) continue;
    const idx = docs.length;
    docs.push({ idx, entryId: entry.id, ref: myRef, ...content, labels: [] });
    docEntries.push(entry);
    docByEntryId.set(entry.id, idx);
    if (myRef !== null) docByRef.set(myRef, idx);
  }
  const byId = indexById(entries);
  const leafId = source.leafId === undefined ? (entries.length ? entries[entries.length - 1].id : null) : source.leafId;
  const path = source.path ?? pathTo(byId, leafId);
  const docsOf = (list: readonly SessionEntry[]): number[] => {
    const out: number[] = [];
    for (const e of list) {
      const d = docByEntryId.get(e.id);
      if (d !== undefined && docEntries[d] === e) out.push(d);
    }
    return out;
  };
  const lineage = docsOf(path);
  const contextIds = source.contextEntryIds ? new Set(source.contextEntryIds) : contextIdsFromPath(path);
  const forgotten = lineage.filter((d) => !contextIds.has(docs[d].entryId));

  const compactions: RecallCompaction[] = [];
  for (const e of entries) {
    if (e.type !== "compaction") continue;
    compactions.push({ ordinal: compactions.length + 1, entryId: e.id, span: docsOf(summarizedSpan(byId, e as CompactionEntry)) });
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
    if (!onPath[doc.idx]) doc.labels.push("abandoned branch");
    if (compacted[doc.idx]) doc.labels.push("compacted");
    if (isForgotten[doc.idx]) doc.labels.push("forgotten");
  }
}
