// `list` finds sessions where pi keeps them (honouring PI_CODING_AGENT_DIR), newest first.
import { copyFileSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodedCwd, isolatedPi, type IsolatedPi } from "./isolated-env.js";
import { DEMO, ensureBuilt, runCli } from "./run-built-cli.js";

let pi: IsolatedPi;
let otherProjectDir: string;
beforeAll(() => {
  ensureBuilt();
  pi = isolatedPi();
  const here = join(pi.agentDir, "sessions", encodedCwd(pi.project));
  mkdirSync(here, { recursive: true });
  copyFileSync(DEMO, join(here, "2026-12-23T12-04-59-554Z_demo.jsonl"));
  otherProjectDir = join(pi.agentDir, "sessions", "--elsewhere-project--");
  mkdirSync(otherProjectDir, { recursive: true });
  const other = join(otherProjectDir, "2027-01-01T00-00-00-000Z_other.jsonl");
  writeFileSync(
    other,
    [
      JSON.stringify({ type: "session", version: 3, id: "other-session", timestamp: "2027-01-01T00:00:00.000Z", cwd: "/elsewhere/project" }),
      JSON.stringify({ type: "message", id: "u1", parentId: null, timestamp: "2027-01-01T00:00:01.000Z", message: { role: "user", content: "Second project \x1b]0;title\x07here", timestamp: 1798761601000 } }),
      "",
    ].join("\n"),
  );
  utimesSync(other, new Date("2027-01-01T00:00:02Z"), new Date("2027-01-01T00:00:02Z"));
});
afterAll(() => pi.cleanup());

describe("list", () => {
  it("--json lists this directory's sessions with pi's SessionInfo fields and ISO dates", () => {
    const run = runCli(["list", "--json"], { env: pi.env, cwd: pi.project });
    expect(run.status).toBe(0);
    const sessions = JSON.parse(run.stdout);
    expect(sessions).toHaveLength(1);
    const [s] = sessions;
    expect(s.id).toBe("01a2a2ca-5822-7ed3-2b06-21d5d3aae360");
    expect(s.name).toBe("Cache expiry");
    expect(s.messageCount).toBe(107);
    expect(s.firstMessage).toBe("The layout breaks like this, see the image:");
    expect(s.created).toBe("2026-12-23T12:04:59.554Z");
    expect(s.modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(s.compactionCount).toBe(3);
    expect(s.branchCount).toBeGreaterThan(0);
    expect(s.path.endsWith("_demo.jsonl")).toBe(true);
  });

  it("--all lists every project, newest first", () => {
    const run = runCli(["list", "--all", "--json"], { env: pi.env, cwd: pi.project });
    expect(run.status).toBe(0);
    const ids = JSON.parse(run.stdout).map((s: { id: string }) => s.id);
    expect(ids).toEqual(["other-session", "01a2a2ca-5822-7ed3-2b06-21d5d3aae360"]);
  });

  it("--dir with --all lists one explicit sessions directory", () => {
    const run = runCli(["list", "--dir", otherProjectDir, "--all", "--json"], { env: pi.env, cwd: pi.project });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).map((s: { id: string }) => s.id)).toEqual(["other-session"]);
  });

  it("text output has aligned columns and no escape sequences from session text", () => {
    const run = runCli(["list", "--all"], { env: pi.env, cwd: pi.project });
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^session\s+messages\s+branches\s+compactions\s+size\s+age\s+file$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Second project ␛]0;title␇here");
    expect(lines[2]).toContain("Cache expiry");
    expect(run.stdout).not.toContain("\x1b");
    // Right-aligned numeric columns end at the same place on every row.
    const end = (line: string, col: string) => line.indexOf(col) + col.length;
    expect(end(lines[1], " 1 ")).toBeLessThanOrEqual(end(lines[0], "messages") + 1);
  });

  it("an empty agent dir is not an error", () => {
    const run = runCli(["list"], { env: { PI_CODING_AGENT_DIR: join(pi.root, "empty-agent") }, cwd: pi.project });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^No sessions found/);
  });
});
