// Who prepares which file of a build's pool: workers take the next file when they are free, within
// a window of bytes past the file the main thread waits for, and skip files that thread claimed.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { ClaimBoard } from "../../src/engine/store/recall-cache-prepare-claims.js";
import { ensureBuilt } from "../support/built-app.js";
import { PROJECT_ROOT } from "../support/shared.js";

/** Files taken with takeNext(false) until it answers -1. */
function takeAll(board: ClaimBoard): number[] {
  const out: number[] = [];
  for (let j = board.takeNext(false); j >= 0; j = board.takeNext(false)) out.push(j);
  return out;
}

describe("the window past the file the main thread waits for", () => {
  // A large file first, then small ones, then two that do not both fit in the window.
  const sizes = [100, 1, 1, 1, 30, 40];

  it("reaches the files ending within it, and always the file after the awaited one, however large", () => {
    const board = ClaimBoard.create(sizes, 50);
    expect(sizes.map((_, j) => board.withinWindow(j))).toEqual([true, true, true, true, true, false]);
    board.taken(2);
    // Waiting for file 2: files 3, 4 and 5 hold 71 bytes.
    expect(board.withinWindow(5)).toBe(false);
    board.taken(4);
    expect(board.withinWindow(5)).toBe(true);
    const large = ClaimBoard.create([10, 500, 1], 50);
    expect([0, 1, 2].map((j) => large.withinWindow(j))).toEqual([true, true, false]);
  });

  it("a free worker takes the next files up to it, and more as the main thread takes files", () => {
    const board = ClaimBoard.create(sizes, 50);
    expect(takeAll(board)).toEqual([0, 1, 2, 3, 4]);
    board.taken(1);
    expect(takeAll(board)).toEqual([]);
    board.taken(4);
    expect(takeAll(board)).toEqual([5]);
    expect(board.takeNext(true)).toBe(-1);
  });

  it("a file the main thread claimed (it prepares it rather than wait) is skipped", () => {
    const board = ClaimBoard.create(sizes, 50);
    expect(board.claim(1)).toBe(true);
    expect(board.claim(1)).toBe(false);
    expect(takeAll(board)).toEqual([0, 2, 3, 4]);
    expect(board.claimed(4)).toBe(true);
    expect(board.claimed(5)).toBe(false);
  });

  it("a closed board gives no more files", () => {
    const board = ClaimBoard.create(sizes, 50);
    expect(board.takeNext(false)).toBe(0);
    board.close();
    expect(board.takeNext(false)).toBe(-1);
    expect(board.takeNext(true)).toBe(-1);
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
    const sizes = [10, 10, 10, 100];
    const board = ClaimBoard.create(sizes, 20);
    expect(takeAll(board)).toEqual([0, 1, 2]);
    const worker = waiter(board, sizes, 20);
    try {
      const got = answer(worker);
      let early = false;
      void got.then(() => (early = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(early).toBe(false);
      board.taken(2);
      expect(await got).toBe(3);
    } finally {
      await worker.terminate();
    }
  });

  it("gets none when the pool closes meanwhile", async () => {
    const sizes = [10, 10, 10, 100];
    const board = ClaimBoard.create(sizes, 20);
    takeAll(board);
    const worker = waiter(board, sizes, 20);
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
