// The cross-session index on the real corpus, copied into a temporary sessions folder: the same
// hits in the same order whether it was built in one go or grew file by file and line by line,
// the same entries per session as searching each file on its own, and its size.
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseRecallQuery, type RecallQuery } from "../../src/engine/index.js";
import { RecallCache } from "../../src/engine/store/recall-cache.js";
import { describeWithShared, sharedPath } from "../support/shared.js";
import { hasSqlite } from "../support/sqlite.js";
import { answers, jsonlFiles, sizeOf } from "./recall-sessions.js";
import { searchEachFileAlone } from "./search-each-file.js";

/**
 * Words whose prefix forms and spellings are few: a prefix or a typo expands over the terms of the
 * whole index (at most 30 forms, the commonest spellings across sessions), a file alone over its own.
 */
const EXACT_QUERIES = ["cache expiry", "error handling", '"tool call"', '"in the session"', '"to the"', '"the the"', "role:user fix", "tool:bash npm", "file:src", "/fail(ed|ure)/", "file:src /fail(ed|ure)/", "role:toolResult tool:bash /npm/", "zzzqqq"];
const QUERIES = ["cache expiry", "test", "error handling", "session", '"tool call"', "tide", "expir", "compactoin", "role:user fix", "tool:bash npm", "file:src", "/fail(ed|ure)/", "zzzqqq"];

let root: string;
let files: string[];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "recall-corpus-"));
  cpSync(sharedPath("corpus"), join(root, "sessions"), { recursive: true });
  files = jsonlFiles(join(root, "sessions"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function build(name: string, steps: (cache: RecallCache) => void): Record<string, string[]> {
  const cache = RecallCache.open(join(root, name, "recall.sqlite"));
  try {
    steps(cache);
    expect(cache.notices).toEqual([]);
    return answers(cache, QUERIES);
  } finally {
    cache.close();
  }
}

describeWithShared("recall index on the corpus", () => {
  if (!hasSqlite) console.warn("[skip] recall index on the corpus: no SQLite driver loads here");
  it.skipIf(!hasSqlite)("grown file by file and line by line, it answers exactly as an index built in one go", () => {
    const fresh = build("fresh", (c) => c.update(files, "1.6"));
    expect(fresh["cache expiry"][0]).toMatch(/^total [1-9]/);
    // Half the sessions, then each of the others growing from 40 % of its bytes (whole lines) to all of them.
    const full = new Map(files.map((f) => [f, readFileSync(f)]));
    const incremental = build("incremental", (c) => {
      c.update(files.slice(0, files.length >> 1), "1.6");
      for (const f of files.slice(files.length >> 1)) {
        const bytes = full.get(f)!;
        const cut = bytes.lastIndexOf(10, Math.floor(bytes.length * 0.4)) + 1;
        truncateSync(f, cut);
      }
      c.update(files, "1.6");
      for (const f of files.slice(files.length >> 1)) {
        const bytes = full.get(f)!;
        const at = statSync(f).size;
        // Appended in two steps, as pi writes.
        const mid = bytes.lastIndexOf(10, Math.floor((at + bytes.length) / 2)) + 1;
        appendFileSync(f, bytes.subarray(at, Math.max(at, mid)));
        c.update(files, "1.6");
        appendFileSync(f, bytes.subarray(statSync(f).size));
      }
      const last = c.update(files, "1.6");
      expect(last.appended).toBeGreaterThan(0);
    });
    expect(incremental).toEqual(fresh);
  }, 120_000);

  it.skipIf(!hasSqlite)("finds in each session the entries searching that file on its own finds", () => {
    const cache = RecallCache.open(join(root, "alone", "recall.sqlite"));
    try {
      cache.update(files, "1.6");
      for (const text of EXACT_QUERIES) {
        const q = parseRecallQuery(text);
        if (!q.ok) throw new Error(q.message);
        const bySession = (hits: { sessionPath: string; entryId: string }[]) => {
          const out: Record<string, string[]> = {};
          for (const h of hits) (out[h.sessionPath] ??= []).push(h.entryId);
          for (const k of Object.keys(out)) out[k].sort();
          return out;
        };
        const indexed = cache.search(q.value as RecallQuery, { pageSize: 100_000, now: () => 0, budgetMs: 60_000 });
        const alone = searchEachFileAlone(files, q.value);
        if (!indexed.ok) throw new Error(text);
        expect(indexed.value.total, text).toBe(alone.total);
        expect(bySession(indexed.value.hits), text).toEqual(bySession(alone.hits));
        // Each hit names the same files (a tool result its call's paths), read back from the session.
        const filesOf = (hits: { sessionPath: string; entryId: string; files: string[] }[]) => Object.fromEntries(hits.map((h) => [`${h.sessionPath} ${h.entryId}`, h.files]));
        expect(filesOf(indexed.value.hits), text).toEqual(filesOf(alone.hits));
      }
    } finally {
      cache.close();
    }
  }, 120_000);

  it.skipIf(!hasSqlite)("its size, against the sessions it covers", () => {
    const path = join(root, "size", "recall.sqlite");
    const cache = RecallCache.open(path);
    cache.update(files, "1.6");
    cache.close();
    const ratio = statSync(path).size / sizeOf(files);
    console.log(`[recall index] corpus: ${(statSync(path).size / 1e6).toFixed(2)} MB for ${(sizeOf(files) / 1e6).toFixed(2)} MB of sessions (${ratio.toFixed(2)}x)`);
    // The bound. Measured with dbstat: the postings with their positions take 0.15x, terms
    // 0.03x, docs 0.02x, the paths, calls and tools the filters use 0.03x (0.24x in all).
    expect(ratio).toBeLessThanOrEqual(0.25);
  });
});
