import { readFileSync, writeSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { appendEntries, CommitError, lockPathOf, type AppendIo } from "../../src/engine/index.js";
import { existsSync } from "node:fs";
import { copyFixture, labelEntry, liveOwner, snapshotOf } from "./append-support.js";

const entries = [labelEntry("new00001", "l0000002", "u0000002", "here")];

function commitWith(io: Partial<AppendIo>): { file: string; before: Buffer; error: CommitError } {
  const file = copyFixture("small-v3.jsonl");
  const before = readFileSync(file);
  try {
    appendEntries({ snapshot: snapshotOf(file), fileVersion: 3, entries, lock: liveOwner(), io });
  } catch (error) {
    if (error instanceof CommitError) return { file, before, error };
    throw error;
  }
  throw new Error("expected the commit to fail");
}

const enospc = (): never => {
  throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
};

describe("a failed write loses nothing", () => {
  it("disk full before any byte: the file is identical and the message says why", () => {
    const { file, before, error } = commitWith({ write: enospc });
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(error.kind).toBe("failed");
    expect(error.message).toMatch(/small-v3\.jsonl: the commit failed at write: the disk is full \(ENOSPC\); nothing was written, the file is unchanged/);
    expect(existsSync(lockPathOf(file))).toBe(false);
  });

  it("a short write: only our partly written bytes are cut back (the one allowed truncation)", () => {
    const { file, before, error } = commitWith({ write: (fd, data) => writeSync(fd, data.subarray(0, 20)) });
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(error.message).toMatch(/short write: 20 of \d+ bytes.*the 20 partly written bytes were removed/);
  });

  it("disk full half way (bytes reached the file, then the call threw): cut back to the original size", () => {
    const { file, before } = commitWith({
      write: (fd, data) => {
        writeSync(fd, data.subarray(0, 7));
        return enospc();
      },
    });
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("fsync fails after a whole write: the appended lines are removed again", () => {
    const { file, before, error } = commitWith({
      fsync: () => {
        throw Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" });
      },
    });
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(error.message).toMatch(/failed at fsync: EIO; /);
  });

  it("never cuts bytes that are not ours: a foreign line after the failure stays", () => {
    const foreign = Buffer.from('{"type":"label","id":"pi000001","parentId":null,"timestamp":"t","targetId":"u0000001"}\n');
    const { file, before, error } = commitWith({
      write: (fd) => {
        writeSync(fd, foreign); // another program appended at the same moment
        return enospc();
      },
    });
    expect(readFileSync(file).equals(Buffer.concat([before, foreign]))).toBe(true);
    expect(error.message).toMatch(/not only ours, so it was left as it is/);
  });
});
