// Exit codes and one-line errors for wrong command lines (2) and unreadable files (3).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, ensureBuilt, expectOneLineError, runCli } from "./run-built-cli.js";

let scratch: string;
beforeAll(() => {
  ensureBuilt();
  scratch = mkdtempSync(join(tmpdir(), "pi-explorer-cli-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("usage errors exit 2 with one line", () => {
  const cases: [string, string[], RegExp][] = [
    ["unknown command", ["frobnicate"], /unknown command "frobnicate"/],
    ["unknown option", ["tree", DEMO, "--bogus"], /--bogus/],
    ["missing FILE", ["context"], /missing FILE/],
    ["two files", ["tree", DEMO, DEMO], /unexpected argument/],
    ["bad --pi", ["tree", DEMO, "--pi", "2.0"], /--pi must be 1\.6 or 0\.73/],
    ["--leaf without a value", ["context", DEMO, "--leaf"], /--leaf/],
    ["negative token count", ["compact", DEMO, "--keep-recent", "-5"], /keep-recent/],
    ["non-numeric token count", ["compact", DEMO, "--reserve", "lots"], /--reserve must be a whole number/],
    ["branch without --target", ["branch", DEMO], /--target/],
    ["bad tree filter", ["tree", DEMO, "--filter", "odd"], /--filter must be one of/],
    ["negative --budget", ["branch", DEMO, "--target", "x", "--budget", "-1"], /--budget must be a whole number of tokens \(0 or more\), not "-1"/],
    ["negative --page", ["recall", DEMO, "cache", "--page", "-2"], /--page must be .*not "-2"/],
  ];
  for (const [name, args, message] of cases) {
    it(name, () => {
      const run = runCli(args);
      expect(run.status).toBe(2);
      expect(expectOneLineError(run)).toMatch(message);
      expect(run.stdout).toBe("");
    });
  }

  it("with --json the error is also one JSON document on stdout, with the same exit code", () => {
    const run = runCli(["--json"]);
    expect(run.status).toBe(2);
    expect(expectOneLineError(run)).toMatch(/--json needs a command/);
    expect(JSON.parse(run.stdout)).toEqual({ error: { message: "--json needs a command (see pi-explorer --help)", exitCode: 2 } });
  });

  it("a negative token count says what is wrong, not that the argument is ambiguous", () => {
    const run = runCli(["compact", DEMO, "--keep-recent", "-5"]);
    expect(expectOneLineError(run)).toBe('pi-explorer: --keep-recent must be a whole number of tokens (0 or more), not "-5"');
  });
});

describe("unreadable files exit 3 with one line naming the file", () => {
  it("a missing file", () => {
    const missing = join(scratch, "nope.jsonl");
    for (const command of ["tree", "context", "compact"]) {
      const run = runCli([command, missing]);
      expect(run.status).toBe(3);
      expect(expectOneLineError(run)).toContain(missing);
    }
    const branch = runCli(["branch", missing, "--target", "x"]);
    expect(branch.status).toBe(3);
    expect(expectOneLineError(branch)).toContain(missing);
  });

  it("a directory", () => {
    const run = runCli(["tree", scratch, "--json"]);
    expect(run.status).toBe(3);
    expect(expectOneLineError(run)).toContain(scratch);
    expect(JSON.parse(run.stdout)).toEqual({ error: { message: `${scratch}: is a directory, not a session file`, exitCode: 3 } });
  });

  it("a file that is not a pi session at all", () => {
    const garbage = join(scratch, "garbage.jsonl");
    writeFileSync(garbage, "this is not json\nneither is this\n");
    const run = runCli(["context", garbage, "--json"]);
    expect(run.status).toBe(3);
    const line = expectOneLineError(run);
    expect(line).toContain(`${garbage}:1: Session file is not a valid pi session: not valid JSON`);
    expect(line.split(garbage)).toHaveLength(2); // the path is named once
  });

  it("a header behind a byte-order mark names the line and the cause (pi 1.6 rejects it)", () => {
    const bom = join(scratch, "bom.jsonl");
    writeFileSync(bom, '\ufeff{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}\n');
    const run = runCli(["tree", bom]);
    expect(run.status).toBe(3);
    expect(expectOneLineError(run)).toMatch(/bom\.jsonl:1: .*byte-order mark/);
    expect(runCli(["tree", bom, "--pi", "0.73"]).status).toBe(0);
  });

  it("list --dir of a missing directory", () => {
    const run = runCli(["list", "--dir", join(scratch, "absent")]);
    expect(run.status).toBe(3);
    expect(expectOneLineError(run)).toContain("absent");
  });
});

describe("help", () => {
  it("--help lists every command and exits 0", () => {
    const run = runCli(["--help"]);
    expect(run.status).toBe(0);
    for (const name of ["list", "tree", "context", "compact", "branch"]) expect(run.stdout).toMatch(new RegExp(`^  ${name} `, "m"));
    expect(run.stderr).toBe("");
  });

  it("help <command> and <command> --help show that command's options", () => {
    const viaHelp = runCli(["help", "compact"]);
    const viaFlag = runCli(["compact", "--help"]);
    expect(viaHelp.status).toBe(0);
    expect(viaFlag.stdout).toBe(viaHelp.stdout);
    expect(viaHelp.stdout).toContain("--keep-recent N");
    expect(viaHelp.stdout).toContain("--context-window N");
  });

  it("--version prints the package version", () => {
    const run = runCli(["--version"]);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
