// Who prepares which file of a build's pool (recall-cache-prepare-pool.ts), on memory the main
// thread and the workers share. A worker takes the next file when it is free, from one counter,
// instead of being handed every other file: handed out in turn, a large session held one worker
// while the other had nothing to do (a folder of one 100 MB session and 35 small ones built no
// faster with two workers than in one thread). Workers stay within a window of bytes past the file
// the main thread waits for, as that thread takes the results in order and holds those that come
// early. A file is prepared by whoever claims it first: a worker, or the main thread rather than wait.

/** The slots: replies posted, files started (signs of life), the next file to take, files taken, closed. */
export const REPLIES = 0;
export const STARTED = 1;
export const NEXT = 2;
export const TAKEN = 3;
export const CLOSED = 4;
/** Then per file: 1 once a thread claimed it. */
export const CLAIMS = 5;

/** How long a worker waiting for the window sleeps before it looks again (the pool may have closed). */
const WINDOW_WAIT_MS = 50;

export class ClaimBoard {
  /** Sizes summed: ends[j] is the bytes of files before file j. */
  private readonly ends: Float64Array;

  private constructor(
    readonly signal: Int32Array,
    sizes: readonly number[],
    private readonly windowBytes: number,
  ) {
    this.ends = new Float64Array(sizes.length + 1);
    for (let j = 0; j < sizes.length; j++) this.ends[j + 1] = this.ends[j] + sizes[j];
  }

  /** A new board for files of these sizes (the main thread's). */
  static create(sizes: readonly number[], windowBytes: number): ClaimBoard {
    return new ClaimBoard(new Int32Array(new SharedArrayBuffer(4 * (CLAIMS + sizes.length))), sizes, windowBytes);
  }

  /** The board `signal` holds, seen from a worker. */
  static attach(signal: Int32Array, sizes: readonly number[], windowBytes: number): ClaimBoard {
    return new ClaimBoard(signal, sizes, windowBytes);
  }

  get fileCount(): number {
    return this.ends.length - 1;
  }

  /**
   * Whether file `j` may be prepared now: the file the main thread waits for, the one after it
   * (however large), or one ending within the window past the one it waits for.
   */
  withinWindow(j: number): boolean {
    const next = Atomics.load(this.signal, TAKEN);
    return j <= next + 1 || this.ends[j + 1] - this.ends[next + 1] <= this.windowBytes;
  }

  /** Whether this thread got file `j` (no thread had claimed it). */
  claim(j: number): boolean {
    return Atomics.compareExchange(this.signal, CLAIMS + j, 0, 1) === 0;
  }

  claimed(j: number): boolean {
    return Atomics.load(this.signal, CLAIMS + j) !== 0;
  }

  /**
   * The next file for a worker, claimed; -1 when none is left (or the pool closed). `wait`: until
   * the window reaches it; else -1 too when it is past the window now.
   */
  takeNext(wait: boolean): number {
    for (;;) {
      if (Atomics.load(this.signal, CLOSED) !== 0) return -1;
      let j: number;
      if (wait) {
        j = Atomics.add(this.signal, NEXT, 1);
        if (j >= this.fileCount) return -1;
        while (!this.withinWindow(j)) {
          if (Atomics.load(this.signal, CLOSED) !== 0) return -1;
          Atomics.wait(this.signal, TAKEN, Atomics.load(this.signal, TAKEN), WINDOW_WAIT_MS);
        }
      } else {
        j = Atomics.load(this.signal, NEXT);
        if (j >= this.fileCount || !this.withinWindow(j)) return -1;
        if (Atomics.compareExchange(this.signal, NEXT, j, j + 1) !== j) continue;
      }
      // The main thread may have claimed it, preparing it rather than wait.
      if (this.claim(j)) return j;
    }
  }

  /** A worker started a file. */
  started(): void {
    Atomics.add(this.signal, STARTED, 1);
  }

  /** A worker posted a reply: the main thread wakes. */
  replied(): void {
    Atomics.add(this.signal, REPLIES, 1);
    Atomics.notify(this.signal, REPLIES);
  }

  /** The main thread has taken files [0, count): the window moves on. */
  taken(count: number): void {
    if (count <= Atomics.load(this.signal, TAKEN)) return;
    Atomics.store(this.signal, TAKEN, count);
    Atomics.notify(this.signal, TAKEN);
  }

  /** Workers take no more files. */
  close(): void {
    Atomics.store(this.signal, CLOSED, 1);
    Atomics.notify(this.signal, TAKEN);
  }
}
