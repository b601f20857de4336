// Postings two ways, for the TermTable tests: as the query tokenizer counts them, and as the build's
// TermTable records them ([doc, tf, doc, tf, ...] per term).
import { TermTable, tokenize } from "../../src/engine/recall/index.js";

/** Postings the way the query side would count them with tokenize(). */
export function expectedPostings(texts: string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  texts.forEach((text, doc) => {
    for (const term of tokenize(text)) {
      const list = out.get(term) ?? [];
      if (list[list.length - 2] === doc) list[list.length - 1]++;
      else list.push(doc, 1);
      out.set(term, list);
    }
  });
  return out;
}

/** Postings a TermTable builds from the texts (doc = index), with addText's per-text word counts. */
export function tablePostings(texts: string[]): { postings: Map<string, number[]>; counts: number[] } {
  const table = new TermTable();
  const counts = texts.map((t, d) => table.addText(t, d));
  return { postings: new Map([...table.toMap()].map(([term, list]) => [term, [...list]])), counts };
}
