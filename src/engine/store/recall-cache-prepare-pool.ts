// Worker threads that prepare the next session files of a build (recall-cache-prepare.ts) while
// the main thread writes the current one into SQLite. The index's update stays synchronous (the
// CLI and the picker's worker call it so): the main thread waits for a result with Atomics.wait
// on a counter the workers bump, and takes it with receiveMessageOnPort. Results are the same as
// preparing in place; any failure (no worker script, a worker that went silent, an error) prepares
// that file in place instead, which also reports the error as a build without workers would.
// Which thread prepares which file is settled on shared memory (recall-cache-prepare-claims.ts):
// each worker is given the whole list and takes the next file whenever it is free. The main thread
// takes files in order (take) or as they are ready (nextReady: a build writes a large session's
// neighbours while it is being prepared).
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { PiProfile } from "../types.js";
import { ClaimBoard, REPLIES, STARTED, type TakeOrder } from "./recall-cache-prepare-claims.js";
import { prepareWholeFile, type PreparedFile } from "./recall-cache-prepare.js";
import { ReadBuffers } from "./read-buffers.js";

/** A file prepared, or one that failed. */
export type PrepareReply = { seq: number; file: PreparedFile } | { seq: number; error: string };

/** What a worker is started with: the files of the build in order, and the board to claim them on. */
export interface PrepareSetup {
  port: MessagePort;
  signal: Int32Array;
  files: PoolFile[];
  profile: PiProfile;
  windowBytes: number;
  /** The files (indexes) in the order workers take them (ClaimBoard.sequence). */
  sequence: readonly number[];
  /** ReadBuffers.directReads of the pool's buffers. */
  directReads: boolean;
}

/** Below this many bytes to read, starting a worker (~40 ms) is not worth it. */
const MIN_POOL_BYTES = 4_000_000;
/** Bytes of files whose results may wait for the main thread before workers start no more (bounds the results held in memory). */
const WINDOW_BYTES = 64_000_000;
const MAX_WORKERS = 3;
const WAIT_SLICE_MS = 50;
/**
 * A worker that is gone (out of memory, killed) never answers, and this thread cannot see its exit
 * while it waits: when no worker started or finished a job for this long (plus 1 ms per KB of the
 * file awaited), the rest is prepared in place.
 */
const STALL_MS = 30_000;

export interface PoolFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * How many workers a build starts on `cores` cores: one per core (at most MAX_WORKERS), none on
 * one. This thread then mostly writes: on 2 cores the 1 GB bench folder took 6.9-8.0 s so, against
 * 7.2-9.1 s with one worker and this thread preparing files too (five alternating pairs); the
 * system shares the cores between the writes and the workers, where a file this thread was
 * preparing held back the writes of files a worker had ready.
 */
export const defaultPoolWorkers = (cores: number): number => (cores > 1 ? Math.min(MAX_WORKERS, cores) : 0);

/**
 * Where the worker script is, when a pool pays, how many workers (defaults: next to this module,
 * 4 MB, defaultPoolWorkers), whether this thread prepares files too (default: when the workers
 * leave it a core of its own).
 */
export interface PoolOptions {
  workerUrl?: URL;
  minBytes?: number;
  workers?: number;
  /** Test seam: how long without a sign of work before the workers count as gone (STALL_MS). */
  stallMs?: number;
  /** True: this thread prepares a file no worker started rather than wait for it. */
  steal?: boolean;
  /**
   * The order workers take files in (default: as listed). Largest first only where files are
   * taken as they are ready (nextReady): one taking them in order would wait for files started last.
   */
  order?: TakeOrder;
}

export class PreparePool {
  /** Replies received and not yet taken, by file. */
  private readonly results = new Map<number, PrepareReply>();
  /** Files this thread prepared while it waited (null: that failed; taking it again reports why). */
  private readonly own = new Map<number, PreparedFile | null>();
  /** Per file: 1 once taken. */
  private readonly done: Uint8Array;
  /** Files taken so far: prepared by a worker, or in this thread. */
  readonly counts = { byWorkers: 0, here: 0 };
  /** Files taken, and the first file not yet taken. */
  private takenCount = 0;
  private firstLeft = 0;
  private seen = 0;
  private started = 0;
  private broken = false;

  private constructor(
    private readonly files: readonly PoolFile[],
    private readonly profile: PiProfile,
    private readonly workers: Worker[],
    private readonly ports: MessagePort[],
    private readonly board: ClaimBoard,
    private readonly stallMs: number,
    private readonly stealing: boolean,
    /** What this thread reads the files it prepares itself into. */
    private readonly buffers: ReadBuffers,
  ) {
    this.done = new Uint8Array(files.length);
  }

  /**
   * A pool for preparing `files` in this order, or null where workers do not pay or cannot run
   * (one core, little to read, no worker script next to this module: tests run the sources).
   * `buffers`: the caller's, when it reads files in this thread too.
   */
  static start(files: readonly PoolFile[], profile: PiProfile, options: PoolOptions = {}, buffers = new ReadBuffers()): PreparePool | null {
    const cores = availableParallelism();
    const { workerUrl = new URL("./recall-cache-prepare-worker.js", import.meta.url), minBytes = MIN_POOL_BYTES, workers: wanted = defaultPoolWorkers(cores), stallMs = STALL_MS } = options;
    const count = Math.min(MAX_WORKERS, wanted, files.length);
    const steal = options.steal ?? cores > count;
    if (count < 1 || files.reduce((n, f) => n + f.size, 0) < minBytes) return null;
    if (workerUrl.protocol !== "file:" || !existsSync(fileURLToPath(workerUrl))) return null;
    const board = ClaimBoard.create(files.map((f) => f.size), WINDOW_BYTES, options.order);
    const list = files.map(({ path, size, mtimeMs }) => ({ path, size, mtimeMs }));
    const workers: Worker[] = [];
    const ports: MessagePort[] = [];
    try {
      for (let i = 0; i < count; i++) {
        // Each worker answers on a channel of its own, which this thread reads synchronously.
        const { port1, port2 } = new MessageChannel();
        ports.push(port1);
        const setup: PrepareSetup = { port: port2, signal: board.signal, files: list, profile, windowBytes: WINDOW_BYTES, sequence: board.sequence, directReads: buffers.directReads };
        const w = new Worker(workerUrl, { workerData: setup, transferList: [port2] });
        w.unref();
        workers.push(w);
      }
    } catch {
      board.close();
      for (const w of workers) void w.terminate();
      for (const p of ports) p.close();
      return null;
    }
    return new PreparePool(files, profile, workers, ports, board, stallMs, steal, buffers);
  }

  /** Whether every file was taken. */
  get finished(): boolean {
    return this.takenCount === this.files.length;
  }

  /** The prepared file at `index` of the list (none twice). */
  take(index: number): PreparedFile {
    if (this.done[index]) throw new Error(`PreparePool: file ${index} taken twice`);
    let prepared = this.own.get(index);
    this.own.delete(index);
    let reply = this.results.get(index);
    // A file no worker has started yet is prepared here rather than waited for.
    if (prepared === undefined && !reply && !this.broken && !(this.stealing && this.board.claim(index))) reply = this.wait(index);
    let byWorker = false;
    if (reply) {
      prepared = "file" in reply ? reply.file : null;
      byWorker = prepared !== null;
    }
    this.markTaken(index);
    if (byWorker) this.counts.byWorkers++;
    else this.counts.here++;
    const file = this.files[index];
    // In place: the same result, or the same error a build without workers throws.
    return prepared ?? prepareWholeFile(file.path, file, this.profile, { buffers: this.buffers });
  }

  /**
   * The index of a file ready to take (prepared by a worker or here), waiting for one when none is;
   * -1 when every file was taken. Files come in the order they are ready, so one large file does
   * not hold up the writing of those after it.
   */
  nextReady(): number {
    if (this.finished) return -1;
    for (;;) {
      this.receive();
      for (const index of this.own.keys()) return index;
      let first = -1;
      for (const index of this.results.keys()) if (first < 0 || index < first) first = index;
      if (first >= 0) return first;
      // Workers gone silent: the rest is prepared in place, in order.
      if (this.broken) return this.firstLeft;
      // Nothing ready: wait for a reply (or prepare one here), as for the first file left.
      const reply = this.wait(this.firstLeft, true);
      if (reply) this.results.set(reply.seq, reply);
    }
  }

  /** Replies the workers have posted so far (taken or not). */
  get repliesPosted(): number {
    return Atomics.load(this.board.signal, REPLIES);
  }

  close(): void {
    this.board.close();
    for (const w of this.workers) void w.terminate();
    for (const p of this.ports) p.close();
    this.results.clear();
  }

  private markTaken(index: number): void {
    this.done[index] = 1;
    this.takenCount++;
    while (this.firstLeft < this.files.length && this.done[this.firstLeft]) this.firstLeft++;
    const reply = this.results.get(index);
    this.results.delete(index);
    // The worker's reply leaves the window (also one not used: this thread prepared the file itself).
    if (reply) this.board.taken(index);
  }

  /** Replies posted on the ports, into `results` (those for files already taken leave the window at once). */
  private receive(): boolean {
    let got = false;
    for (const port of this.ports) {
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
        const reply = m.message as PrepareReply;
        got = true;
        if (this.done[reply.seq]) this.board.taken(reply.seq);
        else this.results.set(reply.seq, reply);
      }
    }
    return got;
  }

  /**
   * The reply for file `seq` (`any`: for any file; own preparing counts, and then answers undefined),
   * or undefined when no thread claimed it and this one may not, or the workers went silent.
   */
  private wait(seq: number, any = false): PrepareReply | undefined {
    const stall = this.stallMs + this.files[seq].size / 1000;
    const signal = this.board.signal;
    let lastSign = Date.now();
    for (;;) {
      const ready = this.results.get(seq);
      if (ready) return ready;
      if (any && this.results.size > 0) return undefined;
      if (this.receive()) continue;
      const replies = Atomics.load(signal, REPLIES);
      const started = Atomics.load(signal, STARTED);
      if (replies !== this.seen || started !== this.started) {
        this.seen = replies;
        this.started = started;
        lastSign = Date.now();
        continue;
      }
      if (Date.now() - lastSign > stall) {
        this.broken = true;
        return undefined;
      }
      // Rather than idle, prepare a later file no worker has started (the furthest: the workers reach it last).
      if (this.stealing && this.steal(seq)) {
        if (any) return undefined;
        lastSign = Date.now();
        continue;
      }
      Atomics.wait(signal, REPLIES, replies, WAIT_SLICE_MS);
    }
  }

  /** Prepares here the furthest file after `seq` that no thread claimed, when the window lets a worker start one; false when there is none. */
  private steal(seq: number): boolean {
    // One file prepared here and not yet taken at most: what waits for this thread stays bounded too.
    if (this.own.size > 0 || !this.board.mayStart()) return false;
    for (let j = this.files.length - 1; j > seq; j--) {
      if (this.done[j] || this.board.claimed(j) || !this.board.claim(j)) continue;
      const f = this.files[j];
      try {
        this.own.set(j, prepareWholeFile(f.path, f, this.profile, { buffers: this.buffers }));
      } catch {
        this.own.set(j, null);
      }
      return true;
    }
    return false;
  }
}
