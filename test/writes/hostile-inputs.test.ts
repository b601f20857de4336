// Every input that crashed or hung a command, as a fixture generated here, run through the built
// CLI: a clear message and a deliberate exit code, never a stack trace, never a hang.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CLI, DEMO, ensureBuilt, expectOneLineError, runCli } from "../cli/run-built-cli.js";
import { hasOracle, runOracle } from "../roundtrip/run-oracle.js";
import { FIXTURES } from "../support/shared.js";

beforeAll(() => ensureBuilt());
const dir = mkdtempSync(join(tmpdir(), "pi-explorer-hostile-"));
const TS = "2026-03-01T00:00:00.000Z";
const header = { type: "session", version: 3, id: "s1", timestamp: TS, cwd: "/tmp" };
const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const user = (id: string, parentId: unknown, content: unknown) => ({ type: "message", id, parentId, timestamp: TS, message: { role: "user", content, timestamp: 1 } });

/** A session file of raw lines (strings as they are, objects as JSON). */
function session(name: string, lines: readonly (object | string)[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`);
  return file;
}

const DEPTH = 100_000;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`;
const deepArray = `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`;
const assistantLine = (id: string, parentId: string, content: string) =>
  `{"type":"message","id":"${id}","parentId":"${parentId}","timestamp":"${TS}","message":{"role":"assistant","content":${content},"api":"x","provider":"p","model":"m","usage":${JSON.stringify(usage)},"stopReason":"toolUse","timestamp":2}}`;

function deepArgumentsSession(name: string): string {
  return session(name, [
    header,
    user("u1", null, "hi"),
    assistantLine("a1", "u1", `[{"type":"toolCall","id":"t1","name":"bash","arguments":${deepObject}}]`),
    user("u2", "a1", "again"),
  ]);
}

describe("a tool call whose arguments nest 100,000 levels", () => {
  it.each([
    ["context", []],
    ["compact", ["--keep-recent", "0"]],
    ["tree", []],
    ["recall", ["bash"]],
    ["export", []],
    ["usage", []],
    ["timeline", []],
  ])("%s answers in text and in --json", (command, extra) => {
    const file = deepArgumentsSession(`deep-${command}.jsonl`);
    for (const json of command === "export" ? [[]] : [[], ["--json"]]) {
      const run = runCli([command, file, ...extra, ...json]);
      expect(run.stderr).not.toMatch(/Maximum call stack|internal error|\bat .*:\d+:\d+/);
      expect(run.status, run.stderr).toBe(0);
      if (json.length) expect(() => JSON.parse(run.stdout) as unknown).not.toThrow();
    }
  });

  it("compact --commit and fork write it whole, and pi 1.6 opens the results", async () => {
    const file = deepArgumentsSession("deep-commit.jsonl");
    expect(runCli(["compact", file, "--keep-recent", "0", "--commit", "--yes"]).status).toBe(0);
    const fork = join(dir, "deep-fork.jsonl");
    const run = runCli(["fork", file, "--out", fork, "--yes"]);
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(fork, "utf8")).toContain(deepObject);
    if (hasOracle("1.6")) {
      for (const written of [file, fork]) expect((await runOracle("1.6", written)).openError).toBeUndefined();
    }
  }, 60_000);

  it("deep nesting outside the arguments: fork writes it, a failed fork leaves no file that blocks the retry", () => {
    const file = session("deep-extra.jsonl", [header, user("u1", null, "hi"), `{"type":"custom","id":"c1","parentId":"u1","timestamp":"${TS}","customType":"x","data":${deepArray}}`]);
    const fork = join(dir, "deep-extra-fork.jsonl");
    expect(runCli(["fork", file, "--out", fork, "--yes"]).status).toBe(0);
    expect(readFileSync(fork, "utf8")).toContain(deepArray);
    // An --out that cannot be written: nothing is left behind, and the retry elsewhere works.
    const blocked = join(dir, "no-such-dir", "fork.jsonl");
    const failed = runCli(["fork", file, "--out", blocked, "--yes"]);
    expect(failed.status).toBe(4);
    expect(existsSync(blocked)).toBe(false);
  });
});

describe("a leaf whose path is labels only", () => {
  it("fork says why it cannot, exit 2 (before: Cannot read properties of undefined)", () => {
    const file = session("labels-only.jsonl", [header, user("u1", null, "hi"), { type: "label", id: "l1", parentId: { id: "x" }, timestamp: TS, targetId: "u1", label: "x" }]);
    const run = runCli(["fork", file, "--out", join(dir, "labels-only-fork.jsonl"), "--yes"]);
    expect(run.status).toBe(2);
    expect(expectOneLineError(run)).toMatch(/labels-only\.jsonl: the path to that entry holds only labels, so a fork would have no entries/);
  });
});

describe("entry ids that are not strings", () => {
  it("tree shows them (as JSON) instead of failing with e.replace is not a function", () => {
    const ids: unknown[] = [123, true, {}, [1], 1.5, null];
    const file = session("ids.jsonl", [header, user("u1", null, "hi"), ...ids.map((id, i) => user(id as string, "u1", `x${i}`)), user("u9", 123, "z")]);
    for (const command of ["tree", "context", "compact", "recall"]) {
      const run = runCli([command, file, ...(command === "recall" ? ["x0"] : [])]);
      expect(run.status, `${command}: ${run.stderr}`).toBe(0);
      expect(run.stderr).not.toMatch(/internal error/);
    }
    const tree = runCli(["tree", file]).stdout;
    for (const shown of ["123", "true", "{}", "[1]", "1.5", "null"]) expect(tree).toMatch(new RegExp(`^${shown.replace(/[[\]{}.]/g, "\\$&")} +├─|└─`, "m"));
  });
});

describe("a tree of 130,000 rows", () => {
  it("prints in text (before: Math.max(...rows) overflowed the call stack)", () => {
    const lines: object[] = [header];
    for (let i = 0; i < 130_000; i++) lines.push(user(`e${i}`, i === 0 ? null : `e${i - 1}`, `m${i}`));
    const run = runCli(["tree", session("rows.jsonl", lines)]);
    expect(run.status, run.stderr.slice(0, 300)).toBe(0);
    expect(run.stdout.trimEnd().endsWith("(130000 rows)")).toBe(true);
  }, 60_000);
});

describe("regular expressions in recall", () => {
  const file = session("regex.jsonl", [header, user("u1", null, "a".repeat(8000)), user("u2", "u1", "ip 10.0.0.1 and foobarfoo")]);
  // One run each (text, then --json): every run waits out the whole budget.
  it.each([
    ["a{0,50}a{0,50}a{0,50}a{0,50}c", []],
    // The a?{30}a{30} takes about 3 s on 8,000 a's here, right at the budget's edge, so the
    // --json run uses a pattern whose first match alone never ends.
    ["(a|aa)+c", ["--json"]],
  ])("/%s/ is stopped at its time budget with a clear message (before: 100 s and more)", (pattern, json) => {
    const run = runCli(["recall", file, `/${pattern}/`, ...json]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/the regular expression \/.*\/ was stopped after \d+\.\d s: it backtracks too much on this text/);
    if (json.length) expect(JSON.parse(run.stdout)).toMatchObject({ error: { exitCode: 2 } });
  }, 60_000);

  it.each([["/(\\d{1,3}\\.){3}\\d{1,3}/", "10.0.0.1"], ["/(foo|bar)+/", "foobarfoo"]])("the safe pattern %s works (before: refused for its shape)", (query, found) => {
    const run = runCli(["recall", file, query, "--json"]);
    expect(run.status, run.stderr).toBe(0);
    const page = (JSON.parse(run.stdout) as { search: { total: number; hits: { snippet: { text: string } }[] } }).search;
    expect(page.total).toBe(1);
    expect(page.hits[0].snippet.text).toContain(found);
  });
});

describe("files that are not regular files", () => {
  it.each([["/dev/zero"], ["/dev/null"], ["/dev/urandom"]])("%s is refused, not read as an empty session", (device) => {
    const run = runCli(["tree", device]);
    expect(run.status).toBe(3);
    expect(expectOneLineError(run)).toBe(`pi-explorer: ${device}: is a character device, not a session file; only regular files are read`);
  });

  it("a FIFO as FILE is refused at once (before: it blocked forever)", () => {
    const fifo = join(dir, "pipe.jsonl");
    spawnSync("mkfifo", [fifo]);
    for (const command of [["tree"], ["label", "--yes"], ["fork", "--yes"]]) {
      const [name, ...rest] = command;
      const run = spawnSync(process.execPath, [CLI, name, fifo, ...(name === "label" ? ["x"] : []), ...rest], { encoding: "utf8", timeout: 10_000 });
      expect(run.status).toBe(3);
      expect(run.stderr).toMatch(/pipe\.jsonl: is a named pipe \(FIFO\), not a session file/);
    }
  });

  it("a FIFO named *.jsonl in a sessions folder is skipped with a note by list --all and recall --all", () => {
    const agent = mkdtempSync(join(tmpdir(), "pi-explorer-agent-"));
    const project = join(agent, "sessions", "--tmp--");
    mkdirSync(project, { recursive: true });
    copyFileSync(DEMO, join(project, "a.jsonl"));
    spawnSync("mkfifo", [join(project, "b.jsonl")]);
    const env = { PI_CODING_AGENT_DIR: agent, XDG_CACHE_HOME: join(agent, "cache"), HOME: agent };
    for (const args of [["list", "--all"], ["recall", "--all", "cache"]]) {
      const run = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 20_000, env: { ...process.env, ...env } });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain(`pi-explorer: skipped ${join(project, "b.jsonl")}: it is a named pipe (FIFO), not a session file`);
      expect(run.stdout).toContain("a.jsonl");
    }
  }, 60_000);

  it("stdout that cannot be written (/dev/full) is one line on stderr, exit 3, no stack", () => {
    const run = spawnSync("sh", ["-c", `'${process.execPath}' '${CLI}' tree '${DEMO}' > /dev/full`], { encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(3);
    expect(run.stderr).toBe("pi-explorer: cannot write the output to stdout (ENOSPC)\n");
  });
});

describe("--json output", () => {
  it("escapes C1 controls, DEL, bidi controls and U+2028/2029 as \\u sequences", () => {
    const hostile = "csi\u009b31m osc\u009d0;x\u0007 del\u007f rlo\u202e lri\u2066 ls\u2028 ps\u2029";
    const file = session("c1.jsonl", [header, user("u1", null, hostile)]);
    const run = runCli(["recall", file, "csi", "--json"]);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    for (const escaped of ["\\u009b", "\\u009d", "\\u007f", "\\u202e", "\\u2066", "\\u2028", "\\u2029"]) expect(run.stdout).toContain(escaped);
    expect((JSON.parse(run.stdout) as { search: { hits: { snippet: { text: string } }[] } }).search.hits[0].snippet.text).toContain("csi\u009b31m");
  });

  it("a failure still prints one JSON document with the error, and keeps the exit code", () => {
    const missing = join(dir, "missing.jsonl");
    for (const [args, code] of [
      [["tree", missing, "--json"], 3],
      [["label", missing, "x", "--json", "--yes"], 3],
      [["compact", DEMO, "--keep-recent", "-1", "--json"], 2],
      [["recall", DEMO, "/(/", "--json"], 2],
    ] as [string[], number][]) {
      const run = runCli(args);
      expect(run.status).toBe(code);
      const doc = JSON.parse(run.stdout) as { error: { message: string; exitCode: number } };
      expect(doc.error.exitCode).toBe(code);
      expect(run.stderr).toContain(doc.error.message);
    }
  });
});

describe("smaller messages", () => {
  it("--expand '#0' says there is no such entry, and which numbers exist", () => {
    const run = runCli(["recall", DEMO, "--expand", "#0"]);
    expect(run.status).toBe(2);
    expect(expectOneLineError(run)).toMatch(/No entry #0 in this session: give an entry id, or #N for a result number from #1 to #\d+/);
  });

  it("a header with version -1 is named as such, not as a v-1 session file", () => {
    const file = session("minus-one.jsonl", [{ ...header, version: -1 }, user("u1", null, "hi")]);
    const leaf = (JSON.parse(runCli(["tree", file, "--json"]).stdout) as { leafId: string }).leafId; // migration renames ids
    const run = runCli(["label", file, leaf, "x", "--yes"]);
    expect(run.status).toBe(4);
    expect(run.stderr).not.toContain("v-1");
    expect(run.stderr).toMatch(/a session file whose header says version -1 \(pi migrates it as an old one\)/);
  });

  it("label and fork name the file once in their error", () => {
    const garbage = session("garbage.jsonl", ["not json"]);
    for (const args of [["label", garbage, "x", "y"], ["fork", garbage]]) {
      const line = expectOneLineError(runCli(args));
      expect(line.split(garbage)).toHaveLength(2);
    }
  });

  it("one match is one match", () => {
    expect(runCli(["recall", join(FIXTURES, "commit", "small-v3.jsonl"), "Actually"]).stdout).toMatch(/^1 match for "Actually"/);
  });
});
