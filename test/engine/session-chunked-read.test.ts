// Opening a file reads it in pieces (so it never sits in memory whole); the answer must be the same
// as scanning the whole text: entries, lines, diagnostics, invalid, and the snapshot of the bytes.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ChunkedSessionScan, loadFromScan, parseSession, readSessionFile, scanSessionText } from "../../src/engine/index.js";
import { FIXTURES, describeWithShared, sharedPath } from "../support/shared.js";

const root = mkdtempSync(join(tmpdir(), "pi-explorer-chunked-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Feed `bytes` to a ChunkedSessionScan in pieces of about `every` lines each. */
function scanInLinePieces(bytes: Uint8Array, every: number) {
  const scan = new ChunkedSessionScan();
  let start = 0;
  let lines = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 10 || ++lines % every !== 0) continue;
    scan.push(bytes.subarray(start, i + 1));
    start = i + 1;
  }
  const lastNl = bytes.lastIndexOf(10);
  if (lastNl >= start) {
    scan.push(bytes.subarray(start, lastNl + 1));
    start = lastNl + 1;
  }
  return scan.finish(bytes.subarray(start));
}

/** What a whole scan has that a chunked one does not: the listing's text, where lines start. */
function withoutText<T extends { readlineText: unknown; lineStarts: unknown }>(scan: T): Omit<T, "readlineText" | "lineStarts"> {
  const { readlineText: _text, lineStarts: _starts, ...rest } = scan;
  return rest;
}

function expectSameAsWhole(bytes: Uint8Array): void {
  const whole = withoutText(scanSessionText(bytes, "1.6"));
  for (const every of [1, 2, 7, 1_000_000]) expect(scanInLinePieces(bytes, every)).toEqual(whole);
  expect(loadFromScan(scanInLinePieces(bytes, 3), "1.6", { path: "f" })).toEqual(parseSession(bytes, "1.6", { path: "f" }));
}

const H = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
const message = (id: string, parentId: string | null, text: string) =>
  JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });

describe("ChunkedSessionScan", () => {
  it("gives the whole-text answer for every damaged fixture (invalid UTF-8, BOM, CRLF, no final newline, ...)", () => {
    const dir = join(FIXTURES, "damaged");
    const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expectSameAsWhole(readFileSync(join(dir, f)));
  });

  it("numbers lines across pieces, also for invalid UTF-8 and blank lines in later pieces", () => {
    const text = `${H}\n\n${message("a", null, "one")}\n   \n${message("b", "a", "two")}\n`;
    const bytes = Buffer.concat([Buffer.from(text), Buffer.from([0xff, 0x7b, 0x0a]), Buffer.from(`${message("c", "b", "three")}`)]);
    const scan = scanInLinePieces(bytes, 2);
    expect(scan.lines).toEqual([1, 3, 5, 7]);
    expect(scan.unterminatedTail).toBe(true);
    expect(scan.lastLine).toBe(7);
    expect(scan.diagnostics.map((d) => d.line)).toEqual([6, 6]);
    expectSameAsWhole(bytes);
  });

  it("an empty input is empty; a lone newline is not", () => {
    expect(new ChunkedSessionScan().finish(new Uint8Array(0))).toMatchObject({ empty: true, lastLine: 0, values: [] });
    const one = new ChunkedSessionScan();
    one.push(Buffer.from("\n"));
    expect(one.finish(new Uint8Array(0))).toMatchObject({ empty: false, lastLine: 1, unterminatedTail: false });
  });
});

describe("readSessionFile reading in pieces", () => {
  it("matches parseSession of the whole file when lines are longer than a piece, and hashes the true tail", () => {
    const p = join(root, "long-lines.jsonl");
    const big = "x".repeat(1_500_000);
    const lines = [H, message("a", null, big), message("b", "a", "short"), "{broken", message("c", "b", `é${big}`), message("d", "c", "end")];
    writeFileSync(p, `${lines.join("\n")}`);
    const bytes = readFileSync(p);
    const { loaded, snapshot } = readSessionFile(p, "1.6");
    expect(loaded).toEqual(parseSession(bytes, "1.6", { path: p }));
    expect(loaded.entries.map((e) => e.id)).toEqual(["a", "b", "c", "d"]);
    expect(snapshot.size).toBe(bytes.length);
    expect(snapshot.tailSha256).toBe(createHash("sha256").update(bytes.subarray(bytes.length - 65536)).digest("hex"));
  });

  it("every damaged fixture reads as parseSession of its bytes (invalid UTF-8 goes through the byte path)", () => {
    const dir = join(FIXTURES, "damaged");
    for (const f of readdirSync(dir).filter((name) => name.endsWith(".jsonl"))) {
      const p = join(dir, f);
      expect(readSessionFile(p, "1.6").loaded).toEqual(parseSession(readFileSync(p), "1.6", { path: p }));
    }
  });

  it("mixes ASCII lines, UTF-8 lines and a piece with invalid bytes after a long line", () => {
    const p = join(root, "mixed.jsonl");
    const long = message("a", null, "y".repeat(1_200_000));
    const body = Buffer.concat([Buffer.from(`${H}\n${long}\n${message("b", "a", "näive ✓")}\n`), Buffer.from([0xc3, 0x28, 0x0a]), Buffer.from(`${message("c", "b", "ok")}\n`)]);
    writeFileSync(p, body);
    const { loaded } = readSessionFile(p, "1.6");
    expect(loaded).toEqual(parseSession(body, "1.6", { path: p }));
    expect((loaded.entries[1] as { message: { content: string } }).message.content).toBe("näive ✓");
    expect(loaded.diagnostics.map((d) => d.line)).toEqual([4, 4]);
  });

  it("an empty file is read as empty (pi 1.6 would initialize it)", () => {
    const p = join(root, "empty.jsonl");
    writeFileSync(p, "");
    const { loaded, snapshot } = readSessionFile(p, "1.6");
    expect(loaded).toEqual(parseSession("", "1.6"));
    expect(snapshot.tailSha256).toBe(createHash("sha256").update("").digest("hex"));
  });
});

describeWithShared("reading corpus sessions in pieces", () => {
  const dir = sharedPath("corpus");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".jsonl"));
  it.each(files)("%s: same session as parsing the whole file", (f) => {
    const p = join(dir, f);
    const bytes = readFileSync(p);
    expect(readSessionFile(p, "1.6").loaded).toEqual(parseSession(bytes, "1.6", { path: p }));
    expectSameAsWhole(bytes);
  });
});
