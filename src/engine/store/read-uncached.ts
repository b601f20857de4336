// A whole session file (of 1 MiB or more) read for a recall build without going through the
// page cache (O_DIRECT), where the system and the file's filesystem allow it. A build reads every
// session once, most of them not read in months: through the page cache, the system first fills a
// page of its own for every 4 KiB and then copies it out, which on the 1 GB bench folder took
// 0.9-1.2 s of system time on 2 cores the build needed for itself (the read is all CPU on a
// virtual machine whose host has the files cached); read straight into our buffer it took 0.04 s.
// Where the direct read is not possible (no O_DIRECT on macOS and Windows, a filesystem that
// refuses it, a buffer no offset of which is aligned as the device needs), the file is read as
// any other.
//
// A direct read takes whole blocks, from a block boundary, into memory aligned to the device's
// block: the buffer's first offset the device takes is found by trying (a misaligned read fails
// at once with EINVAL, without touching the disk) and kept for that buffer.
import { closeSync, constants, openSync, readSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { readFdRange, readHandleRange } from "./read-fd-range.js";

/** Reads are whole multiples of this, from multiples of it (every logical block size in use divides it). */
export const DIRECT_BLOCK = 4096;
/** Addresses tried for the buffer's first aligned byte step by this much (memory from malloc is 16-byte aligned). */
const PROBE_STEP = 16;
/** Bytes a buffer needs beyond the file's size for a direct read (alignment, and the last block read whole). */
export const DIRECT_SLACK = 2 * DIRECT_BLOCK;
/**
 * Files smaller than this go through the page cache: what filling it costs grows with the bytes,
 * what a direct read costs (the device's latency, unhidden by read-ahead) with the files, and a
 * folder of 300 sessions of 170-289 KB built no sooner read directly.
 */
export const DIRECT_MIN_BYTES = 1024 * 1024;
/** At most this much a read (Linux reads under 2 GiB at a time). */
const MAX_READ = 1 << 30;

/** How a file was read: `direct` when it did not go through the page cache. */
export interface UncachedRead {
  bytes: Buffer;
  direct: boolean;
}

/** Seams: the O_DIRECT flag (tests pass one that fails to open, or null as on macOS), DIRECT_MIN_BYTES. */
export interface DirectOptions {
  directFlag?: number | null;
  minBytes?: number;
}

/** Per buffer's memory, an offset into it whose address a device took for a direct read. */
const alignedAt = new WeakMap<ArrayBufferLike, number>();

/**
 * Bytes [0, size) of the file at `path` (fewer when it is shorter), into `buffer`: read directly
 * when the file is large enough, the buffer has DIRECT_SLACK bytes to spare and the system lets
 * it, else as readFdRange reads.
 */
export function readWholeUncached(path: string, size: number, buffer: Buffer, options: DirectOptions = {}): UncachedRead {
  const flag = directFlagFor(size, buffer, options);
  if (flag !== null) {
    let fd: number | null = null;
    try {
      fd = openSync(path, constants.O_RDONLY | flag);
      const bytes = readBlocksSync(fd, buffer, size);
      if (bytes) return { bytes, direct: true };
    } catch {
      // Read as any other file below (which says why, where the file itself is the trouble).
    } finally {
      if (fd !== null) closeSync(fd);
    }
  }
  const plain = openSync(path, "r");
  try {
    return { bytes: readFdRange(plain, 0, size, buffer), direct: false };
  } finally {
    closeSync(plain);
  }
}

/** readWholeUncached with the reads done by libuv's threads (a worker reads the next file while it prepares one). */
export async function readWholeUncachedAsync(path: string, size: number, buffer: Buffer, options: DirectOptions = {}): Promise<UncachedRead> {
  const flag = directFlagFor(size, buffer, options);
  if (flag !== null) {
    let file: FileHandle | null = null;
    try {
      file = await open(path, constants.O_RDONLY | flag);
      const bytes = await readBlocks(file, buffer, size);
      if (bytes) return { bytes, direct: true };
    } catch {
      // Read as any other file below.
    } finally {
      await file?.close();
    }
  }
  const plain = await open(path, "r");
  try {
    return { bytes: await readHandleRange(plain, 0, size, buffer), direct: false };
  } finally {
    await plain.close();
  }
}

function directFlagFor(size: number, buffer: Buffer, options: DirectOptions): number | null {
  const flag = options.directFlag === undefined ? constants.O_DIRECT : options.directFlag;
  if (flag === undefined || flag === null || size === 0 || size < (options.minBytes ?? DIRECT_MIN_BYTES) || buffer.length < size + DIRECT_SLACK) return null;
  return flag;
}

const wholeBlocks = (n: number): number => Math.ceil(n / DIRECT_BLOCK) * DIRECT_BLOCK;

/** Bytes [0, size) read directly from `fd` into `buffer`, or null when no offset of it is aligned as the device needs. */
function readBlocksSync(fd: number, buffer: Buffer, size: number): Buffer | null {
  const first = firstBlock(fd, buffer);
  if (!first) return null;
  const { from } = first;
  const want = wholeBlocks(size);
  let n = first.got;
  let got = n;
  while (readsOn(got, n, want)) got += n = readSync(fd, buffer, from + got, Math.min(want - got, MAX_READ), got);
  return buffer.subarray(from, from + Math.min(got, size));
}

/** readBlocksSync with the reads past the first block done by libuv's threads. */
async function readBlocks(file: FileHandle, buffer: Buffer, size: number): Promise<Buffer | null> {
  const first = firstBlock(file.fd, buffer);
  if (!first) return null;
  const { from } = first;
  const want = wholeBlocks(size);
  let n = first.got;
  let got = n;
  while (readsOn(got, n, want)) got += n = (await file.read(buffer, from + got, Math.min(want - got, MAX_READ), got)).bytesRead;
  return buffer.subarray(from, from + Math.min(got, size));
}

/** Whether a direct read goes on after one of `n` bytes: it stops short only at the end of the file. */
const readsOn = (got: number, n: number, want: number): boolean => got < want && n > 0 && n % DIRECT_BLOCK === 0;

/**
 * The offset of `buffer` a direct read of `fd` goes to, with the file's first block read there (a
 * misaligned read fails at once with EINVAL, without touching the disk, so this is done in line):
 * the offset that worked for the buffer's memory before, else the first that works (kept for the
 * memory); null when none does.
 */
function firstBlock(fd: number, buffer: Buffer): { from: number; got: number } | null {
  const kept = alignedAt.get(buffer.buffer);
  // The alignment divides DIRECT_BLOCK: the kept byte of the memory, as an offset within this view.
  const keptFrom = kept === undefined ? -1 : (((kept - buffer.byteOffset) % DIRECT_BLOCK) + DIRECT_BLOCK) % DIRECT_BLOCK;
  for (let k = keptFrom < 0 ? 0 : -1; k < DIRECT_BLOCK / PROBE_STEP; k++) {
    const from = k < 0 ? keptFrom : k * PROBE_STEP;
    const got = misalignedAsNull(() => readSync(fd, buffer, from, DIRECT_BLOCK, 0));
    if (got === null) continue;
    alignedAt.set(buffer.buffer, buffer.byteOffset + from);
    return { from, got };
  }
  return null;
}

/** `read()`, or null when it failed for a misaligned buffer (EINVAL); other errors are thrown. */
function misalignedAsNull(read: () => number): number | null {
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EINVAL") return null;
    throw error;
  }
}
