// The CLI's writing commands (label, fork): preview, confirmation, --yes, --json, refusals.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { FIXTURES } from "../support/shared.js";

function copyFixture(name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "pi-explorer-commit-cli-")), name);
  copyFileSync(join(FIXTURES, "commit", name), file);
  return file;
}

async function run(args: string[], cwd = tmpdir()): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env: {},
    cwd,
    home: "/home/nobody",
    now: new Date("2026-03-01T12:00:00.000Z"),
    version: "test",
    streams: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
  });
  return { code, stdout, stderr };
}

const lastLine = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, "utf8").trimEnd().split("\n").at(-1)!);

describe("pi-explorer label", () => {
  it("--yes --json appends a label entry at pi's leaf and reports its id and the new leaf", async () => {
    const file = copyFixture("small-v3.jsonl");
    const before = readFileSync(file);
    const { code, stdout } = await run(["label", file, "a0000002", "  checkpoint  ", "--yes", "--json"]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ file, newLeafId: report.written[0], targetId: "a0000002", label: "checkpoint" });
    expect(readFileSync(file).subarray(0, before.length).equals(before)).toBe(true);
    expect(lastLine(file)).toEqual({
      type: "label",
      id: report.newLeafId,
      parentId: "l0000002",
      timestamp: "2026-03-01T12:00:00.000Z",
      targetId: "a0000002",
      label: "checkpoint",
    });
  });

  it("without TEXT clears the label: the entry has no label key", async () => {
    const file = copyFixture("small-v3.jsonl");
    expect((await run(["label", file, "u0000001", "--yes"])).code).toBe(0);
    expect("label" in lastLine(file)).toBe(false);
    expect(lastLine(file).targetId).toBe("u0000001");
  });

  it("shows what it will write, and without --yes and a terminal it writes nothing", async () => {
    const file = copyFixture("small-v3.jsonl");
    const before = readFileSync(file);
    const { code, stdout, stderr } = await run(["label", file, "a0000002", "x"]);
    expect(code).toBe(4);
    // Where pi's leaf goes is said before anything is asked: on top of the leaf, the same branch.
    expect(stdout).toMatch(/Will append 1 entry to .*small-v3\.jsonl:\n {2}pi's leaf moves from l0000002 to ([0-9a-f]{8}), on top of it: the same branch, one step on\.\n {2}\+ label \1 \(parent l0000002/);
    expect(stderr).toMatch(/add --yes to write\. Nothing was written\./);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("refuses an unknown id (exit 2) and a v2 file (exit 4, suggests fork), writing nothing", async () => {
    const file = copyFixture("small-v3.jsonl");
    const unknown = await run(["label", file, "nope", "x", "--yes"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/small-v3\.jsonl: no entry with id "nope"/);
    const v2 = copyFixture("small-v2.jsonl");
    const before = readFileSync(v2);
    const refused = await run(["label", v2, "u0000001", "x", "--yes"]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/v2 session file.*pi-explorer fork/);
    expect(readFileSync(v2).equals(before)).toBe(true);
  });
});

describe("pi-explorer fork", () => {
  it("writes the path to --leaf into a new v3 file with labels re-created after it", async () => {
    const file = copyFixture("small-v3.jsonl");
    const out = join(mkdtempSync(join(tmpdir(), "pi-explorer-fork-out-")), "forked.jsonl");
    const { code, stdout } = await run(["fork", file, "--leaf", "a0000004", "--out", out, "--yes", "--json"]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    const lines = readFileSync(out, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toEqual({
      type: "session",
      version: 3,
      id: report.sessionId,
      timestamp: "2026-03-01T12:00:00.000Z",
      cwd: "/home/dev/project",
      parentSession: file,
    });
    // 1.6 drops the label l0000001 from the path and re-chains u0000002 to a0000002.
    expect(lines.slice(1).map((l) => `${l.type}:${l.id === report.newLeafId ? "new" : l.id}<-${l.parentId}`)).toEqual([
      "model_change:mc000001<-null",
      "message:u0000001<-mc000001",
      "message:a0000001<-u0000001",
      "message:t0000001<-a0000001",
      "message:a0000002<-t0000001",
      "message:u0000002<-a0000002",
      "message:a0000003<-u0000002",
      "message:t0000002<-a0000003",
      "message:a0000004<-t0000002",
      expect.stringMatching(/^label:[0-9a-f]{8}<-a0000004$/),
      "label:new<-" + String(lines[10]!.id),
    ]);
    expect(lines.slice(10).map((l) => [l.targetId, l.label, l.timestamp])).toEqual([
      ["u0000001", "start", "2026-02-01T10:00:04.500Z"],
      ["a0000004", "return-43", "2026-02-01T10:00:11.000Z"],
    ]);
  });

  it("forks a v2 file into a v3 file and never overwrites an existing file", async () => {
    const file = copyFixture("small-v2.jsonl");
    const out = join(mkdtempSync(join(tmpdir(), "pi-explorer-fork-out-")), "forked.jsonl");
    expect((await run(["fork", file, "--out", out, "--yes"])).code).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8").split("\n")[0]!)).toMatchObject({ version: 3, parentSession: file });
    writeFileSync(out, "mine\n");
    const again = await run(["fork", file, "--out", out, "--yes"]);
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(/forked\.jsonl: a file with that name already exists; nothing was written/);
    expect(readFileSync(out, "utf8")).toBe("mine\n");
  });

  it("names the new file as pi does, next to the original", async () => {
    const file = copyFixture("small-v3.jsonl");
    const { stdout } = await run(["fork", file, "--yes", "--json"]);
    const report = JSON.parse(stdout);
    expect(report.file).toBe(join(file, "..", `2026-03-01T12-00-00-000Z_${report.sessionId}.jsonl`));
    expect(existsSync(report.file)).toBe(true);
  });
});

describe("pi-explorer compact --commit / branch --summarize --commit", () => {
  it("compact --commit --yes appends pi's compaction entry at the leaf, with the focus note on top", async () => {
    const file = copyFixture("small-v3.jsonl");
    const args = ["compact", file, "--keep-recent", "10", "--commit", "--instructions", "the edit\nof app.ts", "--yes", "--json"];
    const { code, stdout, stderr } = await run(args);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    const entry = lastLine(file);
    expect(Object.keys(entry)).toEqual(["type", "id", "parentId", "timestamp", "summary", "firstKeptEntryId", "tokensBefore", "details", "fromHook"]);
    expect(entry).toMatchObject({ type: "compaction", id: report.newLeafId, parentId: "l0000002", fromHook: false, firstKeptEntryId: report.firstKeptEntryId });
    expect(String(entry.summary).startsWith("[Focus]\n- the edit\n  of app.ts\n\n")).toBe(true);
    expect(entry.details).toEqual({ readFiles: ["src/app.ts"], modifiedFiles: [] });
    expect(report.firstKeptEntryId).toBe("u0000003");
  });

  it("compact without --commit writes nothing, and --instructions alone is a usage error", async () => {
    const file = copyFixture("small-v3.jsonl");
    const before = readFileSync(file);
    expect((await run(["compact", file, "--keep-recent", "40", "--json"])).code).toBe(0);
    const usage = await run(["compact", file, "--instructions", "x"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--instructions only applies with --commit/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("branch --summarize --commit hangs the summary at the new leaf; 1.6 records the old leaf as fromId, 0.73 the attach point", async () => {
    for (const [profile, fromId] of [["1.6", "l0000002"], ["0.73", "a0000002"]] as const) {
      const file = copyFixture("small-v3.jsonl");
      const { code, stdout } = await run(["branch", file, "--target", "u0000003", "--summarize", "--commit", "--yes", "--json", "--pi", profile]);
      expect(code).toBe(0);
      const entry = lastLine(file);
      expect(entry).toMatchObject({ type: "branch_summary", id: JSON.parse(stdout).newLeafId, parentId: "a0000002", fromId, fromHook: false });
    }
  });

  it("branch --summarize --commit says, before asking, that pi's leaf moves to another branch", async () => {
    const file = copyFixture("small-v3.jsonl");
    const before = readFileSync(file);
    const { code, stdout } = await run(["branch", file, "--target", "u0000003", "--summarize", "--commit"]);
    expect(code).toBe(4);
    expect(stdout).toMatch(/\n {2}pi's leaf moves from l0000002 to [0-9a-f]{8}, under a0000002: another branch; the entries after a0000002 on the way to l0000002 stay in the file, off pi's path\.\n/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("branch --commit needs --summarize (pi writes nothing for a plain move)", async () => {
    const file = copyFixture("small-v3.jsonl");
    const { code, stderr } = await run(["branch", file, "--target", "u0000003", "--commit", "--yes"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/needs --summarize/);
  });
});
