// Where no SQLite driver loads, `recall --all` indexes the sessions in this process's memory. The
// rule is the cache's: the answer is the one a fresh index gives. Checked page by page (hits,
// order, scores, snippets, totals, corrections) against a fresh SQLite index where a driver loads,
// and against each file searched on its own everywhere.
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { parseRecallQuery, type RecallQuery } from "../../src/engine/index.js";
import { RecallCache } from "../../src/engine/store/recall-cache.js";
import { compareCodePoints } from "../../src/engine/store/recall-index-reader.js";
import { describeWithShared, sharedPath } from "../support/shared.js";
import { hasSqlite } from "../support/sqlite.js";
import { appendTurns, jsonlFiles, line, makeSessions, QUERIES } from "./recall-sessions.js";
import { searchEachFileAlone } from "./search-each-file.js";

const MORE_QUERIES = [
  ...QUERIES,
  "role:user",
  "tool:read",
  "file:src",
  "role:toolResult tool:bash",
  "cache expiry tool:read",
  '"expiry token"',
  "tokn refresh",
  "/fail(ed|ure)/",
  "role:bash /npm/",
  "𝐀𝐁𝐂",
  "東京",
  "straße",
  "café",
  "helloworld",
  "hello",
];

let root: string;
let files: string[];

/** A session with what the generated ones lack: errors, bash, non-ASCII words (some beyond U+FFFF), damage, a file pi skips. */
function addOddSessions(sessions: string): void {
  const dir = join(sessions, "--home-dev-odd--");
  mkdirSync(dir, { recursive: true });
  let out = line({ type: "session", version: 3, id: "odd", timestamp: "2026-03-02T10:00:00.000Z", cwd: "/home/dev/odd" });
  // A lone surrogate (JSON can carry one) is no letter: SQLite could not store a term holding it.
  const texts = ["𝐀𝐁𝐂 and 𝐀𝐁𝐃 words, then ｆｕｌｌ width", "東京 café straße cache expiry", "the build failed: npm ERR! cache expiry", "Straße 東京 tokn hello\ud800world"];
  let parent: string | null = null;
  texts.forEach((text, i) => {
    out += line({ type: "message", id: `o-u${i}`, parentId: parent, timestamp: "2026-03-02T10:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });
    out += "{ a damaged line\n";
    out += line({ type: "message", id: `o-b${i}`, parentId: `o-u${i}`, timestamp: "2026-03-02T10:00:02.000Z", message: { role: "bashExecution", command: "npm test", output: `${text} failure`, exitCode: i % 2, timestamp: 2 } });
    out += line({
      type: "message",
      id: `o-r${i}`,
      parentId: `o-b${i}`,
      timestamp: "2026-03-02T10:00:03.000Z",
      message: { role: "toolResult", toolCallId: `c${i}`, toolName: "bash", content: [{ type: "text", text: `${text} failed` }], isError: i === 2, timestamp: 3 },
    });
    parent = `o-r${i}`;
  });
  writeFileSync(join(dir, "2026-03-02T10-00-00-000Z_odd.jsonl"), out);
  // pi's listing skips a session with a message entry whose message is null: no hit may name it.
  writeFileSync(
    join(dir, "2026-03-03T10-00-00-000Z_skipped.jsonl"),
    line({ type: "session", version: 3, id: "skipped", timestamp: "2026-03-03T10:00:00.000Z", cwd: "/p" }) +
      line({ type: "message", id: "k1", parentId: null, timestamp: "2026-03-03T10:00:01.000Z", message: { role: "user", content: "cache expiry token", timestamp: 1 } }) +
      line({ type: "message", id: "k2", parentId: "k1", timestamp: "2026-03-03T10:00:02.000Z", message: null }),
  );
}

beforeEach(() => {
  const made = makeSessions(9, 12);
  root = made.root;
  addOddSessions(made.sessions);
  files = jsonlFiles(made.sessions);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Pages 1 and 2 (7 hits each) of every query, whole. */
function pages(cache: RecallCache, queries: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const q of queries) for (const page of [1, 2]) out[`${q} #${page}`] = cache.search(q, { page, pageSize: 7, now: () => 0, budgetMs: 60_000 });
  return out;
}

function answersOf(options: { sqlite?: "none" }, queries: readonly string[], at = join(root, `cache-${Math.random()}`, "recall.sqlite")): Record<string, unknown> {
  const cache = RecallCache.open(at, options);
  try {
    cache.update(files, "1.6");
    return pages(cache, queries);
  } finally {
    cache.close();
  }
}

it("code points order terms as SQLite orders TEXT (UTF-8), not as UTF-16 does", () => {
  // U+FF41 (ａ) is above U+D835 (a surrogate of 𝐀, U+1D400) in UTF-16, below it in code points.
  expect(compareCodePoints("ａ", "𝐀")).toBeLessThan(0);
  expect("ａ" < "𝐀").toBe(false);
  expect(compareCodePoints("ab", "abc")).toBeLessThan(0);
  expect(compareCodePoints("abc", "abc")).toBe(0);
  expect(Buffer.compare(Buffer.from("ａ"), Buffer.from("𝐀"))).toBeLessThan(0);
});

it("ranked ties and the regular expression listing order sessions alike: by path as SQLite orders TEXT", () => {
  const dir = mkdtempSync(join(tmpdir(), "recall-order-"));
  try {
    const made: string[] = [];
    for (const name of ["--𝐀--", "--ａ--", "--z--"]) {
      mkdirSync(join(dir, name));
      const file = join(dir, name, "2026-03-01T10-00-00-000Z_s.jsonl");
      writeFileSync(file, line({ type: "session", version: 3, id: name, timestamp: "2026-03-01T10:00:00.000Z", cwd: "/p" }) + line({ type: "message", id: "u", parentId: null, timestamp: "2026-03-01T10:00:01.000Z", message: { role: "user", content: "zebra crossing", timestamp: 1 } }));
      made.push(file);
    }
    for (const options of hasSqlite ? [{ sqlite: "none" as const }, {}] : [{ sqlite: "none" as const }]) {
      const cache = RecallCache.open(join(dir, `cache-${Math.random()}`, "recall.sqlite"), options);
      try {
        cache.update(made, "1.6");
        const order = (q: string) => (cache.search(q) as { value: { hits: { sessionId: string }[] } }).value.hits.map((h) => h.sessionId);
        expect(order("zebra")).toEqual(["--z--", "--ａ--", "--𝐀--"]);
        expect(order("/zebra/")).toEqual(order("zebra"));
      } finally {
        cache.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it.skipIf(!hasSqlite)("answers every query exactly as a fresh SQLite index: hits, order, scores, snippets, pages", () => {
  const memory = answersOf({ sqlite: "none" }, MORE_QUERIES);
  const fresh = answersOf({}, MORE_QUERIES);
  expect(memory).toEqual(fresh);
  // The comparison has something to compare: ties across sessions, corrections, a regex, pages.
  const first = memory["cache expiry #1"] as { ok: true; value: { total: number; hits: unknown[] } };
  expect(first.value.total).toBeGreaterThan(14);
  expect((memory["sesion #1"] as { value: { corrections: object } }).value.corrections).toEqual({ sesion: expect.any(Array) });
  expect((memory["𝐀𝐁𝐂 #1"] as { value: { total: number } }).value.total).toBe(3);
});

it.skipIf(!hasSqlite)("after appends, a rewrite and a deletion, it still answers as a fresh index", () => {
  const cache = RecallCache.open(join(root, "none", "recall.sqlite"), { sqlite: "none" });
  try {
    cache.update(files, "1.6");
    appendTurns(files[0], "s0-r11", 3, "cache expiry appended later");
    writeFileSync(files[1], line({ type: "session", version: 3, id: "s1", timestamp: "2026-03-01T10:00:00.000Z", cwd: "/p" }));
    rmSync(files[2]);
    files = files.filter((_, i) => i !== 2);
    appendFileSync(files[3], line({ type: "message", id: "late", parentId: null, timestamp: "2026-03-01T12:00:00.000Z", message: { role: "user", content: "token refresh later", timestamp: 5 } }));
    // A session that cannot be read any more (here a folder in its place) leaves the index, as it is not in a fresh one.
    rmSync(files[4]);
    mkdirSync(files[4]);
    const stats = cache.update(files, "1.6");
    // The deleted session, and the one that cannot be read (named among the failures too).
    expect(stats).toMatchObject({ removed: 2, reindexed: 3, failed: [`${files[4]}: cannot read (EISDIR)`] });
    expect(pages(cache, MORE_QUERIES)).toEqual(answersOf({}, MORE_QUERIES));
  } finally {
    cache.close();
  }
});

it("built in slices (as the picker builds it), each slice reading one file though told to stop at once, then grown: it answers as a fresh index", () => {
  const cache = RecallCache.open(join(root, "none", "recall.sqlite"), { sqlite: "none" });
  try {
    let slices = 0;
    let left = Infinity;
    while (left > 0 && slices <= files.length) {
      // Told to stop before any file, as a slice whose time went on looking at the files; search between slices, as the picker does.
      const stats = cache.update(files, "1.6", { shouldStop: () => true, workers: false });
      expect(stats.left).toBe(files.length - slices - 1);
      left = stats.left;
      cache.search("cache expiry");
      slices++;
    }
    expect(slices).toBe(files.length);
    // A session changed mid-way through another build in slices: the tables never hold a file half.
    appendTurns(files[5], "s5-r11", 2, "login parser appended");
    expect(cache.update(files, "1.6", { shouldStop: () => true, workers: false })).toMatchObject({ reindexed: 1, left: 0 });
    const expected = hasSqlite ? answersOf({}, MORE_QUERIES) : answersOf({ sqlite: "none" }, MORE_QUERIES);
    expect(pages(cache, MORE_QUERIES)).toEqual(expected);
  } finally {
    cache.close();
  }
});

it("a path listed twice is one session, as in the cache", () => {
  const cache = RecallCache.open(join(root, "none", "recall.sqlite"), { sqlite: "none" });
  try {
    cache.update([...files, files[0]], "1.6");
    const twice = pages(cache, MORE_QUERIES);
    expect(twice).toEqual(answersOf({ sqlite: "none" }, MORE_QUERIES));
    if (hasSqlite) expect(twice).toEqual(answersOf({}, MORE_QUERIES));
  } finally {
    cache.close();
  }
});

it("finds in each session the entries searching that file on its own finds (no SQLite needed)", () => {
  const cache = RecallCache.open(join(root, "none", "recall.sqlite"), { sqlite: "none" });
  try {
    cache.update(files, "1.6");
    expect(cache.mode).toBe("files");
    for (const text of ["cache expiry", '"cache expiry"', "role:user login", "tool:bash failed", "file:src/cache.ts", "/time(out)?s?/", "東京", "𝐀𝐁𝐂"]) {
      const q = parseRecallQuery(text);
      if (!q.ok) throw new Error(q.message);
      const indexed = cache.search(q.value as RecallQuery, { pageSize: 100_000, now: () => 0, budgetMs: 60_000 });
      if (!indexed.ok) throw new Error(text);
      const alone = searchEachFileAlone(files, q.value);
      expect(indexed.value.total, text).toBe(alone.total);
      const key = (hits: { sessionPath: string; entryId: string; files: string[] }[]) => hits.map((h) => `${h.sessionPath} ${h.entryId} ${h.files.join(",")}`).sort();
      expect(key(indexed.value.hits), text).toEqual(key(alone.hits));
    }
    // The session pi's listing skips is not searched; the other nine and the odd one are.
    expect((cache.search("cache expiry") as { value: { sessions: number } }).value.sessions).toBe(10);
  } finally {
    cache.close();
  }
});

describeWithShared("the memory index on the corpus", () => {
  const CORPUS_QUERIES = ["cache expiry", "test", "error handling", "session", '"tool call"', "tide", "expir", "compactoin", "role:user fix", "role:user auth", "tool:bash npm", "file:src", "/fail(ed|ure)/", "auth", "zzzqqq"];
  it.skipIf(!hasSqlite)("answers as a fresh SQLite index on every corpus session", () => {
    const dir = mkdtempSync(join(tmpdir(), "recall-memory-corpus-"));
    try {
      cpSync(sharedPath("corpus"), join(dir, "sessions"), { recursive: true });
      files = jsonlFiles(join(dir, "sessions"));
      expect(answersOf({ sqlite: "none" }, CORPUS_QUERIES, join(dir, "a", "recall.sqlite"))).toEqual(answersOf({}, CORPUS_QUERIES, join(dir, "b", "recall.sqlite")));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
