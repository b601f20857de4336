// A first build prepares new session files in worker threads (the built script,
// dist/bin/recall-cache-prepare-worker.js) while the main thread writes: the prepared files are
// exactly those prepared in place, an index built through the workers answers exactly as one
// built in one thread, a file the worker cannot read fails as it does without workers, and a
// worker held up by one file does not hold up the others.
import { execFileSync } from "node:child_process";
import { closeSync, constants, existsSync, openSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RecallCache } from "../../src/engine/store/recall-cache.js";
import { CLAIMS, NEXT } from "../../src/engine/store/recall-cache-prepare-claims.js";
import { PreparePool } from "../../src/engine/store/recall-cache-prepare-pool.js";
import { prepareWholeFile } from "../../src/engine/store/recall-cache-prepare.js";
import { ensureBuilt } from "../support/built-app.js";
import { PROJECT_ROOT } from "../support/shared.js";
import { describeWithSqlite } from "../support/sqlite.js";
import { answers, makeSessions } from "./recall-sessions.js";

const WORKER = join(PROJECT_ROOT, "dist", "bin", "recall-cache-prepare-worker.js");
const workerUrl = pathToFileURL(WORKER);
let root: string;
let files: string[];

beforeAll(() => {
  ensureBuilt(WORKER);
  ({ root, files } = makeSessions(9, 40));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const withStat = (path: string) => {
  const s = statSync(path);
  return { path, size: s.size, mtimeMs: s.mtimeMs };
};

it("prepares every file in a worker exactly as in this thread, in order, with two workers", () => {
  const list = files.map(withStat);
  // This thread only waits here (it would otherwise prepare files no worker started yet).
  const pool = PreparePool.start(list, "1.6", { workerUrl, minBytes: 0, workers: 2, steal: false });
  expect(pool).not.toBeNull();
  try {
    for (let i = 0; i < list.length; i++) expect(pool!.take(i)).toEqual(prepareWholeFile(list[i].path, list[i], "1.6"));
    expect(pool!.counts).toEqual({ byWorkers: list.length, here: 0 });
  } finally {
    pool!.close();
  }
});

it("no pool where it does not pay or cannot run: little to read, no worker script", () => {
  const list = files.map(withStat);
  expect(PreparePool.start(list, "1.6", { workerUrl, minBytes: Number.MAX_SAFE_INTEGER })).toBeNull();
  expect(PreparePool.start(list, "1.6", { workerUrl: pathToFileURL(join(root, "missing-worker.js")), minBytes: 0 })).toBeNull();
  expect(PreparePool.start(list, "1.6", { workerUrl, minBytes: 0, workers: 0 })).toBeNull();
});

it("a file the worker cannot read is read in this thread, with the error a build without workers gives", () => {
  const gone = join(root, "gone.jsonl");
  writeFileSync(gone, `${JSON.stringify({ type: "session", version: 3, id: "gone", timestamp: "2026-03-01T10:00:00.000Z", cwd: "/p" })}\n`);
  const list = [withStat(files[0]), withStat(gone), withStat(files[1])];
  rmSync(gone);
  const pool = PreparePool.start(list, "1.6", { workerUrl, minBytes: 0, workers: 1 })!;
  try {
    expect(pool.take(0)).toEqual(prepareWholeFile(list[0].path, list[0], "1.6"));
    expect(() => pool.take(1)).toThrow(/ENOENT/);
    expect(pool.take(2)).toEqual(prepareWholeFile(list[2].path, list[2], "1.6"));
  } finally {
    pool.close();
  }
});

it("taking files as they are ready, the largest first: every file once, a file the worker cannot read fails as without workers", () => {
  const gone = join(root, "gone-ready.jsonl");
  writeFileSync(gone, `${JSON.stringify({ type: "session", version: 3, id: "gone", timestamp: "2026-03-01T10:00:00.000Z", cwd: "/p" })}\n`);
  const list = [...files.slice(0, 3).map(withStat), withStat(gone), ...files.slice(3, 6).map(withStat)];
  rmSync(gone);
  const pool = PreparePool.start(list, "1.6", { workerUrl, minBytes: 0, workers: 2, steal: false, order: "largest-first" })!;
  try {
    const taken: number[] = [];
    for (let i = pool.nextReady(); i >= 0; i = pool.nextReady()) {
      taken.push(i);
      if (list[i].path === gone) expect(() => pool.take(i)).toThrow(/ENOENT/);
      else expect(pool.take(i)).toEqual(prepareWholeFile(list[i].path, list[i], "1.6"));
    }
    expect(taken.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pool.finished).toBe(true);
  } finally {
    pool.close();
  }
});

it("this thread prepares files no worker started rather than wait, and a worker that dies (out of memory, killed) is noticed by its silence", () => {
  const dying = join(root, "dying-worker.mjs");
  const claimed = join(root, "dying-worker-claimed");
  // It claims the first file, as a worker starting it does, says so, and dies.
  writeFileSync(
    dying,
    `import { writeFileSync } from "node:fs";\nimport { workerData } from "node:worker_threads";\n` +
      `const j = Atomics.add(workerData.signal, ${NEXT}, 1); Atomics.compareExchange(workerData.signal, ${CLAIMS} + j, 0, 1); writeFileSync(${JSON.stringify(claimed)}, ""); process.exit(1);\n`,
  );
  const list = files.slice(0, 3).map(withStat);
  const pool = PreparePool.start(list, "1.6", { workerUrl: pathToFileURL(dying), minBytes: 0, workers: 1, stallMs: 300, steal: true })!;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; !existsSync(claimed) && waited < 10_000; waited += 20) Atomics.wait(pause, 0, 0, 20);
  expect(existsSync(claimed)).toBe(true);
  try {
    for (let i = 0; i < list.length; i++) expect(pool.take(i)).toEqual(prepareWholeFile(list[i].path, list[i], "1.6"));
    expect(pool.counts).toEqual({ byWorkers: 0, here: list.length });
  } finally {
    pool.close();
  }
}, 20_000);

// A named pipe stands for a file that takes long: the worker that claims it waits to open it until
// the test opens the other end. Handed out in turn, every other file waited behind it.
it.skipIf(process.platform === "win32")("a worker held up by one file leaves the files after it to the other worker, which are taken first", () => {
  const slow = join(root, "slow.jsonl");
  execFileSync("mkfifo", [slow]);
  const list = [{ path: slow, size: 0, mtimeMs: 0 }, ...files.slice(0, 6).map(withStat)];
  const pool = PreparePool.start(list, "1.6", { workerUrl, minBytes: 0, workers: 2, steal: false })!;
  let released = false;
  try {
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let waited = 0; pool.repliesPosted < 6 && waited < 20_000; waited += 20) Atomics.wait(pause, 0, 0, 20);
    // Every file after the held one is prepared while it is held, and can be taken (written) before it.
    expect(pool.repliesPosted).toBe(6);
    const ready: number[] = [];
    for (let k = 0; k < 6; k++) {
      const i = pool.nextReady();
      ready.push(i);
      expect(pool.take(i)).toEqual(prepareWholeFile(list[i].path, list[i], "1.6"));
    }
    expect(ready.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    released = releasePipe(slow);
    expect(released).toBe(true);
    expect(pool.nextReady()).toBe(0);
    expect(pool.take(0).segment).toBeNull();
    expect(pool.nextReady()).toBe(-1);
    expect(pool.counts).toEqual({ byWorkers: list.length, here: 0 });
  } finally {
    // A worker still waiting to open the pipe would hold one of libuv's threads for good.
    if (!released) releasePipe(slow);
    pool.close();
    rmSync(slow, { force: true });
  }
}, 30_000);

/** Opens the write end of the pipe at `path` once its reader waits (a moment at most), and closes it: the reader reads nothing. */
function releasePipe(path: string): boolean {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; waited < 5_000; waited += 20) {
    try {
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
      return true;
    } catch {
      // ENXIO: no reader yet.
      Atomics.wait(pause, 0, 0, 20);
    }
  }
  return false;
}

describeWithSqlite("an index built through the workers", () => {
  it("answers exactly as one built in this thread", () => {
    const build = (name: string, workers: Parameters<RecallCache["update"]>[2]) => {
      const cache = RecallCache.open(join(root, name, "recall.sqlite"));
      try {
        const stats = cache.update(files, "1.6", workers);
        expect(stats.reindexed).toBe(files.length);
        return answers(cache);
      } finally {
        cache.close();
      }
    };
    const inPlace = build("in-place", { workers: false });
    expect(build("workers", { workers: { workerUrl, minBytes: 0, workers: 2 } })).toEqual(inPlace);
  });
});
