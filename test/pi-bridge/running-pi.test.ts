// Detecting a pi that runs on a session before writing to it: an open descriptor, `pi --session FILE`
// among a process's arguments, or (without /proc) a file written moments ago.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findRunningPi } from "../../src/pi-bridge/running-pi.js";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** Start `args` under this Node and wait until it says it is ready. */
function startHolder(args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
  children.push(child);
  return new Promise((resolve) => child.stdout?.once("data", () => resolve(child)));
}

function sessionFile(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "pi-explorer-running-"));
  const file = join(dir, "session.jsonl");
  writeFileSync(file, '{"type":"session","version":3,"id":"x","timestamp":"2026-01-01T00:00:00Z","cwd":"/"}\n');
  utimesSync(file, new Date(0), new Date(0));
  return { dir, file };
}

describe.skipIf(process.platform !== "linux")("findRunningPi on Linux (/proc)", () => {
  it("finds nothing when no process has the session", () => {
    const { file } = sessionFile();
    expect(findRunningPi({ file, nowMs: Date.now() })).toBeUndefined();
  });

  it("finds a process that holds the file open", async () => {
    const { file } = sessionFile();
    const child = await startHolder(["-e", `require("fs").openSync(${JSON.stringify(file)}, "a"); console.log("ready"); setTimeout(() => {}, 30000);`]);
    expect(findRunningPi({ file, nowMs: Date.now() })).toMatchObject({ how: "open", pid: child.pid });
  });

  it("finds pi started on the file (pi --session FILE), which opens it only to append", async () => {
    const { dir, file } = sessionFile();
    const cli = join(dir, "node_modules", "@earendil-works", "pi-coding-agent", "dist", "cli.js");
    mkdirSync(join(cli, ".."), { recursive: true });
    writeFileSync(cli, 'console.log("ready"); setTimeout(() => {}, 30000);\n');
    const child = await startHolder([cli, "--session", file]);
    const found = findRunningPi({ file, nowMs: Date.now() });
    expect(found).toMatchObject({ how: "argument", pid: child.pid });
    expect(found?.line).toMatch(/^pi \(pid \d+\) runs on this session: .* side branch; quit pi first$/);
  });
});

describe.skipIf(process.platform !== "linux")("a CLI write says so when a pi runs on the file", () => {
  it("label --yes: the preview carries the warning before the entry is written", async () => {
    const { file } = sessionFile();
    writeFileSync(file, `${'{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00Z","cwd":"/"}'}\n${'{"type":"message","id":"m1","parentId":null,"timestamp":"2026-01-01T00:00:01Z","message":{"role":"user","content":"hi","timestamp":1}}'}\n`);
    const child = await startHolder(["-e", `require("fs").openSync(${JSON.stringify(file)}, "a"); console.log("ready"); setTimeout(() => {}, 30000);`]);
    const { runInProcess } = await import("../cli/run-in-process.js");
    const result = await runInProcess(["label", file, "m1", "checkpoint", "--yes"], { env: {}, cwd: tmpdir(), home: tmpdir() });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Warning: process ${child.pid} has ${file} open (a running pi?)`);
  });
});

describe("findRunningPi without /proc", () => {
  it("reports a file written in the last two minutes", () => {
    const { file } = sessionFile();
    const now = Date.now();
    utimesSync(file, new Date(now - 5000), new Date(now - 5000));
    expect(findRunningPi({ file, nowMs: now, platform: "darwin" })).toMatchObject({ how: "recent" });
    expect(findRunningPi({ file, nowMs: now + 10 * 60_000, platform: "darwin" })).toBeUndefined();
  });
});
