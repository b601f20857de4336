// The cross-session index: built once, then updated from where each file was last read.
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { listAllSessionFiles } from "../../src/engine/index.js";
import { RecallCache, recallCacheFile, RECALL_SCHEMA_VERSION } from "../../src/engine/store/recall-cache.js";
import { loadSqlite, type SqliteDriver } from "../../src/engine/store/sqlite.js";
import { FIXTURES } from "../support/shared.js";
import { describeWithSqlite } from "../support/sqlite.js";

let dir: string;
let sessions: string;
let dbPath: string;
let a: string;
let b: string;

const line = (o: object): string => `${JSON.stringify(o)}\n`;
const userEntry = (id: string, parentId: string, text: string) =>
  line({ type: "message", id, parentId, timestamp: "2026-03-01T11:00:00.000Z", message: { role: "user", content: text, timestamp: 1 } });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "recall-cache-"));
  sessions = join(dir, "sessions");
  mkdirSync(join(sessions, "--home-dev-shop--"), { recursive: true });
  mkdirSync(join(sessions, "--home-dev-other--"), { recursive: true });
  a = join(sessions, "--home-dev-shop--", "2026-03-01T10-00-00-000Z_recall-fixture.jsonl");
  b = join(sessions, "--home-dev-other--", "2026-03-02T10-00-00-000Z_other.jsonl");
  copyFileSync(join(FIXTURES, "recall", "session.jsonl"), a);
  writeFileSync(b, line({ type: "session", version: 3, id: "other", timestamp: "2026-03-02T10:00:00.000Z", cwd: "/home/dev/other" }) + userEntry("o1", null as unknown as string, "Deploy the zebracorn dashboard"));
  dbPath = join(dir, "cache", "pi-explorer", "recall.sqlite");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The session files pi's listAll reads under <dir>/sessions (recall --all's file set), sorted. */
const listed = (): string[] => listAllSessionFiles({ agentDir: dir, profile: "1.6" }).sort();

function withCache<T>(work: (cache: RecallCache) => T): T {
  const cache = RecallCache.open(dbPath);
  try {
    return work(cache);
  } finally {
    cache.close();
  }
}

function hits(cache: RecallCache, query: string): string[] {
  const r = cache.search(query, { pageSize: 100 });
  if (!r.ok) throw new Error(r.message);
  return r.value.hits.map((h) => `${h.sessionId}:${h.entryId}:${h.ref}`);
}

describeWithSqlite("recall cache", () => {
  it("lives in XDG_CACHE_HOME or ~/.cache", () => {
    expect(recallCacheFile({ XDG_CACHE_HOME: "/x/cache" }, "/home/u")).toBe("/x/cache/pi-explorer/recall.sqlite");
    expect(recallCacheFile({}, "/home/u")).toBe("/home/u/.cache/pi-explorer/recall.sqlite");
    expect(recallCacheFile({ XDG_CACHE_HOME: "relative" }, "/home/u")).toBe("/home/u/.cache/pi-explorer/recall.sqlite");
  });

  it("indexes every session of the directory and lists the session of each hit", () => {
    const files = listed();
    expect(files).toEqual([b, a].sort());
    withCache((cache) => {
      const stats = cache.update(files, "1.6");
      expect(stats).toMatchObject({ files: 2, reindexed: 2, appended: 0, unchanged: 0 });
      expect(hits(cache, "zebracorn").sort()).toEqual(["other:o1:0", "recall-fixture:r2:4"]);
      const r = cache.search("zebracorn");
      expect(r.ok && r.value.hits.find((h) => h.entryId === "r2")!.sessionPath).toBe(a);
    });
  });

  it("a file that grew is read from where it stopped, and the new text is found", () => {
    const files = listed();
    withCache((cache) => cache.update(files, "1.6"));
    appendFileSync(a, userEntry("u6", "u5", "Remember the platypus migration plan"));
    withCache((cache) => {
      const stats = cache.update(files, "1.6");
      expect(stats).toMatchObject({ appended: 1, reindexed: 0, unchanged: 1, docsAdded: 1 });
      expect(hits(cache, "platypus")).toEqual(["recall-fixture:u6:19"]);
      expect(hits(cache, "zebracorn").sort()).toEqual(["other:o1:0", "recall-fixture:r2:4"]);
    });
  });

  it("phrases over many appends (their segments merged into one row per term) rank as in a fresh index", () => {
    const files = listed();
    withCache((cache) => cache.update(files, "1.6"));
    let parent = "o1";
    for (let k = 0; k < 12; k++) {
      const id = `p${k}`;
      const text = k % 3 === 0 ? `the blue heron waded, blue heron again ${k}` : k % 3 === 1 ? `heron blue, not the phrase ${k}` : `a blue cat and a heron ${k}`;
      appendFileSync(b, userEntry(id, parent, text));
      parent = id;
      withCache((cache) => cache.update(files, "1.6"));
    }
    const queries = ['"blue heron"', '"heron blue"', "blue heron", '"heron again"'];
    const incremental = withCache((cache) => Object.fromEntries(queries.map((q) => [q, hits(cache, q)])));
    rmSync(dbPath);
    const fresh = withCache((cache) => {
      cache.update(files, "1.6");
      return Object.fromEntries(queries.map((q) => [q, hits(cache, q)]));
    });
    expect(incremental).toEqual(fresh);
    // Two occurrences in p0, p3, p6, p9 rank them first; "heron blue" only where those words meet in that order.
    expect(fresh['"blue heron"'].slice(0, 4).sort()).toEqual(["other:p0:1", "other:p3:4", "other:p6:7", "other:p9:10"]);
    expect(fresh['"heron blue"'].sort()).toEqual(["other:p10:11", "other:p1:2", "other:p4:5", "other:p7:8"]);
  });

  it("a message entry without an id (a damaged line) is left out, the file's other entries found, read whole or appended", () => {
    const damaged = join(sessions, "--home-dev-shop--", "2026-03-03T10-00-00-000Z_missing-id.jsonl");
    copyFileSync(join(FIXTURES, "damaged", "missing-id.jsonl"), damaged);
    const files = listed();
    withCache((cache) => {
      cache.update(files, "1.6");
      expect(hits(cache, "hello")).toEqual(["dmg:u1:0"]);
    });
    appendFileSync(damaged, line({ type: "message", parentId: "u1", timestamp: "t", message: { role: "user", content: "hello again", timestamp: 3 } }));
    withCache((cache) => {
      cache.update(files, "1.6");
      expect(hits(cache, "hello")).toEqual(["dmg:u1:0"]);
    });
  });

  it("a line still being written waits until its newline arrives", () => {
    const files = listed();
    withCache((cache) => cache.update(files, "1.6"));
    const entry = userEntry("u6", "u5", "half written wombat");
    appendFileSync(a, entry.slice(0, 30));
    withCache((cache) => {
      cache.update(files, "1.6");
      expect(hits(cache, "wombat")).toEqual([]);
    });
    appendFileSync(a, entry.slice(30));
    withCache((cache) => {
      expect(cache.update(files, "1.6")).toMatchObject({ appended: 1 });
      expect(hits(cache, "wombat")).toEqual(["recall-fixture:u6:19"]);
    });
  });

  it("a tool result appended later still knows the file its call touched", () => {
    const files = listed();
    appendFileSync(
      a,
      line({ type: "message", id: "a9", parentId: "u5", timestamp: "t", message: { role: "assistant", content: [{ type: "toolCall", id: "c9", name: "read", arguments: { path: "src/late.ts" } }], stopReason: "toolUse" } }),
    );
    withCache((cache) => cache.update(files, "1.6"));
    appendFileSync(a, line({ type: "message", id: "r9", parentId: "a9", timestamp: "t", message: { role: "toolResult", toolCallId: "c9", toolName: "read", content: [{ type: "text", text: "late content" }], isError: false } }));
    withCache((cache) => {
      cache.update(files, "1.6");
      expect(hits(cache, "file:src/late.ts")).toEqual(["recall-fixture:a9:19", "recall-fixture:r9:20"]);
    });
  });

  it("a file whose indexed prefix changed, or that shrank, is read again from the start", () => {
    const files = listed();
    withCache((cache) => cache.update(files, "1.6"));
    const text = readFileSync(a, "utf8");
    writeFileSync(a, text.replace("zebracorn", "quokkasaur") + userEntry("u6", "u5", "more"));
    withCache((cache) => {
      expect(cache.update(files, "1.6")).toMatchObject({ reindexed: 1, appended: 0 });
      expect(hits(cache, "quokkasaur")).toEqual(["recall-fixture:r2:4"]);
      expect(hits(cache, "zebracorn")).toEqual(["other:o1:0"]);
    });
    writeFileSync(a, text.split("\n").slice(0, 3).join("\n") + "\n");
    withCache((cache) => {
      expect(cache.update(files, "1.6")).toMatchObject({ reindexed: 1 });
      expect(hits(cache, "quokkasaur")).toEqual([]);
    });
  });

  it("a file pi's listing skips gives no hits, also when a later append makes pi skip it (both releases)", () => {
    const nullMessage = line({ type: "message", id: "bad", parentId: "o1", timestamp: "2026-03-02T11:00:00.000Z", message: null });
    for (const profile of ["1.6", "0.73"] as const) {
      const files = listed();
      const fresh = readFileSync(b, "utf8");
      withCache((cache) => {
        expect(cache.update(files, profile)).toMatchObject({ unlisted: 0 });
        expect(hits(cache, "zebracorn").sort()).toEqual(["other:o1:0", "recall-fixture:r2:4"]);
      });
      // Appended: pi's listing now throws on b, so /resume no longer offers it.
      appendFileSync(b, nullMessage);
      withCache((cache) => {
        expect(cache.update(files, profile)).toMatchObject({ unlisted: 1, unchanged: 1, reindexed: 1, appended: 0 });
        expect(hits(cache, "zebracorn")).toEqual(["recall-fixture:r2:4"]);
        const r = cache.search("zebracorn");
        expect(r.ok && r.value.sessions).toBe(1);
      });
      // More good lines do not bring it back (pi still skips it); nothing changed still counts it.
      appendFileSync(b, userEntry("o2", "o1", "Another zebracorn"));
      withCache((cache) => {
        expect(cache.update(files, profile)).toMatchObject({ unlisted: 1, appended: 1, docsAdded: 0 });
        expect(cache.update(files, profile)).toMatchObject({ unlisted: 1, unchanged: 2 });
        expect(hits(cache, "zebracorn")).toEqual(["recall-fixture:r2:4"]);
      });
      // Rewritten without the bad line: listed and searched again.
      writeFileSync(b, fresh);
      withCache((cache) => {
        expect(cache.update(files, profile)).toMatchObject({ unlisted: 0, reindexed: 1 });
        expect(hits(cache, "zebracorn").sort()).toEqual(["other:o1:0", "recall-fixture:r2:4"]);
      });
      for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
    }
  });

  it("unchanged files are not read; deleted files leave the index", () => {
    const files = listed();
    withCache((cache) => cache.update(files, "1.6"));
    withCache((cache) => expect(cache.update(files, "1.6")).toMatchObject({ unchanged: 2, reindexed: 0, appended: 0 }));
    rmSync(b);
    withCache((cache) => {
      expect(cache.update(listed(), "1.6")).toMatchObject({ removed: 1 });
      expect(hits(cache, "zebracorn")).toEqual(["recall-fixture:r2:4"]);
    });
  });

  it("a session that can no longer be looked at leaves the index (a fresh one would not have it), and comes back when it can", () => {
    const files = listed();
    withCache((cache) => cache.update(files, "1.6"));
    const body = readFileSync(b);
    rmSync(b);
    mkdirSync(b);
    withCache((cache) => {
      expect(cache.update(files, "1.6").failed).toEqual([`${b}: cannot read (EISDIR)`]);
      expect(hits(cache, "zebracorn")).toEqual(["recall-fixture:r2:4"]);
      expect((cache.search("zebracorn") as { value: { sessions: number } }).value.sessions).toBe(1);
      // Not found out by a search, as damage, with the whole index built again.
      expect(cache.notices).toEqual([]);
    });
    rmSync(b, { recursive: true });
    writeFileSync(b, body);
    withCache((cache) => {
      expect(cache.update(files, "1.6")).toMatchObject({ reindexed: 1, failed: [] });
      expect(hits(cache, "zebracorn")).toEqual(["other:o1:0", "recall-fixture:r2:4"]);
    });
  });

  it("an update told to stop at once still reads one file (a slice of the picker's build always gets somewhere)", () => {
    const files = listed();
    withCache((cache) => {
      expect(cache.update(files, "1.6", { shouldStop: () => true, workers: false })).toMatchObject({ reindexed: 1, left: 1 });
      expect(cache.update(files, "1.6", { shouldStop: () => true, workers: false })).toMatchObject({ reindexed: 1, unchanged: 1, left: 0 });
    });
  });

  it("a session deleted between the update and the search: the search brings the index up to date, not rebuilds it", () => {
    const files = listed();
    withCache((cache) => {
      cache.update(files, "1.6");
      rmSync(b);
      // The hit in the deleted session is met with its lines gone; the update it runs drops the file.
      expect(hits(cache, "zebracorn")).toEqual(["recall-fixture:r2:4"]);
      expect(cache.notices).toEqual([]);
    });
  });

  it("a word only a deleted session held is found no more, not as a prefix nor as a spelling, though its term row stays until space is given back", () => {
    appendFileSync(b, userEntry("o2", "o1", "the quokkanaut landed"));
    withCache((cache) => cache.update(listed(), "1.6"));
    rmSync(b);
    const queries = ["quokkanaut", "quokkan", "quokkanaot", "landed"];
    const answer = (cache: RecallCache) =>
      queries.map((q) => {
        const r = cache.search(q, { pageSize: 100 });
        if (!r.ok) throw new Error(r.message);
        return { q, hits: r.value.hits.map((h) => `${h.sessionId}:${h.entryId}`), corrections: r.value.corrections };
      });
    const updated = withCache((cache) => {
      expect(cache.update(listed(), "1.6")).toMatchObject({ removed: 1 });
      return answer(cache);
    });
    expect(updated.slice(0, 3)).toEqual(queries.slice(0, 3).map((q) => ({ q, hits: [], corrections: {} })));
    // The session left is a small share of the index: its terms' rows were not swept yet.
    const db = (loadSqlite() as SqliteDriver).open(dbPath);
    try {
      expect(db.prepare("SELECT count(*) FROM terms WHERE term = 'quokkanaut'").value()).toBe(1);
    } finally {
      db.close();
    }
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(dbPath + suffix, { force: true });
    expect(withCache((cache) => (cache.update(listed(), "1.6"), answer(cache)))).toEqual(updated);
  });

  it("a corrupt index file is rebuilt, not trusted", () => {
    mkdirSync(join(dir, "cache", "pi-explorer"), { recursive: true });
    writeFileSync(dbPath, "this is not a database, just garbage bytes ".repeat(200));
    withCache((cache) => {
      expect(cache.notices.join("\n")).toMatch(/unreadable/);
      cache.update(listed(), "1.6");
      expect(hits(cache, "zebracorn")).toHaveLength(2);
    });
  });

  it("among equally near spellings, corrects to the one more sessions use", () => {
    appendFileSync(b, userEntry("o2", "o1", "please commit it") + userEntry("o3", "o2", "commit again") + userEntry("o4", "o3", "we omit the rest"));
    withCache((cache) => {
      cache.update(listed(), "1.6");
      // "ommit" is one edit from both "omit" (1 doc, same first letter) and "commit" (2 docs).
      const r = cache.search("ommit");
      expect(r.ok && r.value.corrections.ommit?.[0]).toBe("commit");
      expect(r.ok && r.value.corrections.ommit).toContain("omit");
    });
  });

  it("an index of another schema version is rebuilt", () => {
    withCache((cache) => cache.update(listed(), "1.6"));
    const db = (loadSqlite() as SqliteDriver).open(dbPath);
    db.exec(`PRAGMA user_version = ${RECALL_SCHEMA_VERSION + 1}`);
    db.close();
    withCache((cache) => {
      expect(cache.notices).toEqual([`recall index was rebuilt: schema version ${RECALL_SCHEMA_VERSION + 1}, expected ${RECALL_SCHEMA_VERSION}`]);
      expect(hits(cache, "zebracorn")).toEqual([]);
      expect(cache.update(listed(), "1.6")).toMatchObject({ reindexed: 2 });
    });
  });

  it("ranks, corrects typos, filters and pages across sessions", () => {
    withCache((cache) => {
      cache.update(listed(), "1.6");
      const typo = cache.search("zebracron");
      expect(typo.ok && typo.value.corrections).toEqual({ zebracron: ["zebracorn"] });
      // Typos at the first letter: missing, wrong, one too many.
      for (const word of ["ebracorn", "xebracorn", "azebracorn"]) {
        const r = cache.search(word);
        expect(r.ok && r.value.corrections, word).toEqual({ [word]: ["zebracorn"] });
      }
      expect(hits(cache, "role:user zebracorn")).toEqual(["other:o1:0"]);
      expect(hits(cache, "tool:bash").map((h) => h.split(":")[1])).toEqual(["a2", "r2", "x1"]);
      expect(hits(cache, '"session store"').map((h) => h.split(":")[1]).sort()).toEqual(["a5", "b2", "s1", "u2"]);
      expect(hits(cache, "/expire[sd]/").map((h) => h.split(":")[1])).toEqual(["r1", "a3", "a6"]);
      const p2 = cache.search("login", { pageSize: 2, page: 2 });
      expect(p2.ok && p2.value.hits[0].rank).toBe(3);
      const bad = cache.search("/(a+)+/");
      expect(bad.ok).toBe(false);
    });
  });
});
