// After the write, the re-read: our bytes must sit where the snapshot ended. pi appending after
// them is pi chatting on (a success); pi's line landing between the guard and our write means our
// entries hang off an older leaf, which is reported as written-with-a-problem (exit 5), not hidden.
import { appendFileSync, readFileSync, writeSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { appendEntries, CommitError } from "../../src/engine/index.js";
import { copyFixture, labelEntry, liveOwner, snapshotOf } from "./append-support.js";

const piLine = `${JSON.stringify({ type: "message", id: "pi000001", parentId: "l0000002", timestamp: "2026-03-01T00:00:01.000Z", message: { role: "user", content: "hi", timestamp: 1 } })}\n`;
const entries = [labelEntry("new00001", "l0000002", "u0000002", "here")];

describe("the re-read after an append", () => {
  it("is a success when pi appended after our lines", () => {
    const file = copyFixture("small-v3.jsonl");
    const result = appendEntries({
      snapshot: snapshotOf(file),
      fileVersion: 3,
      entries,
      lock: liveOwner(),
      io: { fsync: () => appendFileSync(file, piLine) },
    });
    expect(result.newLeafId).toBe("new00001");
    expect(result.snapshot.leafId).toBe("pi000001");
    expect(readFileSync(file, "utf8").endsWith(`"label":"here"}\n${piLine}`)).toBe(true);
  });

  it("is 'written' (with the reason) when pi's line landed before ours", () => {
    const file = copyFixture("small-v3.jsonl");
    let error: unknown;
    try {
      appendEntries({
        snapshot: snapshotOf(file),
        fileVersion: 3,
        entries,
        lock: liveOwner(),
        io: {
          write: (fd, data) => {
            appendFileSync(file, piLine);
            return writeSync(fd, data);
          },
        },
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CommitError);
    expect((error as CommitError).kind).toBe("written");
    expect((error as CommitError).message).toMatch(/small-v3\.jsonl: written, but another program wrote to it at the same moment, so the new entries do not follow the leaf they were planned on/);
  });
});
