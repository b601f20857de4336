// The buffers a recall build reads session files into (in a prepare worker,
// recall-cache-prepare-worker.ts, or in one thread: prepareWholeFile), used again file after
// file. A new buffer for each file is new memory: the read faults in every page of it (about
// 5,000 for a 20 MB session, each page cleared by the system first), and freeing it gives the
// pages back, so the next file faults them in again. On the 1 GB bench folder that was some
// 60,000 page faults and about a second of system time per build; reading into kept buffers, a
// build faults in only its first few. Whole files are read past the page cache where the system
// allows it (read-uncached.ts).
import { constants } from "node:buffer";
import { DIRECT_SLACK, readWholeUncached, readWholeUncachedAsync, type DirectOptions } from "./read-uncached.js";

/** Buffers kept for the next reads: about as many as a worker has reads in flight. */
const KEPT = 4;
/** A buffer larger than this is not kept (one huge session does not pin its size for the rest of the build). */
const KEEP_MAX_BYTES = 64 * 1024 * 1024;
const MIB = 1024 * 1024;

/**
 * Bytes of a new buffer for a file of `size` bytes: a quarter more, in whole MiB (pages never
 * touched cost nothing), but no more than a buffer can hold (`max`) unless the file needs it.
 */
export function bufferSizeFor(size: number, max: number = constants.MAX_LENGTH): number {
  return Math.max(size, Math.min(max, Math.max(MIB, Math.ceil((size * 1.25) / MIB) * MIB)));
}

export interface ReadBuffersOptions {
  /** False: whole files are read through the page cache, as any other read (the bench compares the two). */
  directReads?: boolean;
}

export class ReadBuffers {
  private readonly kept: Buffer[] = [];
  /** Whether whole files are read past the page cache where the system allows it (read-uncached.ts). */
  readonly directReads: boolean;

  constructor(options: ReadBuffersOptions = {}) {
    this.directReads = options.directReads ?? true;
  }

  /** A buffer of at least `size` bytes: the smallest kept one that fits, else a new one with room to spare (the next file is often a little larger). */
  take(size: number): Buffer {
    let best = -1;
    for (let i = 0; i < this.kept.length; i++) {
      if (this.kept[i].length >= size && (best < 0 || this.kept[i].length < this.kept[best].length)) best = i;
    }
    if (best >= 0) return this.kept.splice(best, 1)[0];
    return Buffer.allocUnsafeSlow(bufferSizeFor(size));
  }

  /**
   * `use(bufferFor)`, where `bufferFor(size)` takes a buffer of at least `size` bytes (once), given
   * back when `use` returns or throws: for a reader that keeps nothing of the bytes it is handed.
   */
  lend<T>(use: (bufferFor: (size: number) => Buffer) => T): T {
    let buffer: Buffer | undefined;
    try {
      return use((size) => (buffer = this.take(size)));
    } finally {
      if (buffer) this.give(buffer);
    }
  }

  /** `buffer` (from take) is no longer read: a later take may hand it out again. */
  give(buffer: Buffer): void {
    if (buffer.length > KEEP_MAX_BYTES) return;
    this.kept.push(buffer);
    if (this.kept.length > KEPT) {
      // The smallest goes: the larger fit more of the files to come.
      this.kept.sort((a, b) => b.length - a.length);
      this.kept.length = KEPT;
    }
  }
}

/** A file's first bytes, read into a buffer of `buffers`: `bytes` are valid until `buffer` is given back. */
export interface ReadStart {
  bytes: Buffer;
  buffer: Buffer;
}

/** The buffer a whole read of `size` bytes takes: room for a direct read's alignment and last block. */
const wholeReadBytes = (size: number): number => size + DIRECT_SLACK;

/** Bytes [0, size) of the file at `path` (fewer when it is shorter), read whole by libuv's threads into a buffer of `buffers`. */
export async function readFileStart(path: string, size: number, buffers: ReadBuffers): Promise<ReadStart> {
  const buffer = buffers.take(wholeReadBytes(size));
  try {
    const read = await readWholeUncachedAsync(path, size, buffer, directOptions(buffers));
    return { bytes: read.bytes, buffer };
  } catch (error) {
    buffers.give(buffer);
    throw error;
  }
}

/** `use` of bytes [0, size) of the file at `path` (fewer when it is shorter), read whole into a buffer of `buffers` that is given back after. */
export function withWholeFile<T>(path: string, size: number, buffers: ReadBuffers, use: (bytes: Buffer) => T): T {
  return buffers.lend((bufferFor) => use(readWholeUncached(path, size, bufferFor(wholeReadBytes(size)), directOptions(buffers)).bytes));
}

/** How the reads of `buffers` go: past the page cache unless it was told not to. */
const directOptions = (buffers: ReadBuffers): DirectOptions => (buffers.directReads ? {} : { directFlag: null });
