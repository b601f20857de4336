// The picker's index worker (built: dist/bin/recall-index-worker.js): it builds the cache file off
// the main thread, reports progress, and says so when it cannot use the cache.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { IndexMessage } from "../../components/picker/recall-index-worker.js";
import { RecallCache } from "../../src/engine/store/recall-cache.js";
import { ensureBuilt } from "../support/built-app.js";
import { PROJECT_ROOT } from "../support/shared.js";
import { describeWithSqlite } from "../support/sqlite.js";
import { answers, makeSessions } from "../store/recall-sessions.js";

const WORKER = join(PROJECT_ROOT, "dist", "bin", "recall-index-worker.js");
let root: string;
let files: string[];

beforeAll(() => {
  ensureBuilt(WORKER);
  ({ root, files } = makeSessions(12, 60));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function runWorker(cacheFile: string): Promise<IndexMessage[]> {
  return new Promise((resolve, reject) => {
    const seen: IndexMessage[] = [];
    const w = new Worker(pathToFileURL(WORKER), { workerData: { cacheFile, files, profile: "1.6", sqlite: "auto" } });
    w.on("message", (m: IndexMessage) => seen.push(m));
    w.on("error", reject);
    w.on("exit", () => resolve(seen));
  });
}

describeWithSqlite("the picker's index worker", () => {
  it("builds the cache the picker then searches, exactly as an index built in this thread", async () => {
    const cacheFile = join(root, "cache", "recall.sqlite");
    const seen = await runWorker(cacheFile);
    expect(seen.at(-1)).toEqual({ type: "done", notices: [] });
    const built = RecallCache.open(cacheFile);
    const here = RecallCache.open(join(root, "here", "recall.sqlite"));
    try {
      // Nothing left to read: the worker indexed every file.
      expect(built.update(files, "1.6")).toMatchObject({ unchanged: 12, reindexed: 0 });
      here.update(files, "1.6");
      expect(answers(built)).toEqual(answers(here));
    } finally {
      built.close();
      here.close();
    }
  }, 60_000);

  it("a cache it cannot use (a path through a file) is said back, not half built", async () => {
    writeFileSync(join(root, "blocker"), "a file");
    const seen = await runWorker(join(root, "blocker", "pi-explorer", "recall.sqlite"));
    expect(seen).toEqual([{ type: "unusable", notices: [expect.stringMatching(/not used \(a part of its path is a file\)/)] }]);
  }, 60_000);
});
