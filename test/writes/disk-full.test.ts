// A full disk, for real where a small tmpfs can be mounted (as root), else skipped visibly (the
// injected write errors of test/store/append-failure.test.ts still run). Before the fix: "internal
// error: ENOSPC", exit 1, and an empty lock left that blocked every commit for ten minutes.
import { spawnSync } from "node:child_process";
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, expectOneLineError, runCli } from "../cli/run-built-cli.js";
import { FIXTURES } from "../support/shared.js";

const mountPoint = mkdtempSync(join(tmpdir(), "pi-explorer-full-"));
const mounted = process.platform === "linux" && spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint]).status === 0;
if (!mounted) console.warn(`[skip] disk-full tests: cannot mount a tmpfs at ${mountPoint} (needs root); injected write errors are tested in test/store`);

/** Fill the mount until the next write fails with ENOSPC. */
function fill(): void {
  const fd = openSync(join(mountPoint, `filler-${readdirSync(mountPoint).length}`), "w");
  const page = Buffer.alloc(1024, 120);
  try {
    for (;;) writeSync(fd, page);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

beforeAll(() => ensureBuilt());
afterAll(() => {
  if (mounted) spawnSync("umount", [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

describe.runIf(mounted)("a full disk", () => {
  it("a commit says so plainly, exits 4, leaves the file as it was and no lock behind", () => {
    const file = join(mountPoint, "session.jsonl");
    copyFileSync(join(FIXTURES, "commit", "small-v3.jsonl"), file);
    fill();
    const before = readFileSync(file);
    const run = runCli(["label", file, "u0000002", "full", "--yes"]);
    expect(run.status).toBe(4);
    expect(expectOneLineError(run)).toMatch(/session\.jsonl: cannot create the lock file .*session\.jsonl\.lock: the disk is full \(ENOSPC\); nothing was written$/);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(mountPoint).filter((name) => name.includes(".lock"))).toEqual([]);
    // With room again, the next commit goes through at once (no lock to wait out).
    for (const name of readdirSync(mountPoint)) if (name.startsWith("filler-")) rmSync(join(mountPoint, name));
    expect(runCli(["label", file, "u0000002", "room", "--yes"]).status).toBe(0);
  });

  it("a fork into a full disk removes what it created, so the retry is not blocked", () => {
    const out = join(mountPoint, "fork.jsonl");
    fill();
    const run = runCli(["fork", join(FIXTURES, "commit", "small-v3.jsonl"), "--out", out, "--yes", "--json"]);
    expect(run.status).toBe(4);
    expect(run.stderr).toMatch(/fork\.jsonl: writing the fork failed: the disk is full \(ENOSPC\); the new file was removed, nothing was written/);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { exitCode: 4 } });
    expect(existsSync(out)).toBe(false);
  });
});
