// `recall --all` as separate processes: two cold builds at once, a build interrupted by Ctrl+C and
// continued by the next run, a cache owned by another user, and the progress line.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithSqlite } from "../support/sqlite.js";
import { appendTurns, makeSessions } from "../store/recall-sessions.js";
import { CLI, ensureBuilt, runCli } from "./run-built-cli.js";

let root: string;
let files: string[];
const QUERY = ["recall", "--all", "cache", "expiry", "--page-size", "30"];

beforeAll(() => {
  ensureBuilt();
  // (the describe below is skipped without SQLite; the folder is cheap to make either way)
  ({ root, files } = makeSessions(36, 120));
  spawnSync("chmod", ["-R", "a+rX", root]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const envFor = (cache: string) => ({ PI_CODING_AGENT_DIR: root, HOME: join(root, "home"), XDG_CACHE_HOME: join(root, cache) });

function runAsync(cache: string, args = QUERY): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...envFor(cache) } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const freshAnswer = (): string => {
  const r = runCli(QUERY, { env: envFor(`fresh-${Math.random()}`) });
  expect(r.status).toBe(0);
  return r.stdout;
};

describeWithSqlite("recall --all, several processes", () => {
  it("two cold builds at once: both answer as a fresh index, neither takes the lock for damage", async () => {
    const expected = freshAnswer();
    expect(expected).toMatch(/matches for "cache expiry" in 36 sessions/);
    const [a, b] = await Promise.all([runAsync("both"), runAsync("both")]);
    for (const r of [a, b]) {
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(expected);
      expect(r.stderr).not.toMatch(/locked|damaged|rebuilt|not used|error/i);
    }
    // The index they built together is whole: a third run reads nothing again.
    const again = runCli([...QUERY, "--json"], { env: envFor("both") });
    expect(JSON.parse(again.stdout).index).toMatchObject({ unchanged: 36, reindexed: 0, mode: "cache" });
  }, 120_000);

  it("Ctrl+C during the first build keeps what was indexed; the next run continues", async () => {
    const env = { ...process.env, ...envFor("interrupted") };
    const child = spawn(process.execPath, [CLI, ...QUERY], { env });
    await new Promise<void>((resolve) => {
      let seen = "";
      child.stderr.on("data", (d) => {
        seen += d;
        // A few files in: interrupt, as a user's Ctrl+C does.
        if (/indexing sessions ([3-9]|\d\d)\//.test(seen)) child.kill("SIGINT");
      });
      child.on("close", () => resolve());
    });
    const next = runCli([...QUERY, "--json"], { env: envFor("interrupted") });
    expect(next.status).toBe(0);
    const { index } = JSON.parse(next.stdout);
    expect(index.unchanged).toBeGreaterThan(0);
    expect(index.unchanged + index.reindexed).toBe(36);
    expect(runCli(QUERY, { env: envFor("interrupted") }).stdout).toBe(freshAnswer());
  }, 120_000);

  it("a build over 300 ms shows files and MB on stderr, and from its second line the rate and time left", () => {
    const r = runCli(QUERY, { env: envFor("progress") });
    expect(r.status).toBe(0);
    // On a fast machine the whole build may end within 300 ms: then no line is right too.
    const lines = r.stderr.split("\n").filter(Boolean);
    lines.forEach((line, i) => expect(line).toMatch(i === 0 ? /^recall: indexing sessions \d+\/36, [\d.]+\/[\d.]+ MB$/ : /^recall: indexing sessions \d+\/36, [\d.]+\/[\d.]+ MB, [\d.]+ MB\/s, about \d+ (s|min \d+ s) left$/));
  });

  it("a cache owned by another user: read as it is when nothing changed, else a fresh index in memory with one notice", (ctx) => {
    if (process.getuid?.() !== 0) ctx.skip();
    const env = envFor("owned");
    expect(runCli(QUERY, { env }).status).toBe(0);
    chmodSync(join(root, "owned", "pi-explorer"), 0o755);
    const asNobody = () => {
      const r = spawnSync(process.execPath, [CLI, ...QUERY], { env: { ...process.env, ...env }, uid: 65534, gid: 65534, encoding: "utf8" });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const quiet = asNobody();
    expect(quiet).toMatchObject({ status: 0, stderr: "" });
    expect(quiet.stdout).toBe(freshAnswer());
    appendTurns(files[0], "s0-r119", 2, "cache expiry once more");
    const loud = asNobody();
    expect(loud.status).toBe(0);
    // The in-memory build of every session may show progress lines first.
    expect(loud.stderr.trim().split("\n").filter((l) => !l.startsWith("recall: indexing"))).toEqual([expect.stringMatching(/^recall index at .* not used \(it cannot be written.*\); indexed this run in memory$/)]);
    expect(loud.stdout).toBe(freshAnswer());
  }, 120_000);
});
