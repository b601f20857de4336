import { readSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";

/** Up to `length` bytes of an open file from `start`; fewer when the file ends first. Into `buf` when given (at least `length` bytes). */
export function readFdRange(fd: number, start: number, length: number, buf: Buffer = Buffer.allocUnsafe(length)): Buffer {
  // Only the bytes read are returned.
  if (buf.length < length) throw new RangeError(`readFdRange: a buffer of ${buf.length} bytes cannot hold ${length}`);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, start + got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}

/** readFdRange of an open file handle, read by libuv's threads; into `buf` when given (at least `length` bytes). */
export async function readHandleRange(file: FileHandle, start: number, length: number, buf: Buffer = Buffer.allocUnsafe(length)): Promise<Buffer> {
  // Only the bytes read are returned.
  if (buf.length < length) throw new RangeError(`readHandleRange: a buffer of ${buf.length} bytes cannot hold ${length}`);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await file.read(buf, got, length - got, start + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return buf.subarray(0, got);
}
