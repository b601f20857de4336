import { readSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";

/** Up to `length` bytes of an open file from `start`; fewer when the file ends first. */
export function readFdRange(fd: number, start: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length); // only the bytes read are returned
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, start + got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}

/** readFdRange of an open file handle, read by libuv's threads. */
export async function readHandleRange(file: FileHandle, start: number, length: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(length); // only the bytes read are returned
  let got = 0;
  while (got < length) {
    const { bytesRead } = await file.read(buf, got, length - got, start + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return buf.subarray(0, got);
}
