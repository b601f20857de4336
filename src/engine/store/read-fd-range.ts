import { readSync } from "node:fs";

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
