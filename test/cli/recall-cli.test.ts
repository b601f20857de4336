// `pi-explorer recall`, run in-process: search, scopes, expand, browse, --json, errors, --all.
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../support/shared.js";
import { hasSqlite } from "../support/sqlite.js";
import { runInProcess } from "./run-in-process.js";

const SESSION = join(FIXTURES, "recall", "session.jsonl");
let home: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "recall-cli-"));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const run = (args: string[], env: Record<string, string | undefined> = {}) =>
  runInProcess(args, { env: { XDG_CACHE_HOME: join(home, "cache"), ...env }, cwd: home, home, now: new Date("2026-03-05T00:00:00.000Z") });

describe("pi-explorer recall FILE", () => {
  it("prints ranked hits grouped by segment, matched lines marked", async () => {
    const r = await run(["recall", SESSION, "zebracorn"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('1 match for "zebracorn": 1 shown in 1 segment');
    expect(r.stdout).toContain("--- #0-#7 (1/8 entries match) ---");
    expect(r.stdout).toContain("> #4 [toolResult] (compacted, forgotten)");
    expect(r.stdout).toContain("AssertionError: zebracorn token mismatch");
  });

  it("--scope, --page and --json give the engine's page as JSON", async () => {
    const r = await run(["recall", SESSION, "login", "--scope", "compaction:1", "--page", "2", "--page-size", "2", "--json"]);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as { search: { page: number; scopeLabel: string; hits: { ref: number; snippet: { highlights: unknown[] } }[] } };
    expect(doc.search.page).toBe(2);
    expect(doc.search.scopeLabel).toBe(" (scope: compaction:1, messages #0-#7)");
    expect(doc.search.hits.every((h) => h.ref <= 7 && h.snippet.highlights.length > 0)).toBe(true);
  });

  it("with no match on the active path, says how many the whole session holds and how to see them", async () => {
    const r = await run(["recall", SESSION, "storing"]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('No matches for "storing" in session history.\n(1 match off the active path, in scope all: --scope all)');
    const all = await run(["recall", SESSION, "storing", "--scope", "all"]);
    expect(all.stdout).toContain('1 match (scope: all) for "storing"');
    // Nowhere in the session: the plain answer.
    const none = await run(["recall", SESSION, "xylophonic"]);
    expect(none.stdout.trim()).toBe('No matches for "xylophonic" in session history.');
  });

  it("heads a page as vcc does (spec/vcc.md §3.7)", async () => {
    const r = await run(["recall", SESSION, "the", "--scope", "all"]);
    expect(r.stdout.split("\n")[0]).toMatch(/^Page 1\/2 \(11 total matches \(scope: all\)\) for "the": 10 shown across \d+ segments$/);
    const c = await run(["recall", SESSION, "the", "--scope", "compaction:1"]);
    expect(c.stdout.split("\n")[0]).toBe('4 matches (scope: compaction:1, messages #0-#7) for "the": 4 shown in 1 segment');
  });

  it("--expand prints whole entries; without a query it browses", async () => {
    const e = await run(["recall", SESSION, "--expand", "#6"]);
    expect(e.stdout).toContain("unicornfish");
    const b = await run(["recall", SESSION, "--scope", "forgotten"]);
    expect(b.stdout.split("\n")[0]).toBe("Session history (scope: forgotten) (16 entries):");
  });

  it("bad queries, scopes and pages are one-line usage errors naming the file", async () => {
    for (const args of [
      ["recall", SESSION, "/(/"],
      ["recall", SESSION, "x", "--scope", "compaction:7"],
      ["recall", SESSION, "login", "--page", "0"],
      ["recall", SESSION, "login", "--page", "40"],
      ["recall", SESSION, "--expand", "nope"],
    ]) {
      const r = await run(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/^pi-explorer: /);
    }
    const missing = await run(["recall", join(home, "missing.jsonl"), "x"]);
    expect(missing.status).toBe(3);
    expect(missing.stderr).toContain("missing.jsonl");
  });

  it("session text cannot drive the terminal", async () => {
    const evil = join(home, "evil.jsonl");
    copyFileSync(SESSION, evil);
    appendFileSync(evil, `${JSON.stringify({ type: "message", id: "z1", parentId: "u5", timestamp: "t", message: { role: "user", content: "owned \u001b]0;title\u0007 \u001b[31mred" } })}\n`);
    const r = await run(["recall", evil, "owned"]);
    expect(r.stdout).toContain("owned");
    expect(r.stdout).not.toContain("\u001b");
  });
});

describe("pi-explorer recall --all", () => {
  it("searches every session of the agent's sessions folder and names the session of each hit, updating incrementally", async () => {
    const dir = join(home, ".pi", "agent", "sessions");
    mkdirSync(join(dir, "--p--"), { recursive: true });
    const copy = join(dir, "--p--", "s.jsonl");
    copyFileSync(SESSION, copy);
    const first = await run(["recall", "--all", "zebracorn"]);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('1 match for "zebracorn" in 1 session under');
    expect(first.stdout).toContain("1. --p--/s.jsonl  #4 [toolResult]");
    appendFileSync(copy, `${JSON.stringify({ type: "message", id: "u9", parentId: "u5", timestamp: "t", message: { role: "user", content: "zebracorn again" } })}\n`);
    const second = await run(["recall", "--all", "zebracorn", "--json"]);
    const doc = JSON.parse(second.stdout) as { index: { appended: number }; search: { hits: { entryId: string }[] } };
    // Without SQLite every file is searched again (no index to update).
    expect(doc.index.appended).toBe(hasSqlite ? 1 : 0);
    expect(doc.search.hits.map((h) => h.entryId).sort()).toEqual(["r2", "u9"]);
  });

  it("refuses per-session options and a missing query", async () => {
    expect((await run(["recall", "--all", "x", "--scope", "all"])).status).toBe(2);
    expect((await run(["recall", "--all"])).status).toBe(2);
  });
});
