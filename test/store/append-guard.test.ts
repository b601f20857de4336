import { appendFileSync, existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { appendEntries, CommitError, lockPathOf, type AppendRequest } from "../../src/engine/index.js";
import { copyFixture, labelEntry, liveOwner, snapshotOf } from "./append-support.js";

function request(file: string, extra: Partial<AppendRequest> = {}): AppendRequest {
  return {
    snapshot: snapshotOf(file),
    fileVersion: 3,
    entries: [labelEntry("new00001", "l0000002", "u0000002", "here"), labelEntry("new00002", "new00001", "u0000002")],
    lock: liveOwner(),
    ...extra,
  };
}

function refusal(run: () => unknown): CommitError {
  try {
    run();
  } catch (error) {
    if (error instanceof CommitError) return error;
    throw error;
  }
  throw new Error("expected a CommitError");
}

describe("guarded append", () => {
  it("adds whole lines at the end and leaves every earlier byte as it was", () => {
    const file = copyFixture("small-v3.jsonl");
    const before = readFileSync(file);
    const result = appendEntries(request(file));
    const after = readFileSync(file);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    const added = after.subarray(before.length).toString("utf8");
    expect(added).toBe(
      '{"type":"label","id":"new00001","parentId":"l0000002","timestamp":"2026-03-01T00:00:00.000Z","targetId":"u0000002","label":"here"}\n' +
        '{"type":"label","id":"new00002","parentId":"new00001","timestamp":"2026-03-01T00:00:00.000Z","targetId":"u0000002"}\n',
    );
    expect(result).toMatchObject({ entryIds: ["new00001", "new00002"], newLeafId: "new00002" });
    expect(result.snapshot).toEqual(snapshotOf(file));
    expect(existsSync(lockPathOf(file))).toBe(false);
  });

  it("lets a second commit follow the first using the snapshot it returned", () => {
    const file = copyFixture("small-v3.jsonl");
    const first = appendEntries(request(file));
    const second = appendEntries({ ...request(file), snapshot: first.snapshot, entries: [labelEntry("new00003", "new00002", "u0000001", "x")] });
    expect(second.newLeafId).toBe("new00003");
  });

  it("refuses when another program appended between read and commit", () => {
    const file = copyFixture("small-v3.jsonl");
    const req = request(file);
    appendFileSync(file, '{"type":"label","id":"pi000001","parentId":"l0000002","timestamp":"2026-03-01T00:00:01.000Z","targetId":"u0000001"}\n');
    const changed = readFileSync(file);
    const error = refusal(() => appendEntries(req));
    expect(error.kind).toBe("refused");
    expect(error.staleRead).toBe(true);
    expect(error.message).toMatch(/small-v3\.jsonl: the file changed since it was read \(size \d+ -> \d+ bytes\).*nothing was written/);
    expect(readFileSync(file).equals(changed)).toBe(true);
    expect(existsSync(lockPathOf(file))).toBe(false);
  });

  it("refuses when the last bytes changed but the size did not", () => {
    const file = copyFixture("small-v3.jsonl");
    const asRead = snapshotOf(file);
    writeFileSync(file, readFileSync(file, "utf8").replace('"label":"return-43"', '"label":"return-44"'));
    // Same size and (as if the clock were coarse) the same mtime: only the tail hash can tell.
    const req = request(file, { snapshot: { ...snapshotOf(file), tailSha256: asRead.tailSha256 } });
    expect(refusal(() => appendEntries(req)).message).toMatch(/its last bytes differ/);
  });

  it("refuses when only the modification time changed", () => {
    const file = copyFixture("small-v3.jsonl");
    const req = request(file);
    utimesSync(file, new Date("2020-01-01"), new Date("2020-01-01"));
    expect(refusal(() => appendEntries(req)).message).toMatch(/modification time differs/);
  });

  it("refuses v1/v2 files and suggests a fork", () => {
    const file = copyFixture("small-v2.jsonl");
    const before = readFileSync(file);
    const error = refusal(() => appendEntries(request(file, { fileVersion: 2 })));
    expect(error.message).toMatch(/small-v2\.jsonl: it is a v2 session file.*pi-explorer fork/);
    // Reading the file again would not help here.
    expect(error.staleRead).toBe(false);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("ends a torn last line before appending, so the new entries stay whole lines", () => {
    const file = copyFixture("small-v3.jsonl");
    appendFileSync(file, '{"type":"message","id":"torn');
    appendEntries(request(file));
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines.at(-4)).toBe('{"type":"message","id":"torn');
    expect(JSON.parse(lines.at(-2)!)).toMatchObject({ id: "new00002" });
  });
});
