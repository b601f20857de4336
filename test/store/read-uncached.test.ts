// A recall build reads whole session files past the page cache where the system allows it
// (store/read-uncached.ts): the bytes must be exactly a plain read's, whatever the file's size
// against the device's blocks and wherever the buffer's memory lies, and where a direct read is
// not possible the file is read as any other.
import { appendFileSync, constants, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIRECT_MIN_BYTES, DIRECT_SLACK, readWholeUncached, readWholeUncachedAsync } from "../../src/engine/store/read-uncached.js";
import { ReadBuffers, readFileStart, withWholeFile } from "../../src/engine/store/read-buffers.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pi-explorer-read-uncached-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether this system and the temporary folder's filesystem open files for direct reads (Linux on ext4, xfs, btrfs...). */
function directOpens(): boolean {
  if (constants.O_DIRECT === undefined) return false;
  const path = join(dir, "probe");
  writeFileSync(path, "x");
  try {
    closeSync(openSync(path, constants.O_RDONLY | constants.O_DIRECT));
    return true;
  } catch {
    return false;
  }
}

/** Bytes of every value, so that a block read at a wrong offset shows. */
function bytesOf(size: number, seed: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const SIZES = [1, 511, 512, 513, 4095, 4096, 4097, 65_536 + 17, 3 * 1024 * 1024 + 4096, 5 * 1024 * 1024 + 1];

describe("readWholeUncached", () => {
  it("reads exactly a plain read's bytes, at every size around the device's blocks, sync and async", async () => {
    const direct = directOpens();
    for (const [k, size] of SIZES.entries()) {
      const path = join(dir, `f${k}`);
      writeFileSync(path, bytesOf(size, k + 1));
      const expected = readFileSync(path);
      const buffer = Buffer.allocUnsafeSlow(size + DIRECT_SLACK);
      // Files of every size read directly (the smallest ones go through the page cache unless told).
      const sync = readWholeUncached(path, size, buffer, { minBytes: 1 });
      expect(sync.bytes.equals(expected), `sync, ${size} bytes`).toBe(true);
      const async = await readWholeUncachedAsync(path, size, buffer, { minBytes: 1 });
      expect(async.bytes.equals(expected), `async, ${size} bytes`).toBe(true);
      // Where the system has direct reads, they are what was used (else the page cache was, as before).
      expect([sync.direct, async.direct]).toEqual([direct, direct]);
      const byDefault = readWholeUncached(path, size, buffer);
      expect([byDefault.direct, byDefault.bytes.equals(expected)]).toEqual([direct && size >= DIRECT_MIN_BYTES, true]);
    }
    if (!direct) console.warn("read-uncached: no direct reads on this system or filesystem; only the plain reads were checked");
  });

  it("finds the aligned offset of views at every position of one memory, and keeps it", () => {
    const size = DIRECT_MIN_BYTES + 100_000;
    const path = join(dir, "views");
    writeFileSync(path, bytesOf(size, 99));
    const expected = readFileSync(path);
    const memory = Buffer.allocUnsafeSlow(size + DIRECT_SLACK + 8192);
    const direct = directOpens();
    for (let at = 0; at < 8192; at += 48) {
      const view = memory.subarray(at, at + size + DIRECT_SLACK);
      const read = readWholeUncached(path, size, view);
      expect(read.bytes.equals(expected), `view at ${at}`).toBe(true);
      expect(read.direct).toBe(direct);
      // The bytes are in the view handed over, not elsewhere.
      expect(read.bytes.buffer).toBe(memory.buffer);
      expect(read.bytes.byteOffset - view.byteOffset).toBeGreaterThanOrEqual(0);
      expect(read.bytes.byteOffset + read.bytes.length).toBeLessThanOrEqual(view.byteOffset + view.length);
    }
  });

  it("reads at most `size` bytes of a file that grew, and what there is of one that shrank", async () => {
    const path = join(dir, "grows");
    writeFileSync(path, bytesOf(10_000, 5));
    const first = readFileSync(path);
    appendFileSync(path, bytesOf(9_000, 6));
    const buffer = Buffer.allocUnsafeSlow(40_000);
    const direct = { minBytes: 1 };
    expect(readWholeUncached(path, 10_000, buffer, direct).bytes.equals(first)).toBe(true);
    expect((await readWholeUncachedAsync(path, 10_000, buffer, direct)).bytes.equals(first)).toBe(true);
    const whole = readFileSync(path);
    expect(readWholeUncached(path, 30_000, buffer, direct).bytes.equals(whole)).toBe(true);
    expect((await readWholeUncachedAsync(path, 30_000, buffer, direct)).bytes.equals(whole)).toBe(true);
  });

  it("reads as any file where a direct read cannot be had: no flag (macOS), a flag that fails to open, a buffer without room", async () => {
    const size = 70_000;
    const path = join(dir, "plain");
    writeFileSync(path, bytesOf(size, 7));
    const expected = readFileSync(path);
    const roomy = Buffer.allocUnsafeSlow(size + DIRECT_SLACK);
    // O_DIRECTORY on a file fails with ENOTDIR, as a filesystem refusing O_DIRECT fails with EINVAL.
    for (const directFlag of [null, constants.O_DIRECTORY]) {
      const sync = readWholeUncached(path, size, roomy, { directFlag, minBytes: 1 });
      const async = await readWholeUncachedAsync(path, size, roomy, { directFlag, minBytes: 1 });
      expect([sync.direct, async.direct, sync.bytes.equals(expected), async.bytes.equals(expected)]).toEqual([false, false, true, true]);
    }
    const tight = Buffer.allocUnsafeSlow(size);
    const read = readWholeUncached(path, size, tight, { minBytes: 1 });
    expect([read.direct, read.bytes.equals(expected)]).toEqual([false, true]);
  });

  it("says why a file cannot be read, as a plain read does", async () => {
    const missing = join(dir, "missing.jsonl");
    const buffer = Buffer.allocUnsafeSlow(DIRECT_SLACK + 10);
    expect(() => readWholeUncached(missing, 10, buffer, { minBytes: 1 })).toThrow(/ENOENT/);
    await expect(readWholeUncachedAsync(missing, 10, buffer, { minBytes: 1 })).rejects.toThrow(/ENOENT/);
  });
});

describe("a build's reads through ReadBuffers", () => {
  it("read whole files past the page cache unless told not to, the same bytes either way", async () => {
    const size = 2 * 1024 * 1024 + 3;
    const path = join(dir, "session.jsonl");
    writeFileSync(path, bytesOf(size, 11));
    const expected = readFileSync(path);
    for (const directReads of [true, false]) {
      const buffers = new ReadBuffers({ directReads });
      expect(buffers.directReads).toBe(directReads);
      expect(withWholeFile(path, size, buffers, (bytes) => bytes.equals(expected))).toBe(true);
      const start = await readFileStart(path, size, buffers);
      expect(start.bytes.equals(expected)).toBe(true);
      expect(start.bytes.buffer).toBe(start.buffer.buffer);
      buffers.give(start.buffer);
    }
  });
});
