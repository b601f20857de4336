// A prepare worker reads session files into buffers it uses again (store/read-buffers.ts): each
// file still reads exactly its own bytes, and what was prepared from a buffer does not change
// when the next file is read into it.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareFileBytes, prepareWholeFile } from "../../src/engine/store/recall-cache-prepare.js";
import { bufferSizeFor, ReadBuffers, readFileStart } from "../../src/engine/store/read-buffers.js";
import { sessionText } from "./recall-sessions.js";

let dir: string;
let large: string;
let small: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pi-explorer-read-buffers-"));
  large = join(dir, "large.jsonl");
  small = join(dir, "small.jsonl");
  writeFileSync(large, sessionText("large", 400, 7));
  writeFileSync(small, sessionText("small", 30, 8));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MIB = 1024 * 1024;
// Buffers are compared by identity with ===: handed to expect, a failure would print megabytes.

describe("ReadBuffers", () => {
  it("lends a buffer for one read and takes it back when the read returns or throws", () => {
    const buffers = new ReadBuffers();
    let lent: Buffer | undefined;
    expect(buffers.lend((bufferFor) => (lent = bufferFor(2 * MIB)).length)).toBeGreaterThanOrEqual(2 * MIB);
    expect(buffers.take(MIB) === lent).toBe(true);
    buffers.give(lent!);
    expect(() =>
      buffers.lend((bufferFor) => {
        lent = bufferFor(MIB);
        throw new Error("damaged");
      }),
    ).toThrow("damaged");
    expect(buffers.take(MIB) === lent).toBe(true);
    // A read that needed no buffer gives nothing back.
    expect(buffers.lend(() => 7)).toBe(7);
  });

  it("hands out a buffer given back for any size it holds, the smallest that fits, and a new one with room to spare otherwise", () => {
    const buffers = new ReadBuffers();
    const first = buffers.take(3 * MIB);
    expect(first.length).toBeGreaterThanOrEqual(3 * MIB);
    expect(first.length).toBeGreaterThan(3 * MIB + MIB / 2);
    const other = buffers.take(10 * MIB);
    buffers.give(first);
    buffers.give(other);
    expect(buffers.take(2 * MIB) === first).toBe(true);
    expect(buffers.take(9 * MIB) === other).toBe(true);
    const larger = buffers.take(20 * MIB);
    expect(larger === first).toBe(false);
    expect(larger === other).toBe(false);
  });

  it("keeps a few buffers, the largest, and none over 64 MiB", () => {
    const buffers = new ReadBuffers();
    const taken = [1, 2, 3, 4, 5].map((n) => buffers.take(n * MIB));
    for (const b of taken) buffers.give(b);
    // The smallest was let go: a request it would have fit gets the next smallest.
    expect(buffers.take(MIB / 2) === taken[1]).toBe(true);
    const huge = buffers.take(80 * MIB);
    buffers.give(huge);
    expect(buffers.take(70 * MIB) === huge).toBe(false);
  });
});

describe("bufferSizeFor", () => {
  it("a quarter more in whole MiB, at least 1 MiB, and never more than a buffer may hold unless the file needs it", () => {
    expect(bufferSizeFor(100)).toBe(MIB);
    expect(bufferSizeFor(20 * MIB)).toBe(25 * MIB);
    expect(bufferSizeFor(20 * MIB + 1)).toBe(26 * MIB);
    expect(bufferSizeFor(90 * MIB, 100 * MIB)).toBe(100 * MIB);
    expect(bufferSizeFor(100 * MIB, 100 * MIB)).toBe(100 * MIB);
  });
});

describe("readFileStart", () => {
  it("reads each file's own bytes into a buffer used again, and what was prepared from it stays as it was", async () => {
    const buffers = new ReadBuffers();
    const st = (path: string) => ({ size: statSync(path).size, mtimeMs: statSync(path).mtimeMs });
    const a = await readFileStart(large, st(large).size, buffers);
    expect(a.bytes.equals(readFileSync(large))).toBe(true);
    const fromLarge = prepareFileBytes(a.bytes, st(large), "1.6");
    buffers.give(a.buffer);
    const b = await readFileStart(small, st(small).size, buffers);
    expect(b.buffer === a.buffer).toBe(true);
    // Only the small file's bytes, none of the large one's after them.
    expect(b.bytes.equals(readFileSync(small))).toBe(true);
    expect(prepareFileBytes(b.bytes, st(small), "1.6")).toEqual(prepareWholeFile(small, st(small), "1.6"));
    expect(fromLarge).toEqual(prepareWholeFile(large, st(large), "1.6"));
  });

  it("a file that cannot be read rejects with its error and gives its buffer back", async () => {
    const buffers = new ReadBuffers();
    const kept = buffers.take(2 * MIB);
    buffers.give(kept);
    await expect(readFileStart(join(dir, "missing.jsonl"), 2 * MIB, buffers)).rejects.toThrow(/ENOENT/);
    // The read took the kept buffer; had it not given it back, this would be a new one.
    expect(buffers.take(2 * MIB) === kept).toBe(true);
  });

  it("a file longer than it was when looked at is read up to the size asked, as readRange reads it", async () => {
    const buffers = new ReadBuffers();
    const size = statSync(small).size;
    const { bytes } = await readFileStart(small, size - 10, buffers);
    expect(bytes.equals(readFileSync(small).subarray(0, size - 10))).toBe(true);
  });
});

describe("prepareWholeFile with buffers (a build in one thread)", () => {
  it("prepares each file, large and small in turn, as a read into a buffer of its own does", () => {
    const buffers = new ReadBuffers();
    for (const path of [large, small, large, small]) {
      const st = { size: statSync(path).size, mtimeMs: statSync(path).mtimeMs };
      expect(prepareWholeFile(path, st, "1.6", { buffers })).toEqual(prepareWholeFile(path, st, "1.6"));
    }
    // All four went through one buffer, given back after each file: it is the only one kept.
    expect(buffers.take(1).length).toBeGreaterThanOrEqual(statSync(large).size);
    expect(buffers.take(1).length).toBe(MIB);
  });
});
