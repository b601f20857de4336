// Searching every session without the index, for when no SQLite driver loads: each file is read
// and searched on its own (every entry, every branch), and the pages are merged by score, then
// session path and file order. Slower than the index and ranked per session, but the same files,
// the same entries and the same matching.
import { readFileSync } from "node:fs";
import { buildRecallIndex, search, type RecallQuery, type RecallResult } from "../recall/index.js";
import { loadFromScan } from "../session/load.js";
import { scanSessionText } from "../session/scan.js";
import type { PiProfile } from "../types.js";
import type { CrossSessionHit, CrossSessionPage, CrossSessionSearchOptions } from "./recall-cache-search.js";
import { isListedByPi, listedValues } from "./sessions.js";

export function searchWithoutIndex(paths: readonly string[], profile: PiProfile, q: RecallQuery, opts: CrossSessionSearchOptions = {}): RecallResult<CrossSessionPage> {
  const pageSize = Math.max(1, Math.floor(opts.pageSize ?? 10));
  const page = Math.floor(opts.page ?? 1);
  if (page < 1) return { ok: false, message: `Page ${opts.page} is outside the available range (pages start at 1).` };
  const want = page * pageSize;
  const found: (CrossSessionHit & { order: number })[] = [];
  let total = 0;
  let sessions = 0;
  let timedOut = false;
  const corrections: Record<string, string[]> = {};
  const sorted = [...paths].sort();
  for (let f = 0; f < sorted.length; f++) {
    const path = sorted[f];
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path);
    } catch {
      continue;
    }
    const scan = scanSessionText(bytes, profile);
    const loaded = loadFromScan(scan, profile);
    if (loaded.invalid !== undefined || !isListedByPi(listedValues(scan, profile), profile)) continue;
    sessions++;
    const index = buildRecallIndex({ entries: loaded.entries });
    const r = search(index, q, { scope: "all", pageSize: want, now: opts.now, budgetMs: opts.budgetMs });
    if (!r.ok) continue;
    total += r.value.total;
    timedOut ||= r.value.timedOut;
    for (const [w, terms] of Object.entries(r.value.corrections)) corrections[w] = [...new Set([...(corrections[w] ?? []), ...terms])];
    r.value.hits.forEach((h, i) =>
      found.push({
        order: f * 1e7 + i,
        rank: 0,
        score: h.score,
        sessionPath: path,
        sessionId: loaded.header?.id ?? "",
        entryId: h.entryId,
        ref: h.ref,
        role: h.role,
        files: h.files,
        summary: h.summary,
        snippet: h.snippet,
      }),
    );
  }
  found.sort((a, b) => b.score - a.score || a.order - b.order);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page > pageCount && total > 0) return { ok: false, message: `Page ${page} is outside the available range 1-${pageCount} (${total} matches).` };
  const hits = found.slice((page - 1) * pageSize, want).map(({ order: _order, ...h }, i) => ({ ...h, rank: (page - 1) * pageSize + i + 1 }));
  return { ok: true, value: { query: q.text, total, totalIsLowerBound: false, page, pageCount, pageSize, hits, corrections, timedOut, sessions } };
}
