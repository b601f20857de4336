// How one document is shown: its one-line view, and its full text for expand.
import { docContent, summaryLine } from "./document.js";
import type { RecallEntryView, RecallIndex } from "./types.js";

export function entryView(index: RecallIndex, d: number): RecallEntryView {
  const doc = index.docs[d];
  return {
    entryId: doc.entryId,
    ref: doc.ref,
    role: doc.role,
    labels: doc.labels,
    files: doc.files,
    summary: summaryLine(doc.role, doc.text, doc.isError, doc.tools),
  };
}

/** The entry's whole content, without the index's caps on tool output and arguments. */
export function fullText(index: RecallIndex, d: number): string {
  return docContent(index.entries[d], index.callPaths, true)?.text ?? index.docs[d].text;
}
