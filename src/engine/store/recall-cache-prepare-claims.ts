// Who prepares which file of a build's pool (recall-cache-prepare-pool.ts), on memory the main
// thread and the workers share. A worker takes the next file when it is free, from one counter,
// instead of being handed every other file: handed out in turn, a large session held one worker
// while the other had nothing to do (a folder of one 100 MB session and 35 small ones built no
// faster with two workers than in one thread). A worker starts no new file while the results
// posted and not yet taken by the main thread hold more than a window of bytes (of the files they
// came from): that bounds the memory they hold, whatever order the main thread takes them in. A
// file is prepared by whoever claims it first: a worker, or the main thread rather than wait.

/** The slots: replies posted, files started (signs of life), the next file to take (its place in the take order), closed, then KB of files posted and taken. */
export const REPLIES = 0;
export const STARTED = 1;
export const NEXT = 2;
export const CLOSED = 3;
export const POSTED_KB = 4;
export const TAKEN_KB = 5;
/** Then per file: 1 once a thread claimed it. */
export const CLAIMS = 6;

/** How long a worker waiting for the window sleeps before it looks again (the pool may have closed). */
const WINDOW_WAIT_MS = 50;

/** A file's size in the window's unit (KB: a few TB of sessions still count in 32 bits). */
const kb = (bytes: number): number => Math.ceil(bytes / 1024);

/** The order workers take files in: as listed, or the largest first. */
export type TakeOrder = "listed" | "largest-first";

/** Files (indexes) in the order workers take them. */
export function takeOrder(sizes: readonly number[], order: TakeOrder): number[] {
  const indexes = sizes.map((_, j) => j);
  // Largest first (ties as listed): a large file started last would be prepared alone at the end.
  return order === "listed" ? indexes : indexes.sort((a, b) => sizes[b] - sizes[a] || a - b);
}

export class ClaimBoard {
  private constructor(
    readonly signal: Int32Array,
    private readonly sizes: readonly number[],
    private readonly windowKb: number,
    /** The files (indexes) in the order workers take them: a worker is handed the main thread's. */
    readonly sequence: readonly number[],
  ) {}

  /** A new board for files of these sizes (the main thread's). */
  static create(sizes: readonly number[], windowBytes: number, order: TakeOrder = "listed"): ClaimBoard {
    return new ClaimBoard(new Int32Array(new SharedArrayBuffer(4 * (CLAIMS + sizes.length))), sizes, kb(windowBytes), takeOrder(sizes, order));
  }

  /** The board `signal` holds, seen from a worker, with the main thread's `sequence`. */
  static attach(signal: Int32Array, sizes: readonly number[], windowBytes: number, sequence: readonly number[] = takeOrder(sizes, "listed")): ClaimBoard {
    return new ClaimBoard(signal, sizes, kb(windowBytes), sequence);
  }

  get fileCount(): number {
    return this.sizes.length;
  }

  /** Whether a worker may start another file: the results waiting for the main thread are within the window. */
  mayStart(): boolean {
    return Atomics.load(this.signal, POSTED_KB) - Atomics.load(this.signal, TAKEN_KB) <= this.windowKb;
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
   * the window lets it start one; else -1 too when it may not now, or when the next file is over
   * `maxBytes`.
   */
  takeNext(wait: boolean, maxBytes = Infinity): number {
    for (;;) {
      if (Atomics.load(this.signal, CLOSED) !== 0) return -1;
      if (!this.mayStart()) {
        if (!wait) return -1;
        Atomics.wait(this.signal, TAKEN_KB, Atomics.load(this.signal, TAKEN_KB), WINDOW_WAIT_MS);
        continue;
      }
      const next = Atomics.load(this.signal, NEXT);
      if (next >= this.fileCount) return -1;
      if (!wait && this.sizes[this.sequence[next]] > maxBytes) return -1;
      if (Atomics.compareExchange(this.signal, NEXT, next, next + 1) !== next) continue;
      // The main thread may have claimed it, preparing it rather than wait.
      const j = this.sequence[next];
      if (this.claim(j)) return j;
    }
  }

  /** A worker started a file. */
  started(): void {
    Atomics.add(this.signal, STARTED, 1);
  }

  /** A worker posted its reply for file `j`: the main thread wakes. */
  posted(j: number): void {
    Atomics.add(this.signal, POSTED_KB, kb(this.sizes[j]));
    Atomics.add(this.signal, REPLIES, 1);
    Atomics.notify(this.signal, REPLIES);
  }

  /** The main thread took (or dropped) a worker's reply for file `j`: the window moves on. */
  taken(j: number): void {
    Atomics.add(this.signal, TAKEN_KB, kb(this.sizes[j]));
    Atomics.notify(this.signal, TAKEN_KB);
  }

  /** Workers take no more files. */
  close(): void {
    Atomics.store(this.signal, CLOSED, 1);
    Atomics.notify(this.signal, TAKEN_KB);
  }
}
