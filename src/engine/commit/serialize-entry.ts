// pi writes each entry as `${JSON.stringify(entry)}\n`: keys in insertion order, undefined
// values dropped. The builders create their objects in pi's key order, so this is all it takes.

import { jsonText } from "../serialize/json-text.js";

/** One JSONL line, newline included, exactly as pi's appendFileSync would write it (at any nesting depth). */
export const entryLine = (entry: object): string => `${jsonText(entry)}\n`;

/** The lines of a batch, joined, so the store can hand them to a single write() call. */
export const entryLines = (entries: readonly object[]): string => entries.map(entryLine).join("");
