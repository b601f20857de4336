// The reference the cross-session index is checked against: each session file searched on its
// own with the single-session engine (every entry, every branch), as a user opening each session
// and searching it would find. Scores are per session there, so only which entries match (and the
// paths they name) are compared, never the order across sessions.
import { readFileSync } from "node:fs";
import { buildRecallIndex, search, type RecallQuery } from "../../src/engine/recall/index.js";
import { loadFromScan } from "../../src/engine/session/load.js";
import { scanSessionText } from "../../src/engine/session/scan.js";
import { isListedByPi, listedValues } from "../../src/engine/store/sessions.js";

export interface FileAloneHit {
  sessionPath: string;
  entryId: string;
  files: string[];
}

/** Every hit of `q` in each of the session files pi lists, searched one at a time, and how many there are. */
export function searchEachFileAlone(paths: readonly string[], q: RecallQuery): { total: number; hits: FileAloneHit[] } {
  const hits: FileAloneHit[] = [];
  let total = 0;
  for (const path of [...paths].sort()) {
    const scan = scanSessionText(readFileSync(path), "1.6");
    const loaded = loadFromScan(scan, "1.6");
    if (loaded.invalid !== undefined || !isListedByPi(listedValues(scan, "1.6"), "1.6")) continue;
    const r = search(buildRecallIndex({ entries: loaded.entries }), q, { scope: "all", pageSize: 100_000, now: () => 0, budgetMs: 60_000 });
    if (!r.ok) continue;
    total += r.value.total;
    for (const h of r.value.hits) hits.push({ sessionPath: path, entryId: h.entryId, files: h.files });
  }
  return { total, hits };
}
