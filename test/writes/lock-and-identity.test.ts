// The lock and the snapshot know which file they guard: every name of a file (a symlink) shares one
// lock on its real path, a file put in place of the one read (same size, time and bytes) is another
// file, and a stale lock is taken over by exactly one writer however many race for it.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, renameSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { appendEntries, CommitError, lockPathOf, readSessionFile } from "../../src/engine/index.js";
import { copyFixture, labelEntry, liveOwner, snapshotOf } from "../store/append-support.js";
import { ensureBuilt, runCli } from "../cli/run-built-cli.js";
import { compileEngineFor } from "../support/engine-child.js";

beforeAll(() => ensureBuilt());

const entries = [labelEntry("new00001", "l0000002", "u0000002", "here")];
const refusal = (run: () => unknown): CommitError => {
  try {
    run();
  } catch (error) {
    if (error instanceof CommitError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("a symlinked session file", () => {
  it("has one lock, next to its real path, whichever name is used", () => {
    const file = copyFixture("small-v3.jsonl");
    const link = join(dirname(file), "link.jsonl");
    symlinkSync(file, link);
    expect(lockPathOf(link)).toBe(`${file}.lock`);
    expect(lockPathOf(file)).toBe(`${file}.lock`);
  });

  it("refuses a commit through the link while a live writer holds the real file's lock (before: two locks, two labels on one parent)", () => {
    const file = copyFixture("small-v3.jsonl");
    const link = join(dirname(file), "link.jsonl");
    symlinkSync(file, link);
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, createdMs: Date.now() }));
    const before = readFileSync(file);
    const run = runCli(["label", link, "u0000002", "x", "--yes"]);
    expect(run.status).toBe(4);
    expect(run.stderr).toMatch(/another commit is in progress .*If no pi-explorer is writing to this file, remove .*small-v3\.jsonl\.lock and try again/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe("a file replaced since it was read", () => {
  it("is refused even with the same size, modification time and bytes (device and inode differ)", () => {
    const file = copyFixture("small-v3.jsonl");
    const when = new Date("2026-03-01T12:00:00Z"); // whole seconds: utimes keeps them exactly
    utimesSync(file, when, when);
    const snapshot = snapshotOf(file);
    const twin = `${file}.twin`;
    copyFileSync(file, twin);
    utimesSync(twin, when, when);
    renameSync(twin, file);
    expect(statSync(file).mtimeMs).toBe(snapshot.mtimeMs);
    const error = refusal(() => appendEntries({ snapshot, fileVersion: 3, entries, lock: liveOwner() }));
    expect(error.message).toMatch(/small-v3\.jsonl: the file was replaced by another file since it was read \(its device and inode differ\); read it again; nothing was written/);
    expect(error.kind).toBe("refused");
    expect(existsSync(lockPathOf(file))).toBe(false);
  });

  it("is refused when the entries were planned on another read than the snapshot", () => {
    const file = copyFixture("small-v3.jsonl");
    const snapshot = snapshotOf(file);
    const error = refusal(() => appendEntries({ snapshot, fileVersion: 3, entries, lock: liveOwner(), plannedOnLeafId: "u0000001" }));
    expect(error.message).toMatch(/planned on another read of the file \(leaf u0000001, the file as checked ends at l0000002\)/);
    expect(readSessionFile(file, "1.6").loaded.entries.some((e) => e.id === "new00001")).toBe(false);
  });
});

// Each child waits for the start signal, then commits the same label over the same stale lock.
const RACER = `
import { existsSync } from "node:fs";
import { appendEntries } from "./engine/store/append.js";
const [snapshot, entries, go] = process.argv.slice(2);
const isAlive = (pid) => { try { process.kill(pid, 0); return true; } catch (error) { return error.code === "EPERM"; } };
process.stdout.write("ready;");
while (!existsSync(go)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
try {
  appendEntries({ snapshot: JSON.parse(snapshot), fileVersion: 3, entries: JSON.parse(entries), lock: { pid: process.pid, isAlive, nowMs: Date.now() } });
  process.stdout.write("wrote");
} catch (error) {
  process.stdout.write(error.kind ?? String(error));
}
`;

function race(script: string, file: string, writers: number): Promise<string[]> {
  const go = `${file}.go`;
  const snapshot = JSON.stringify(snapshotOf(file));
  let ready = 0;
  const runs = Array.from({ length: writers }, (_, i) => {
    const child = spawn(process.execPath, [script, snapshot, JSON.stringify([labelEntry(`new0000${i}`, "l0000002", "u0000002", `w${i}`)]), go]);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      // Everyone loaded and waiting: start them together.
      if (out === "ready;" && ++ready === writers) writeFileSync(go, "");
    });
    return new Promise<string>((resolve) => child.on("exit", () => resolve(out.replace("ready;", ""))));
  });
  return Promise.all(runs);
}

describe("a stale lock raced for by several writers", () => {
  it("is taken over by exactly one: one writes, the others are refused with nothing written", async () => {
    const script = compileEngineFor(RACER);
    for (let round = 0; round < 3; round++) {
      const file = copyFixture("small-v3.jsonl");
      const before = readFileSync(file);
      // Left by a writer that is gone.
      writeFileSync(lockPathOf(file), JSON.stringify({ pid: 999_999, createdMs: 0 }));
      const outcomes = await race(script, file, 4);
      expect(outcomes.filter((o) => o === "wrote"), outcomes.join(",")).toHaveLength(1);
      expect(outcomes.filter((o) => o === "refused")).toHaveLength(3);
      const added = readFileSync(file).subarray(before.length).toString("utf8").trimEnd().split("\n");
      expect(added).toHaveLength(1);
      expect(existsSync(lockPathOf(file))).toBe(false);
      expect(existsSync(`${lockPathOf(file)}.takeover`)).toBe(false);
    }
  }, 60_000);
});
