// The picker's check on Enter: is the file still a readable session, judged from its first line
// alone (the tree reads the whole file right after). It agrees with pi's listing on every file that
// starts with its header, and rejects what the listing would skip.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { firstLineIsSessionHeader, readSessionInfo, startsWithSessionHeader, type PiProfile } from "../../src/engine/index.js";

const dir = mkdtempSync(join(tmpdir(), "pi-explorer-first-line-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = JSON.stringify({ type: "session", version: 3, id: "s1", timestamp: "2026-11-29T10:00:00.000Z", cwd: "/tmp/p" });
const MESSAGE = JSON.stringify({ type: "message", id: "m1", parentId: null, timestamp: "2026-11-29T10:00:01.000Z", message: { role: "user", content: "hi" } });

let n = 0;
function file(text: string): string {
  const path = join(dir, `f${n++}.jsonl`);
  writeFileSync(path, text);
  return path;
}

describe("firstLineIsSessionHeader", () => {
  const agreeing: [string, string, boolean][] = [
    ["a header and entries", `${HEADER}\n${MESSAGE}\n`, true],
    ["a header alone, without a final newline", HEADER, true],
    ["CRLF line ends", `${HEADER}\r\n${MESSAGE}\r\n`, true],
    ["blank lines before the header", `\n  \n${HEADER}\n${MESSAGE}\n`, true],
    ["a header longer than one read", `${JSON.stringify({ type: "session", version: 3, id: "s2", timestamp: "2026-11-29T10:00:00.000Z", cwd: `/${"d".repeat(10_000)}` })}\n${MESSAGE}\n`, true],
    ["an empty file", "", false],
    ["blank lines only", "\n\n   \n", false],
    ["text that is not JSON", "not json\n", false],
    ["an entry where the header should be", `${MESSAGE}\n${HEADER}\n`, false],
  ];
  for (const profile of ["1.6", "0.73"] as PiProfile[]) {
    it.each(agreeing)(`agrees with pi ${profile}'s listing on %s`, (_, text, listed) => {
      const path = file(text);
      expect(readSessionInfo(path, profile) !== null).toBe(listed);
      expect(firstLineIsSessionHeader(path, profile)).toBe(listed);
    });
  }

  it("says yes to a session whose later lines are damaged (the tree reports those)", () => {
    const path = file(`${HEADER}\n{"type":"message",\n${"garbage\n".repeat(50_000)}`);
    expect(firstLineIsSessionHeader(path, "1.6")).toBe(true);
  });

  it("judges the first line only: a damaged first line is not skipped as the listing skips it", () => {
    const path = file(`{"type":"sess\n${HEADER}\n${MESSAGE}\n`);
    expect(readSessionInfo(path, "1.6")).not.toBeNull();
    expect(startsWithSessionHeader(path, "1.6")).toBe(true);
    expect(firstLineIsSessionHeader(path, "1.6")).toBe(false);
  });

  it.skipIf(process.platform === "win32")("says no to a missing file, a directory and a FIFO (without waiting for a writer)", () => {
    expect(firstLineIsSessionHeader(join(dir, "missing.jsonl"), "1.6")).toBe(false);
    const sub = join(dir, "folder.jsonl");
    mkdirSync(sub);
    expect(firstLineIsSessionHeader(sub, "1.6")).toBe(false);
    const fifo = join(dir, "pipe.jsonl");
    execFileSync("mkfifo", [fifo]);
    expect(firstLineIsSessionHeader(fifo, "1.6")).toBe(false);
  });
});
