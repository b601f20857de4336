// `recall --all` searches exactly the sessions `list --all` shows, whichever way pi's sessions folder
// is chosen (default, settings.json "sessionDir" global or project, $PI_CODING_AGENT_SESSION_DIR,
// --dir), for both pi releases: 1.6's listAll reads a custom folder flat, 0.73's ignores it.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PiProfile } from "../../src/engine/index.js";
import { runInProcess } from "./run-in-process.js";
import { hasSqlite } from "../support/sqlite.js";

let root: string;
let home: string;
let project: string;
const WORD = "zebracorn";

function session(path: string, id: string, cwd: string, before = "", extra = {}): void {
  mkdirSync(dirname(path), { recursive: true });
  const lines = [
    { type: "session", version: 3, id, timestamp: "2026-11-20T09:00:00.000Z", cwd, ...extra },
    { type: "message", id: `${id}-u`, parentId: null, timestamp: "2026-11-20T09:01:00.000Z", message: { role: "user", content: `${WORD} in ${id}`, timestamp: 1 } },
  ];
  writeFileSync(path, `${before}${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "pi-explorer-session-dir-"));
  home = join(root, "home");
  project = join(root, "project");
  mkdirSync(project, { recursive: true });
  const sessions = join(home, ".pi", "agent", "sessions");
  session(join(sessions, "--p1--", "a.jsonl"), "a", "/p1");
  session(join(sessions, "--p2--", "b.jsonl"), "b", "/p2");
  // pi skips a damaged line before the header, and a header longer than one read still counts.
  session(join(sessions, "--p2--", "e.jsonl"), "e", "/p2", "{not json\n\n");
  session(join(sessions, "--p2--", "f.jsonl"), "f", "/p2", "", { note: "x".repeat(20000) });
  // Not in a project folder, or one level too deep: pi's listAll never reads these.
  session(join(sessions, "top.jsonl"), "top", "/p1");
  session(join(sessions, "--p1--", "deep", "c.jsonl"), "deep", "/p1");
  // No session header: pi's listing skips it.
  writeFileSync(join(sessions, "--p1--", "notes.jsonl"), `${JSON.stringify({ type: "message", note: WORD })}\n`);
  // A header, a match, then a message entry without a message: pi's listing throws on it and skips
  // the file, so /resume never offers it (the index reads it and keeps no hits of it).
  session(join(sessions, "--p1--", "null-message.jsonl"), "null-message", "/p1");
  appendFileSync(join(sessions, "--p1--", "null-message.jsonl"), `${JSON.stringify({ type: "message", id: "nm", parentId: "null-message-u", timestamp: "2026-11-20T09:02:00.000Z", message: null })}\n`);
  // A project folder that is a symlink: 1.6 follows it, 0.73 does not.
  session(join(root, "linked", "d.jsonl"), "d", "/p3");
  symlinkSync(join(root, "linked"), join(sessions, "--p3--"));
  // Custom folders (flat, many projects) for settings, env and --dir.
  for (const name of ["custom-global", "custom-project", "custom-env", "custom-flag"]) {
    session(join(home, name, `${name}-1.jsonl`), `${name}-1`, "/p1");
    session(join(home, name, `${name}-2.jsonl`), `${name}-2`, "/p2");
    session(join(home, name, "sub", `${name}-3.jsonl`), `${name}-3`, "/p1");
  }
  writeFileSync(join(home, ".pi", "agent", "settings.json"), JSON.stringify({ sessionDir: "~/custom-global" }));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Setup {
  env?: Record<string, string>;
  projectSettings?: object;
  args?: string[];
}

async function both(profile: PiProfile, setup: Setup): Promise<{ listed: string[]; searched: string[]; indexed: number }> {
  const projectSettings = join(project, ".pi", "settings.json");
  rmSync(join(project, ".pi"), { recursive: true, force: true });
  if (setup.projectSettings) {
    mkdirSync(dirname(projectSettings), { recursive: true });
    writeFileSync(projectSettings, JSON.stringify(setup.projectSettings));
  }
  const env = { HOME: home, XDG_CACHE_HOME: join(root, "cache"), ...setup.env };
  const opts = { env, cwd: project, home };
  const args = ["--pi", profile, ...(setup.args ?? [])];
  const list = await runInProcess(["list", "--all", "--json", ...args], opts);
  expect(list.stderr).toBe("");
  expect(list.status).toBe(0);
  const recall = await runInProcess(["recall", "--all", WORD, "--page-size", "100", "--json", ...args], opts);
  // Without SQLite, one line says the sessions are indexed in memory, without a cache.
  expect(recall.stderr).toEqual(hasSqlite ? "" : expect.stringMatching(/^recall: no SQLite .*; indexing every session in memory for this run, without a cache\n$/));
  expect(recall.status).toBe(0);
  const listed = (JSON.parse(list.stdout) as { path: string }[]).map((s) => s.path).sort();
  const doc = JSON.parse(recall.stdout) as { index: { files: number; unlisted: number }; search: { hits: { sessionPath: string }[]; sessions: number } };
  const searched = [...new Set(doc.search.hits.map((h) => h.sessionPath))].sort();
  expect(doc.search.sessions).toBe(listed.length);
  // Without SQLite nothing is indexed: every file is read and searched (doc.search.sessions above counts them).
  return { listed, searched, indexed: hasSqlite ? doc.index.files - doc.index.unlisted : listed.length };
}

const sessionsRoot = () => join(home, ".pi", "agent", "sessions");
const inCustom = (name: string) => [1, 2].map((n) => join(home, name, `${name}-${n}.jsonl`));
const agentFolders = (profile: PiProfile) =>
  [join(sessionsRoot(), "--p1--", "a.jsonl"), ...["b", "e", "f"].map((n) => join(sessionsRoot(), "--p2--", `${n}.jsonl`)), ...(profile === "1.6" ? [join(sessionsRoot(), "--p3--", "d.jsonl")] : [])].sort();

describe("recall --all searches the sessions list --all shows", () => {
  const cases: { name: string; setup: Setup; expected: (profile: PiProfile) => string[] }[] = [
    { name: "global settings.json sessionDir", setup: {}, expected: (p) => (p === "1.6" ? inCustom("custom-global") : agentFolders(p)) },
    {
      name: "project settings.json sessionDir over the global one",
      setup: { projectSettings: { sessionDir: "~/custom-project" } },
      expected: (p) => (p === "1.6" ? inCustom("custom-project") : agentFolders(p)),
    },
    {
      name: "$PI_CODING_AGENT_SESSION_DIR over the settings",
      setup: { env: { PI_CODING_AGENT_SESSION_DIR: "~/custom-env" }, projectSettings: { sessionDir: "~/custom-project" } },
      expected: (p) => (p === "1.6" ? inCustom("custom-env") : agentFolders(p)),
    },
    {
      name: "no sessionDir anywhere",
      setup: { projectSettings: { sessionDir: null } },
      expected: agentFolders,
    },
  ];
  for (const profile of ["1.6", "0.73"] as const) {
    for (const c of cases) {
      it(`${c.name} (pi ${profile})`, async () => {
        const { listed, searched, indexed } = await both(profile, c.setup);
        expect(listed).toEqual(c.expected(profile).sort());
        expect(searched).toEqual(listed);
        expect(indexed).toBe(listed.length);
      });
    }
  }

  it("--dir over env and settings (pi 1.6)", async () => {
    const { listed, searched, indexed } = await both("1.6", { args: ["--dir", join(home, "custom-flag")], env: { PI_CODING_AGENT_SESSION_DIR: join(home, "custom-env") } });
    expect(listed).toEqual(inCustom("custom-flag"));
    expect(searched).toEqual(listed);
    expect(indexed).toBe(2);
  });

  it("--dir with --all under pi 0.73 is refused by both, in one line (0.73 lists from the agent dir only)", async () => {
    const opts = { env: { HOME: home, XDG_CACHE_HOME: join(root, "cache") }, cwd: project, home };
    for (const command of [["list", "--all"], ["recall", "--all", WORD]]) {
      const r = await runInProcess([...command, "--pi", "0.73", "--dir", join(home, "custom-flag")], opts);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain("--dir does not apply with --all under --pi 0.73");
    }
  });

  it("a missing --dir is named in one line by both commands", async () => {
    const opts = { env: { HOME: home, XDG_CACHE_HOME: join(root, "cache") }, cwd: project, home };
    for (const command of [["list", "--all"], ["recall", "--all", WORD]]) {
      const r = await runInProcess([...command, "--dir", "no-such-folder"], opts);
      expect(r.status).toBe(3);
      expect(r.stderr.trim()).toMatch(/^pi-explorer: .*no-such-folder: no such directory$/);
    }
  });

  it("a relative $PI_CODING_AGENT_SESSION_DIR is read from the command's cwd (pi 1.6 reads it from its cwd)", async () => {
    const { listed, searched, indexed } = await both("1.6", { env: { PI_CODING_AGENT_SESSION_DIR: "../home/custom-env" } });
    expect(listed).toEqual(inCustom("custom-env"));
    expect(searched).toEqual(listed);
    expect(indexed).toBe(2);
  });

  it("a $PI_CODING_AGENT_DIR file: URL pi 1.6 cannot convert is named in one line, exit 2, by each command", async () => {
    const opts = { env: { HOME: home, XDG_CACHE_HOME: join(root, "cache"), PI_CODING_AGENT_DIR: "file://host/a" }, cwd: project, home };
    for (const command of [["list"], ["list", "--all"], ["recall", "--all", WORD]]) {
      const r = await runInProcess(command, opts);
      expect(r.status).toBe(2);
      expect(r.stderr.trim()).toBe("pi-explorer: PI_CODING_AGENT_DIR=file://host/a: not a file URL pi can turn into a path (pi 1.6 fails to start with it too)");
    }
  });

  it("an invalid settings sessionDir is reported once per command and the default folder is used", async () => {
    const opts = { env: { HOME: home, XDG_CACHE_HOME: join(root, "cache") }, cwd: project, home };
    mkdirSync(join(project, ".pi"), { recursive: true });
    writeFileSync(join(project, ".pi", "settings.json"), JSON.stringify({ sessionDir: 42 }));
    const list = await runInProcess(["list", "--all", "--json"], opts);
    const recall = await runInProcess(["recall", "--all", WORD, "--page-size", "100", "--json"], opts);
    rmSync(join(project, ".pi"), { recursive: true, force: true });
    for (const r of [list, recall]) {
      expect(r.status).toBe(0);
      // (without SQLite, recall's one line about indexing in memory comes too)
      const lines = r.stderr.trim().split("\n").filter((l) => hasSqlite || !l.startsWith("recall: no SQLite"));
      expect(lines).toEqual([expect.stringContaining("Invalid sessionDir setting: 42. Expected a string.")]);
    }
    const listed = (JSON.parse(list.stdout) as { path: string }[]).map((s) => s.path).sort();
    expect(listed).toEqual(agentFolders("1.6"));
  });
});
