// Every CLI command only reads: the session file's bytes and mtime are the same afterwards, even
// for files pi itself would rewrite on open (v1 migration, a missing final newline).
import { copyFileSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodedCwd, isolatedPi, type IsolatedPi } from "./isolated-env.js";
import { DEMO, ensureBuilt, runCli } from "./run-built-cli.js";

let pi: IsolatedPi;
beforeAll(() => {
  ensureBuilt();
  pi = isolatedPi();
});
afterAll(() => pi.cleanup());

// A v1 file (no ids; pi migrates it to v3 on open) without a final newline (pi 1.6 appends one).
const V1_NO_FINAL_NEWLINE = [
  JSON.stringify({ type: "session", id: "v1-session", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/home/dev/p" }),
  JSON.stringify({ type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: { role: "user", content: "hello", timestamp: 1735689601000 } }),
  JSON.stringify({ type: "message", timestamp: "2025-01-01T00:00:02.000Z", message: { role: "assistant", content: [{ type: "text", text: "hi" }], stopReason: "stop", timestamp: 1735689602000 } }),
].join("\n");

function snapshot(path: string): { bytes: Buffer; mtimeMs: number } {
  return { bytes: readFileSync(path), mtimeMs: statSync(path).mtimeMs };
}

function sessionsFor(name: string, write: (path: string) => void): string {
  const dir = join(pi.agentDir, "sessions", encodedCwd(pi.project));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  write(path);
  // An old mtime makes any rewrite visible even on file systems with coarse timestamps.
  utimesSync(path, new Date("2024-01-02T03:04:05Z"), new Date("2024-01-02T03:04:05Z"));
  return path;
}

describe("commands never write to the session file", () => {
  const inputs: [string, (path: string) => void, string][] = [
    ["the demo (v3)", (p) => copyFileSync(DEMO, p), "8959c97f"],
    ["a v1 file without a final newline", (p) => writeFileSync(p, V1_NO_FINAL_NEWLINE), "00000001"],
  ];
  for (const [name, write, target] of inputs) {
    it(name, () => {
      const file = sessionsFor(`2025-01-01T00-00-00-000Z_${name.length}.jsonl`, write);
      const before = snapshot(file);
      const runs = [
        ["list"],
        ["list", "--all"],
        ["tree", file],
        ["context", file],
        ["compact", file, "--keep-recent", "10"],
        ["branch", file, "--target", target],
      ];
      for (const args of runs) {
        for (const json of [[], ["--json"]]) {
          const run = runCli([...args, ...json], { env: pi.env, cwd: pi.project });
          expect(run.status, `${args.join(" ")} ${json.join(" ")}: ${run.stderr}`).toBe(0);
          const after = snapshot(file);
          expect(after.mtimeMs, args.join(" ")).toBe(before.mtimeMs);
          expect(after.bytes.equals(before.bytes), args.join(" ")).toBe(true);
        }
      }
    });
  }
});
