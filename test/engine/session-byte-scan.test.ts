// A scan of a file's bytes decodes it line by line (ASCII lines as latin1) and keeps where each
// line starts. Its answer must be exactly the scan of the whole decoded text, for both releases,
// on every kind of damage: invalid UTF-8 next to a newline or at the end, a BOM, CRLF, a lone CR,
// blank lines and Unicode spaces that pi 0.73's trim() takes. The recall index reads each doc's
// line back by the offsets it keeps, so those must be the line's bytes.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadFromScan, parseSession, scanSessionText } from "../../src/engine/index.js";
import { decodeUtf8 } from "../../src/engine/session/decode.js";
import { prepareWholeFile } from "../../src/engine/store/recall-cache-prepare.js";
import type { PiProfile } from "../../src/engine/types.js";
import { FIXTURES } from "../support/shared.js";

const root = mkdtempSync(join(tmpdir(), "pi-explorer-byte-scan-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PROFILES: PiProfile[] = ["1.6", "0.73"];
const H = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
const message = (id: string, parentId: string | null, text: string) =>
  JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });
const body = [H, message("a", null, "ascii only"), message("b", "a", "emoji 🎉 and 漢字"), message("c", "b", "é".repeat(70_000))].join("\n");
const utf8 = (s: string): Buffer => Buffer.from(s, "utf8");
const join_ = (...parts: (string | number[] | Uint8Array)[]): Buffer => Buffer.concat(parts.map((p) => (typeof p === "string" ? utf8(p) : Buffer.from(p))));

/** Inputs chosen for the places a line-by-line decode could differ from decoding the whole. */
const CASES: Record<string, Buffer> = {
  "empty": Buffer.alloc(0),
  "a lone newline": utf8("\n"),
  "only blank lines and spaces": utf8("\n  \n\t\n"),
  "plain": utf8(`${body}\n`),
  "no final newline": utf8(body),
  "a BOM": join_([0xef, 0xbb, 0xbf], `${body}\n`),
  "CRLF": utf8(`${body.split("\n").join("\r\n")}\r\n`),
  "a lone CR": utf8(`${H}\n${message("a", null, "x")}\r${message("b", "a", "y")}\n`),
  "a CR at the end": utf8(`${body}\n\r`),
  "invalid byte alone": join_(`${H}\n`, [0xff], "\n", `${message("a", null, "x")}\n`),
  "a sequence cut by a newline": join_(`${H}\n{"type":"message","x":"`, [0xe2, 0x82], '\n"}\n', `${message("a", null, "x")}\n`),
  "a sequence cut by the end": join_(`${H}\n${message("a", null, "x")}\n`, [0xf0, 0x9f, 0x8e]),
  "surrogate, overlong and out-of-range bytes": join_(`${H}\n"`, [0xed, 0xa0, 0x80, 0xc0, 0xaf, 0xf4, 0x90, 0x80, 0x80], '"\n', `${message("a", null, "é")}\n`),
  "invalid bytes in a valid JSON string": join_(`${H}\n`, message("a", null, "ab").slice(0, -3), [0xc3], 'z"}}\n'),
  "Unicode spaces around the text (pi 0.73 trims them)": utf8(`\u2028\u00a0\n \t\n\ufeff  ${body}  \u3000\n\n\r\n \u00a0`),
  "spaces before the first line": utf8(`   ${body}\n`),
  "one line with spaces at both ends": utf8(`  ${H}  `),
  "blank and whitespace lines in the middle": utf8(`${H}\n\n   \n\t${message("a", null, "x")}\t\n \n`),
  "null and non-object lines": utf8(`${H}\nnull\n[1]\n"s"\n0\n${message("a", null, "x")}\n`),
  // Short lines are decoded in runs of many lines: runs that hold non-latin1 text, invalid bytes,
  // and a run cut by a long line or by its size limit.
  "thousands of short lines": join_(
    `${H}\n`,
    ...Array.from({ length: 3000 }, (_, i): string | number[] =>
      i % 97 === 0 ? [0xe2, 0x82, 0x0a] : i % 50 === 0 ? `${message(`l${i}`, null, "x".repeat(400))}\n` : i % 7 === 0 ? "\n" : i % 5 === 0 ? `{"k":"🎉${i}"}\r\n` : `{"k":"é${i}"}\n`,
    ),
    '{"k":"end"}',
  ),
};

/** The scan of the whole text, decoded as Node decodes it (the answer before bytes were scanned line by line). */
function wholeTextScan(bytes: Uint8Array, profile: PiProfile) {
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const scan = scanSessionText(text, profile);
  const invalid = decodeUtf8(bytes).invalidUtf8Lines.map((line) => ({ line, problem: "invalid UTF-8 bytes; pi reads them as U+FFFD replacement characters" }));
  return { ...scan, diagnostics: [...invalid, ...scan.diagnostics] };
}

/** Where each "\n"-separated line of `bytes` starts, plus where the next would (see SessionScan.lineStarts). */
function naiveLineStarts(bytes: Uint8Array): number[] {
  const starts: number[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (i === start) starts.push(start);
    if (bytes[i] === 10) start = i + 1;
  }
  starts.push(bytes.length > 0 && bytes[bytes.length - 1] !== 10 ? bytes.length + 1 : start);
  return starts;
}

function expectSameAsWholeText(bytes: Uint8Array): void {
  for (const profile of PROFILES) {
    const scan = scanSessionText(bytes, profile);
    const whole = wholeTextScan(bytes, profile);
    expect(scan).toEqual({ ...whole, lineStarts: naiveLineStarts(bytes) });
    expect(parseSession(bytes, profile, { path: "f" })).toEqual(loadFromScan(whole, profile, { path: "f" }));
  }
}

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? jsonlFiles(join(dir, d.name)) : d.name.endsWith(".jsonl") ? [join(dir, d.name)] : [],
  );
}

describe("scanning a session's bytes line by line", () => {
  for (const [name, bytes] of Object.entries(CASES)) {
    it(`gives the whole text's scan: ${name}`, () => expectSameAsWholeText(bytes));
  }

  it("gives the whole text's scan for every fixture", () => {
    const files = jsonlFiles(FIXTURES);
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) expectSameAsWholeText(readFileSync(f));
  });

  it("keeps the text only where pi 1.6's listing splits lines as readline does (a lone CR)", () => {
    expect(scanSessionText(CASES["a lone CR"], "1.6").readlineText).toBe(CASES["a lone CR"].toString("utf8"));
    expect(scanSessionText(CASES["a CR at the end"], "1.6").readlineText).toBeDefined();
    for (const name of ["CRLF", "plain", "invalid byte alone"]) expect(scanSessionText(CASES[name], "1.6").readlineText).toBeUndefined();
    expect(scanSessionText(CASES["a lone CR"], "0.73").readlineText).toBeUndefined();
  });
});

describe("a prepared file's docs", () => {
  it("point at their entry's line: offset and length of its bytes", () => {
    const lines = [H, message("a", null, "ascii"), "{broken", "", message("b", "a", "emoji 🎉 漢字 ".repeat(3000)), message("c", "b", "last, no newline")];
    const path = join(root, "spans.jsonl");
    writeFileSync(path, join_(lines.slice(0, 4).join("\r\n"), "\n", [0xff], "\n", lines.slice(4).join("\n")));
    const bytes = readFileSync(path);
    for (const profile of PROFILES) {
      const segment = prepareWholeFile(path, statSync(path), profile).segment;
      expect(segment?.entryIds).toEqual(["a", "b", "c"]);
      const got = segment!.entryIds.map((id, i) => ({ id, line: bytes.subarray(segment!.offs[i], segment!.offs[i] + segment!.lens[i]).toString("utf8") }));
      expect(got).toEqual([
        { id: "a", line: `${lines[1]}\r` },
        { id: "b", line: lines[4] },
        { id: "c", line: lines[5] },
      ]);
    }
  });
});
