import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendEntries, CommitError, lockPathOf, type LockOwner } from "../../src/engine/index.js";
import { compileEngineFor } from "../support/engine-child.js";
import { FIXTURES } from "../support/shared.js";
import { copyFixture, labelEntry, liveOwner, snapshotOf } from "./append-support.js";

const entries = [labelEntry("new00001", "l0000002", "u0000002", "here")];
const NOW = Date.parse("2026-03-01T00:00:00Z");

function commit(file: string, lock: LockOwner): void {
  appendEntries({ snapshot: snapshotOf(file), fileVersion: 3, entries, lock });
}

const holdLock = (file: string, content: object | string): void =>
  writeFileSync(lockPathOf(file), typeof content === "string" ? content : JSON.stringify(content));

describe("the commit lock", () => {
  it("refuses while another live writer holds it, and leaves that lock alone", () => {
    const file = copyFixture("small-v3.jsonl");
    const before = readFileSync(file);
    holdLock(file, { pid: 999, createdMs: NOW - 1000 });
    const error = (() => {
      try {
        commit(file, { pid: 1, isAlive: (pid) => pid === 999, nowMs: NOW });
      } catch (e) {
        return e as CommitError;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(CommitError);
    expect(error!.message).toMatch(/another commit is in progress \(pi-explorer pid 999 has held .*small-v3\.jsonl\.lock for 1s\); nothing was written\. If no pi-explorer is writing to this file, remove .*small-v3\.jsonl\.lock and try again$/);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(JSON.parse(readFileSync(lockPathOf(file), "utf8"))).toEqual({ pid: 999, createdMs: NOW - 1000 });
  });

  it("takes over a lock whose process is gone", () => {
    const file = copyFixture("small-v3.jsonl");
    holdLock(file, { pid: 999, createdMs: NOW - 1000 });
    commit(file, { pid: 1, isAlive: () => false, nowMs: NOW });
    expect(readFileSync(file, "utf8")).toContain('"id":"new00001"');
    expect(existsSync(lockPathOf(file))).toBe(false);
  });

  it("takes over a lock older than the stale limit even if its pid is alive (pid reuse)", () => {
    const file = copyFixture("small-v3.jsonl");
    holdLock(file, { pid: 999, createdMs: NOW - 11 * 60 * 1000 });
    commit(file, liveOwner());
    expect(existsSync(lockPathOf(file))).toBe(false);
  });

  // Our locks are linked into place whole, so an empty or torn one was left by a kill or a full disk.
  it.each([["empty", ""], ["torn", '{"pid":12'], ["garbage", "garbage"]])("takes over an %s lock at once", (_what, content) => {
    const file = copyFixture("small-v3.jsonl");
    holdLock(file, content);
    commit(file, { pid: 1, isAlive: () => true, nowMs: Date.now() });
    expect(readFileSync(file, "utf8")).toContain('"id":"new00001"');
    expect(existsSync(lockPathOf(file))).toBe(false);
  });
});

// Runs appendEntries in a child whose write step announces itself and then hangs until killed.
const CHILD = `
import { writeSync } from "node:fs";
import { appendEntries } from "./engine/store/append.js";
const [file, snapshot, entries, mode] = process.argv.slice(2);
const hang = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
appendEntries({
  snapshot: JSON.parse(snapshot), fileVersion: 3, entries: JSON.parse(entries),
  lock: { pid: process.pid, isAlive: () => true, nowMs: Date.now() },
  io: mode === "before-write"
    ? { write: () => { process.stdout.write("ready\\n"); hang(); return 0; } }
    : { fsync: () => { process.stdout.write("ready\\n"); hang(); } , write: (fd, data) => writeSync(fd, data) },
});
`;

function killMidCommit(file: string, mode: "before-write" | "before-fsync"): Promise<number> {
  const child = spawn(process.execPath, [compileEngineFor(CHILD), file, JSON.stringify(snapshotOf(file)), JSON.stringify(entries), mode]);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("exit", (_code, signal) => (signal === "SIGKILL" ? resolve(child.pid!) : reject(new Error(`child ended on its own: ${stderr}`))));
  });
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("a writer killed in the middle of a commit", () => {
  it("killed before its write: the file is untouched and its stale lock is taken over by the next commit", async () => {
    const file = copyFixture("small-v3.jsonl");
    const before = readFileSync(file);
    const pid = await killMidCommit(file, "before-write");
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(JSON.parse(readFileSync(lockPathOf(file), "utf8")).pid).toBe(pid);
    commit(file, { pid: process.pid, isAlive, nowMs: Date.now() });
    expect(readFileSync(file, "utf8").endsWith('"label":"here"}\n')).toBe(true);
    expect(existsSync(lockPathOf(file))).toBe(false);
  });

  it("killed after its single write: the file holds the old bytes plus whole lines, never a partial one", async () => {
    const file = copyFixture("small-v3.jsonl");
    const before = readFileSync(file);
    await killMidCommit(file, "before-fsync");
    const after = readFileSync(file);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    const added = after.subarray(before.length).toString("utf8");
    expect(added.endsWith("\n")).toBe(true);
    for (const line of added.trimEnd().split("\n")) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe("a lock that cannot be created", () => {
  it("is a one-line refusal naming the file, not a crash", () => {
    // A 252-character file name is fine, but "<name>.lock" is longer than a name may be.
    const file = join(dirname(copyFixture("small-v3.jsonl")), `${"x".repeat(246)}.jsonl`);
    copyFileSync(join(FIXTURES, "commit", "small-v3.jsonl"), file);
    const before = readFileSync(file);
    expect(() => commit(file, liveOwner())).toThrow(/x\.jsonl: cannot create the lock file .*: ENAMETOOLONG; nothing was written/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
