// Who prepares which file of a build's pool: workers take the next file when they are free, while
// the results waiting for the main thread stay within a window of bytes, and skip files that thread claimed.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { ClaimBoard, takeOrder } from "../../src/engine/store/recall-cache-prepare-claims.js";
import { ensureBuilt } from "../support/built-app.js";
import { PROJECT_ROOT } from "../support/shared.js";

/** Files taken with takeNext(false) until it answers -1. */
function takeAll(board: ClaimBoard): number[] {
  const out: number[] = [];
  for (let j = board.takeNext(false); j >= 0; j = board.takeNext(false)) out.push(j);
  return out;
}

const KB = 1024;

describe("the window of results waiting for the main thread", () => {
  const sizes = [100 * KB, KB, KB, KB, 30 * KB, 40 * KB];

  it("workers take files in order while the results posted and not taken hold no more than the window", () => {
    const board = ClaimBoard.create(sizes, 50 * KB);
    expect(board.takeNext(false)).toBe(0);
    expect(board.takeNext(false)).toBe(1);
    board.posted(1);
    board.posted(0);
    // 101 KB wait for the main thread: no worker starts another file.
    expect(board.mayStart()).toBe(false);
    expect(takeAll(board)).toEqual([]);
    board.taken(0);
    expect(takeAll(board)).toEqual([2, 3, 4, 5]);
    board.posted(4);
    board.posted(5);
    expect(board.mayStart()).toBe(false);
    // Taken in any order: the window is what waits, not which file.
    board.taken(5);
    expect(board.mayStart()).toBe(true);
    expect(board.takeNext(true)).toBe(-1);
  });

  it("a file the main thread claimed (it prepares it rather than wait) is skipped", () => {
    const board = ClaimBoard.create(sizes, 50 * KB);
    expect(board.claim(1)).toBe(true);
    expect(board.claim(1)).toBe(false);
    expect(takeAll(board)).toEqual([0, 2, 3, 4, 5]);
    expect(board.claimed(4)).toBe(true);
  });

  it("a worker reading ahead takes no file over the size it reads ahead", () => {
    const board = ClaimBoard.create(sizes, 500 * KB);
    expect(board.takeNext(false, 10 * KB)).toBe(-1);
    expect(board.takeNext(false)).toBe(0);
    expect(board.takeNext(false, 10 * KB)).toBe(1);
    expect(board.takeNext(true, 10 * KB)).toBe(2);
  });

  it("a closed board gives no more files", () => {
    const board = ClaimBoard.create(sizes, 50 * KB);
    expect(board.takeNext(false)).toBe(0);
    board.close();
    expect(board.takeNext(false)).toBe(-1);
    expect(board.takeNext(true)).toBe(-1);
  });
});

describe("the order workers take files in", () => {
  it("as listed, or the largest first (ties as listed)", () => {
    const sizes = [5 * KB, 100 * KB, 5 * KB, 50 * KB, 100 * KB];
    expect(takeOrder(sizes, "listed")).toEqual([0, 1, 2, 3, 4]);
    expect(takeOrder(sizes, "largest-first")).toEqual([1, 4, 3, 0, 2]);
    expect(takeAll(ClaimBoard.create(sizes, 1000 * KB, "largest-first"))).toEqual([1, 4, 3, 0, 2]);
    const board = ClaimBoard.create(sizes, 1000 * KB, "largest-first");
    // A file the main thread claimed is skipped in this order too.
    expect(board.claim(3)).toBe(true);
    expect(takeAll(board)).toEqual([1, 4, 0, 2]);
  });
});

describe("a worker waiting for the window", () => {
  const built = join(PROJECT_ROOT, "dist", "src", "engine", "store", "recall-cache-prepare-claims.js");
  beforeAll(() => ensureBuilt(built));

  /** A thread that takes the next file of `board`'s files (sizes) waiting for the window, and posts it. */
  const waiter = (board: ClaimBoard, sizes: number[], windowBytes: number): Worker =>
    new Worker(
      `import("${pathToFileURL(built).href}").then(({ ClaimBoard }) => {
        const { parentPort, workerData } = require("node:worker_threads");
        parentPort.postMessage(ClaimBoard.attach(workerData.signal, workerData.sizes, workerData.windowBytes).takeNext(true));
      });`,
      { eval: true, workerData: { signal: board.signal, sizes, windowBytes } },
    );

  const answer = (worker: Worker): Promise<number> => new Promise((resolve, reject) => worker.once("message", resolve).once("error", reject));

  it("gets its file once the main thread has taken enough, and nothing before", async () => {
    const sizes = [30 * KB, 10 * KB, 10 * KB];
    const board = ClaimBoard.create(sizes, 20 * KB);
    expect(board.takeNext(false)).toBe(0);
    board.posted(0);
    const worker = waiter(board, sizes, 20 * KB);
    try {
      const got = answer(worker);
      let early = false;
      void got.then(() => (early = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(early).toBe(false);
      board.taken(0);
      expect(await got).toBe(1);
    } finally {
      await worker.terminate();
    }
  });

  it("gets none when the pool closes meanwhile", async () => {
    const sizes = [30 * KB, 10 * KB];
    const board = ClaimBoard.create(sizes, 20 * KB);
    board.takeNext(false);
    board.posted(0);
    const worker = waiter(board, sizes, 20 * KB);
    try {
      const got = answer(worker);
      await new Promise((resolve) => setTimeout(resolve, 100));
      board.close();
      expect(await got).toBe(-1);
    } finally {
      await worker.terminate();
    }
  });
});
