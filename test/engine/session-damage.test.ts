// Damaged session files: each case names the line and what pi loses there, and the tree that
// results is the one pi builds (checked against the oracles when the fixtures were written).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildTree, getBranch, parseSession, type LoadedSession, type PiProfile } from "../../src/engine/index.js";
import { FIXTURES } from "../support/shared.js";

const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, "damaged", `${name}.jsonl`));
const load = (name: string, profile: PiProfile = "1.6"): LoadedSession => parseSession(fixture(name), profile, { path: name });
const ids = (loaded: LoadedSession): string[] => loaded.entries.map((e) => e.id);
const path = (loaded: LoadedSession): string[] => getBranch(buildTree(loaded)).map((e) => e.id);
const H = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
const msg = (id: string, parentId: string | null, text = "x"): string =>
  JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });

describe("damaged lines", () => {
  it("two entries glued on one line: names both, pi drops the line, the next entry is an orphan", () => {
    for (const profile of ["1.6", "0.73"] as const) {
      const loaded = load("glued", profile);
      expect(loaded.diagnostics[0].line).toBe(3);
      expect(loaded.diagnostics[0].problem).toMatch(/^2 entries glued on one line \(message a1, message u2\); pi drops the whole line/);
      expect(loaded.diagnostics[1]).toEqual({ line: 4, problem: expect.stringContaining("parent u2 of entry a2 does not exist (it was on damaged line 3)") });
      expect(ids(loaded)).toEqual(["u1", "a2"]);
      const tree = buildTree(loaded);
      expect(tree.roots.map((e) => e.id)).toEqual(["u1", "a2"]);
      expect(tree.leafId).toBe("a2");
      expect(path(loaded)).toEqual(["a2"]);
    }
  });

  it("a bad escape: says why, names the lost entry", () => {
    const loaded = load("bad-escape");
    expect(loaded.diagnostics[0]).toEqual({
      line: 3,
      problem: expect.stringMatching(/^not valid JSON \(bad escaped character at column \d+\); pi drops this line and loses message a1$/),
    });
    expect(loaded.diagnostics[1].line).toBe(4);
    expect(ids(loaded)).toEqual(["u1", "u2"]);
    expect(path(loaded)).toEqual(["u2"]);
  });

  it("a line that is not JSON at all", () => {
    const loaded = load("not-json");
    expect(loaded.diagnostics).toEqual([{ line: 3, problem: "not valid JSON (unexpected character); pi drops this line and loses its content" }]);
    expect(path(loaded)).toEqual(["u1", "a1"]);
  });

  it("a BOM: 1.6 rejects the file, 0.73 reads it", () => {
    const v16 = load("bom", "1.6");
    expect(v16.invalid).toBe("Session file is not a valid pi session: bom");
    expect(v16.diagnostics[0]).toEqual({ line: 1, problem: expect.stringContaining("byte-order mark (U+FEFF), so pi 1.6 cannot parse it and drops session dmg") });
    expect(v16.entries).toEqual([]);
    const v073 = load("bom", "0.73");
    expect(v073.invalid).toBeUndefined();
    expect(v073.diagnostics).toEqual([]);
    expect(path(v073)).toEqual(["u1", "a1"]);
  });

  it("CRLF line ends load without complaint", () => {
    for (const profile of ["1.6", "0.73"] as const) {
      const loaded = load("crlf", profile);
      expect(loaded.diagnostics).toEqual([]);
      expect(path(loaded)).toEqual(["u1", "a1"]);
    }
  });

  it("a missing final newline is noted for 1.6 (pi would append one) and never written", () => {
    const bytes = fixture("no-final-newline");
    const v16 = parseSession(bytes, "1.6");
    expect(v16.diagnostics).toEqual([{ line: 3, note: true, problem: expect.stringContaining("no newline at the end of the file; pi 1.6 appends one") }]);
    expect(path(v16)).toEqual(["u1", "a1"]);
    expect(parseSession(bytes, "0.73").diagnostics).toEqual([]);
    expect(bytes.equals(fixture("no-final-newline"))).toBe(true);
  });

  it("invalid UTF-8 decodes to U+FFFD like Node and names the line", () => {
    const loaded = load("invalid-utf8");
    expect(loaded.diagnostics).toEqual([{ line: 3, problem: "invalid UTF-8 bytes; pi reads them as U+FFFD replacement characters" }]);
    expect(loaded.entries[1].message).toMatchObject({ content: "h\uFFFD\uFFFDi" });
    expect(path(loaded)).toEqual(["u1", "a1"]);
  });

  it("a literal U+FFFD in valid UTF-8 is not damage", () => {
    const loaded = parseSession(new TextEncoder().encode(`${H}\n${msg("u1", null, "\uFFFD")}\n`), "1.6");
    expect(loaded.diagnostics).toEqual([]);
  });

  it("duplicate ids: the later entry wins in the index, the earlier one is reported hidden", () => {
    const loaded = load("duplicate-ids");
    expect(loaded.diagnostics).toEqual([{ line: 5, problem: expect.stringContaining("duplicate id a1 (also on line 3); pi keeps this later entry") }]);
    expect(loaded.entries).toHaveLength(4);
    const tree = buildTree(loaded);
    expect(tree.byId.get("a1")?.message).toMatchObject({ content: "hi again" });
    expect(tree.childrenOf("u1").map((e) => e.message)).toEqual([expect.objectContaining({ content: "hi again" })]);
    expect(tree.childrenOf("a1").map((e) => e.id)).toEqual(["u2"]);
    expect(path(loaded)).toEqual(["u1", "a1"]);
  });

  it("an orphan becomes a root and its path starts there", () => {
    const loaded = load("orphan");
    expect(loaded.diagnostics).toEqual([{ line: 4, problem: "parent gone of entry o1 does not exist; pi shows this entry as a root and its path starts here" }]);
    const tree = buildTree(loaded);
    expect(tree.roots.map((e) => e.id)).toEqual(["u1", "o1"]);
    expect(path(loaded)).toEqual(["o1"]);
  });

  it("a parent cycle is reported and cut at its earliest entry; a self-parent is a root", () => {
    const loaded = load("cycle");
    expect(loaded.diagnostics.map((d) => d.line)).toEqual([3, 6]);
    expect(loaded.diagnostics[0].problem).toMatch(/^parent cycle of 3 entries \(c1 → c3 → c2\); pi would loop forever .* pi-explorer shows c1 as a root$/);
    expect(loaded.diagnostics[1].problem).toContain("entry s1 is its own parent");
    const tree = buildTree(loaded);
    expect(tree.roots.map((e) => e.id)).toEqual(["u1", "c1", "s1"]);
    expect(getBranch(tree, "c3").map((e) => e.id)).toEqual(["c1", "c2", "c3"]);
    expect(getBranch(tree).map((e) => e.id)).toEqual(["s1"]);
  });

  it("no header first: invalid for both releases, with pi's 1.6 message", () => {
    const v16 = load("no-header", "1.6");
    expect(v16.invalid).toBe("Session file is not a valid pi session: no-header");
    expect(v16.diagnostics).toEqual([{ line: 1, problem: expect.stringContaining("the first entry pi parses is message u1, not a session header") }]);
    expect(v16.header).toBeNull();
    expect(load("no-header", "0.73").invalid).toContain("pi 0.73 would overwrite it");
  });

  it("an entry without id in a v3 file: reported, kept under its parent, and pi has no leaf", () => {
    const loaded = load("missing-id");
    expect(loaded.diagnostics).toEqual([{ line: 3, problem: expect.stringContaining("message entry has no string id") }]);
    expect(loaded.entries).toHaveLength(2);
    const tree = buildTree(loaded);
    expect(tree.roots.map((e) => e.id)).toEqual(["u1"]);
    expect(tree.childrenOf("u1")).toHaveLength(1);
    expect(tree.leafId).toBeNull();
    expect(getBranch(tree)).toEqual([]);
  });

  it("null, numbers and extra headers", () => {
    const text = `${H}\n${msg("u1", null)}\nnull\n42\n${H}\n${msg("u2", "u1")}\n`;
    const v16 = parseSession(text, "1.6");
    expect(v16.diagnostics).toEqual([
      { line: 3, problem: "null is not an entry; pi drops this line" },
      { line: 4, problem: expect.stringContaining("42 is not an entry") },
      { line: 5, problem: "another session header; pi ignores every header after the first" },
    ]);
    expect(ids(v16)).toEqual(["u1", "u2"]);
    const v073 = parseSession(text, "0.73");
    expect(v073.invalid).toContain("line 3 is null");
  });

  it("0.73 trims the text first, and line numbers stay physical", () => {
    const loaded = parseSession(`\n\n${H}\n${msg("u1", null)}\n{oops\n`, "0.73");
    expect(loaded.diagnostics).toEqual([{ line: 5, problem: expect.stringContaining("not valid JSON") }]);
    expect(loaded.entryLines).toEqual([4]);
  });

  it("empty and blank files", () => {
    expect(parseSession("", "1.6").invalid).toBeUndefined();
    expect(parseSession("", "1.6").diagnostics[0].problem).toContain("the file is empty");
    expect(parseSession("\n\n", "1.6").invalid).toBe("Session file is not a valid pi session");
    expect(parseSession("\n\n", "0.73").invalid).toBeUndefined();
  });

  it("a 50 MB line loads, and a damaged 50 MB line is described without blowing up", () => {
    const big = "y".repeat(50 * 1024 * 1024);
    const good = JSON.stringify({ type: "message", id: "t1", parentId: "u1", timestamp: "2026-01-01T00:00:02.000Z", message: { role: "toolResult", content: [{ type: "text", text: big }] } });
    const loaded = parseSession(`${H}\n${msg("u1", null)}\n${good}\n`, "1.6");
    expect(loaded.diagnostics).toEqual([]);
    expect(ids(loaded)).toEqual(["u1", "t1"]);
    const damaged = parseSession(`${H}\n${msg("u1", null)}\n${good.slice(0, -2)}\n`, "1.6");
    expect(damaged.diagnostics).toEqual([{ line: 3, problem: expect.stringMatching(/^not valid JSON \(.*\); pi drops this line and loses message t1$/) }]);
    const glued = parseSession(`${H}\n${good}${good.replace('"t1"', '"t2"')}\n`, "1.6");
    expect(glued.diagnostics[0].problem).toMatch(/^2 entries glued on one line \(message t1, message t2\)/);
  });
});
