// readSessionFile: reads without writing, snapshots what it read, and fails with one clear line.
import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readSessionFile, SessionReadError } from "../../src/engine/index.js";

const root = mkdtempSync(join(tmpdir(), "pi-explorer-read-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const H = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
const U = '{"type":"message","id":"u1","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"hi","timestamp":1}}';

describe("readSessionFile", () => {
  it("leaves the bytes and mtime alone, even where pi 1.6 would append a newline", () => {
    const p = join(root, "torn.jsonl");
    writeFileSync(p, `${H}\n${U}`);
    const old = new Date("2025-01-01T00:00:00Z");
    utimesSync(p, old, old);
    const before = readFileSync(p);
    const mtimeBefore = statSync(p).mtimeMs;
    const { loaded, snapshot } = readSessionFile(p, "1.6");
    expect(loaded.entries.map((e) => e.id)).toEqual(["u1"]);
    expect(loaded.diagnostics[0].problem).toContain("no newline at the end");
    expect(readFileSync(p).equals(before)).toBe(true);
    expect(statSync(p).mtimeMs).toBe(mtimeBefore);
    expect(snapshot).toEqual({ path: p, size: before.length, mtimeMs: mtimeBefore, tailSha256: createHash("sha256").update(before).digest("hex"), dev: statSync(p).dev, ino: statSync(p).ino, leafId: "u1" });
  });

  it("hashes only the last 64 KiB of a larger file", () => {
    const p = join(root, "big.jsonl");
    const body = `${H}\n${U.replace('"hi"', JSON.stringify("z".repeat(100_000)))}\n`;
    writeFileSync(p, body);
    const bytes = readFileSync(p);
    const { snapshot } = readSessionFile(p, "1.6");
    expect(snapshot.size).toBe(bytes.length);
    expect(snapshot.tailSha256).toBe(createHash("sha256").update(bytes.subarray(bytes.length - 65536)).digest("hex"));
  });

  it("the tail's hash, taken when first asked for, is of the bytes as read, for both releases", () => {
    for (const profile of ["1.6", "0.73"] as const) {
      const p = join(root, `later-${profile}.jsonl`);
      const body = `${H}\n${U.replace('"hi"', JSON.stringify("y".repeat(70_000)))}\n`;
      writeFileSync(p, body);
      const asRead = readFileSync(p);
      const { snapshot } = readSessionFile(p, profile);
      writeFileSync(p, `${body}${U.replace('"u1"', '"u2"')}\n`); // the file changes before anyone asks
      const expected = createHash("sha256").update(asRead.subarray(asRead.length - 65536)).digest("hex");
      expect(snapshot.tailSha256, profile).toBe(expected);
      expect({ ...snapshot }.tailSha256, `${profile}: a copy of the snapshot keeps it`).toBe(expected);
      expect(Object.keys(snapshot), profile).toEqual(["path", "size", "mtimeMs", "tailSha256", "dev", "ino", "leafId"]);
    }
  });

  it("an invalid file names itself in `invalid` (pi 1.6's message)", () => {
    const p = join(root, "garbage.jsonl");
    writeFileSync(p, "not json\n");
    expect(readSessionFile(p, "1.6").loaded.invalid).toBe(`Session file is not a valid pi session: ${p}`);
  });

  it("missing files and directories throw SessionReadError with one line naming the file", () => {
    const missing = join(root, "nope.jsonl");
    expect(() => readSessionFile(missing, "1.6")).toThrow(new SessionReadError(missing, `${missing}: no such file`));
    expect(() => readSessionFile(root, "1.6")).toThrow(`${root}: is a directory, not a session file`);
    try {
      readSessionFile(root, "0.73");
    } catch (error) {
      expect(error).toBeInstanceOf(SessionReadError);
      expect((error as SessionReadError).path).toBe(root);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it.skipIf(process.getuid?.() === 0)("an unreadable file throws 'permission denied'", () => {
    const p = join(root, "secret.jsonl");
    writeFileSync(p, `${H}\n`);
    chmodSync(p, 0o000);
    expect(() => readSessionFile(p, "1.6")).toThrow(`${p}: permission denied`);
  });
});
