// `usage` on the command line: the table (golden), --json in pi's statistics names, --by, --since,
// --all over the sessions `list --all` shows, from a cache that survives damage and never misleads.
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runInProcess } from "../cli/run-in-process.js";
import { isolatedPi } from "../cli/isolated-env.js";
import { branchySession, writeSession } from "../support/usage-sessions.js";

const pi = isolatedPi();
afterAll(() => pi.cleanup());
const env = { ...pi.env, XDG_CACHE_HOME: join(pi.root, "cache"), TZ: "UTC" };
const run = (...args: string[]) => runInProcess(args, { env, cwd: pi.project, home: pi.root });
const file = writeSession(branchySession());

describe("usage FILE", () => {
  it("prints the branch table, the summary line and pi's whole-file figures (golden)", async () => {
    const r = await run("usage", file);
    expect(r.status).toBe(0);
    await expect(r.stdout.replaceAll(file, "SESSION")).toMatchFileSnapshot("golden/usage-branch.txt");
  });
  it("--by model and --by day", async () => {
    const model = await run("usage", file, "--by", "model");
    expect(model.stdout).toContain("anthropic/claude-sonnet-4-5");
    expect(model.stdout).toContain("(summaries, no model recorded)");
    const day = await run("usage", file, "--by", "day");
    expect(day.stdout).toMatch(/^2026-11-02 /m);
  });
  it("--json names tokens and cost as pi's get_session_stats does", async () => {
    const doc = JSON.parse((await run("usage", file, "--json")).stdout);
    expect(Object.keys(doc.tokens)).toEqual(["input", "output", "cacheRead", "cacheWrite", "total"]);
    const t = doc.tokens;
    expect(t.total).toBe(t.input + t.output + t.cacheRead + t.cacheWrite);
    // 10 replies at 0.01, the tool call's 0.004, side reply 0.02; compaction 0.05, branch summary 0.02, warming 0.0015
    expect(doc.cost).toBeCloseTo(0.1 + 0.004 + 0.02 + 0.05 + 0.02 + 0.0015, 10);
    expect(doc.summaries.cost).toBeCloseTo(0.05 + 0.02 + 0.0015, 10);
    expect(doc.branches).toHaveLength(2);
    expect(doc.branches.find((b: { active: boolean }) => b.active).label).toBe("other-way");
    expect(doc.toolCallsByName).toEqual({ read: 1 });
  });
  it("--since leaves earlier days out; bad values are usage errors", async () => {
    const later = JSON.parse((await run("usage", file, "--since", "2026-11-03", "--json")).stdout);
    expect(later.tokens.total).toBe(0);
    expect((await run("usage", file, "--since", "yesterday")).status).toBe(2);
    expect((await run("usage", file, "--by", "week")).status).toBe(2);
    expect((await run("usage", "--all", "--by", "branch")).status).toBe(2);
    expect((await run("usage")).status).toBe(2);
  });
});

describe("usage --all", () => {
  const sessions = join(pi.agentDir, "sessions", "--work-demo--");
  mkdirSync(sessions, { recursive: true });
  const a = join(sessions, "2026-11-02_a.jsonl");
  const b = join(sessions, "2026-11-03_b.jsonl");
  const text = branchySession().text;
  writeFileSync(a, text);
  writeFileSync(b, text.replace(/"usage-demo"/, '"usage-demo-b"'));
  writeFileSync(join(sessions, "not-a-session.jsonl"), '{"type":"message"}\n');
  const cacheFile = join(pi.root, "cache", "pi-explorer", "usage.json");
  const all = async (...extra: string[]) => JSON.parse((await run("usage", "--all", "--json", ...extra)).stdout);

  it("sums every listed session, then answers from the cache", async () => {
    rmSync(cacheFile, { force: true });
    const single = JSON.parse((await run("usage", a, "--json")).stdout);
    const first = await all();
    expect(first.sessions).toBe(2);
    expect(first.tokens.total).toBe(2 * single.tokens.total);
    expect(first.cost).toBeCloseTo(2 * single.cost, 10);
    expect(first.cache).toMatchObject({ readFiles: 3, cachedFiles: 0 });
    const second = await all();
    expect(second.cache).toMatchObject({ readFiles: 0, cachedFiles: 3 });
    expect(second.tokens).toEqual(first.tokens);
    expect(second.rows).toEqual(first.rows);
  });
  it("re-reads a file whose size or mtime changed", async () => {
    await all();
    writeFileSync(b, text.replace(/"usage-demo"/, '"usage-demo-b"').replace(/"cost":\{[^}]*"total":0\.01\}/, '"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":1.01}'));
    const st = statSync(b);
    utimesSync(b, st.atime, new Date(st.mtimeMs + 5000));
    const after = await all();
    expect(after.cache).toMatchObject({ readFiles: 1, cachedFiles: 2 });
    const single = JSON.parse((await run("usage", b, "--json")).stdout);
    expect(after.rows.find((r: { path: string }) => r.path === b).cost).toBe(single.cost);
  });
  it("a damaged cache gives the same answer, read from the files", async () => {
    const good = await all();
    writeFileSync(cacheFile, '{"version":1,"profile":"1.6","timeZone":"UTC","records":{"x":1}');
    const damaged = await all();
    expect(damaged.tokens).toEqual(good.tokens);
    expect(damaged.cache.readFiles).toBe(3);
    // A record that parses but lies in its shape is dropped, not trusted.
    const parsed = JSON.parse(readFileSync(cacheFile, "utf8"));
    for (const r of Object.values(parsed.records) as { digest: { buckets: unknown[] } | null }[]) if (r.digest) r.digest.buckets = [{ day: 5 }];
    writeFileSync(cacheFile, JSON.stringify(parsed));
    const lying = await all();
    expect(lying.tokens).toEqual(good.tokens);
  });
  it("an unwritable cache folder still answers, and says so in text mode", async () => {
    const good = await all();
    const cacheDir = join(pi.root, "cache", "pi-explorer");
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(join(pi.root, "cache"), { recursive: true });
    writeFileSync(cacheDir, "a file where the folder should be");
    try {
      const j = await all();
      expect(j.tokens).toEqual(good.tokens);
      expect(j.cache.problem).toMatch(/could not be saved/);
      const t = await run("usage", "--all");
      expect(t.status).toBe(0);
      expect(t.stderr).toMatch(/could not be saved/);
    } finally {
      rmSync(cacheDir, { force: true });
      chmodSync(join(pi.root, "cache"), 0o755);
    }
  });
  it("--by model, --by day, --since over all sessions", async () => {
    const models = await all("--by", "model");
    expect(models.rows.map((r: { model: string }) => r.model)).toContain("anthropic/claude-sonnet-4-5");
    const days = await all("--by", "day");
    expect(days.rows.map((r: { day: string }) => r.day)).toEqual(["2026-11-02"]);
    const none = await all("--since", "2026-12-01");
    expect(none.sessions).toBe(0);
  });
});
