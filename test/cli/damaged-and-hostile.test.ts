// Damaged lines are reported with their physical line (exit 0), and hostile session text cannot
// reach the terminal through text output.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, runCli } from "./run-built-cli.js";

let dir: string;
let damaged: string;
let hostile: string;

const line = (o: unknown) => JSON.stringify(o);
const header = { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/home/dev/p" };
const user = (id: string, parentId: string | null, content: string) => ({
  type: "message",
  id,
  parentId,
  timestamp: "2026-01-01T00:00:01.000Z",
  message: { role: "user", content, timestamp: 1767225601000 },
});

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "pi-explorer-cli-"));
  damaged = join(dir, "damaged.jsonl");
  // Line 3 is cut off mid-object, as a crash during a write leaves it.
  writeFileSync(damaged, [line(header), line(user("u1", null, "first")), '{"type":"message","id":"u2","par', line(user("u3", "u1", "third")), ""].join("\n"));
  hostile = join(dir, "hostile.jsonl");
  writeFileSync(
    hostile,
    [
      line(header),
      line(user("u1", null, "clear\x1b[2J\x1b[H title\x1b]0;owned\x07 link\x1b]8;;http://x\x1b\\y\x1b]8;;\x1b\\ bidi\u202Eevil")),
      line({ type: "label", id: "l1", parentId: "u1", timestamp: "2026-01-01T00:00:02.000Z", targetId: "u1", label: "lab\x1b[31mel" }),
      line({ type: "session_info", id: "n1", parentId: "l1", timestamp: "2026-01-01T00:00:03.000Z", name: "name\x07\x1b[5m" }),
      "",
    ].join("\n"),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("damaged lines", () => {
  it("--json reports them with the 1-based physical line, and still answers", () => {
    const run = runCli(["context", damaged, "--json"]);
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.diagnostics.map((d: { line: number }) => d.line)).toContain(3);
    for (const d of doc.diagnostics) expect(typeof d.problem).toBe("string");
    expect(doc.context.messages.map((m: { id: string }) => m.id)).toEqual(["u1", "u3"]);
  });

  it("text mode prints FILE:LINE: problem on stderr and the answer on stdout", () => {
    const run = runCli(["tree", damaged]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`^${damaged.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3: .+`, "m"));
    expect(run.stdout).toContain("user: third");
  });
});

describe("hostile text", () => {
  for (const command of ["tree", "context"]) {
    it(`${command} prints no escape, control or bidi characters from the session`, () => {
      const run = runCli([command, hostile]);
      expect(run.status).toBe(0);
      expect(run.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
      // Shown as inert glyphs (the one sanitizer the app uses too), so a reader sees what the session held.
      expect(run.stdout).toContain("clear␛[2J␛[H title␛]0;owned␇ link␛]8;;http://x␛\\y␛]8;;␛\\ bidi\ufffdevil");
    });
  }

  it("labels and session names are sanitized too", () => {
    const run = runCli(["tree", hostile, "--filter", "all"]);
    expect(run.stdout).toContain("[lab␛[31mel] user: clear");
    expect(run.stdout).toContain("[title: name␇␛[5m]");
    expect(run.stdout).toContain('"name␇␛[5m"');
    expect(run.stdout).not.toContain("\x1b");
  });

  it("--json keeps the text exactly (JSON escapes it)", () => {
    const run = runCli(["tree", hostile, "--json"]);
    expect(JSON.parse(run.stdout).sessionName).toBe("name\x07\x1b[5m");
  });
});
