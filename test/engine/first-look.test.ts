// The explorer's first look at a large session (store/first-look.ts): every line parsed as pi parses
// it, except long tool results and user messages in pi's own shape, whose message is parsed on first
// read. It must be the exact session (same entries, lines, diagnostics) whenever no such line is
// damaged, and its pending exact load must always be exactly what readSessionFile gives.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isProxy } from "node:util/types";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  buildContext,
  buildTree,
  estimateBuiltContext,
  exactLoad,
  exactLoadSteps,
  getBranch,
  openSessionBytes,
  readFileBytes,
  readSessionFile,
  readSessionFirstLook,
  type LoadedSession,
  type PendingExactLoad,
  type PiProfile,
} from "../../src/engine/index.js";
import { FIXTURES, describeWithShared, sharedPath } from "../support/shared.js";

const SESSION = join(FIXTURES, "first-look", "session.jsonl");
const DAMAGED = join(FIXTURES, "first-look", "damaged-tool-result.jsonl");
/** The tool results and user messages of session.jsonl long enough (>= 256 bytes) to be left unparsed. */
const LAZY = ["r1", "r3a", "u2b", "r4b", "r6b"];

const root = mkdtempSync(join(tmpdir(), "pi-explorer-first-look-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let written = 0;
/** A session file in the temporary folder. */
function writeSession(content: string | Uint8Array): string {
  const path = join(root, `s${++written}.jsonl`);
  writeFileSync(path, content);
  return path;
}

/** openSessionBytes with a first look for any size. */
const openFirstLook = (path: string, profile: PiProfile = "1.6") => openSessionBytes(path, profile, readFileBytes(path), 0);
const exactOf = (path: string, profile: PiProfile = "1.6") => readSessionFile(path, profile).loaded;

type Entry = { id: string; message?: unknown };
const entryIds = (loaded: LoadedSession): string[] => (loaded.entries as Entry[]).map((e) => e.id);
/** Ids of the entries whose message the first look left unparsed. */
const lazyIds = (loaded: LoadedSession): string[] => (loaded.entries as Entry[]).filter((e) => isProxy(e.message)).map((e) => e.id);
const messageOf = (loaded: LoadedSession, id: string): unknown => (loaded.entries as Entry[]).find((e) => e.id === id)?.message;

/** Lines, diagnostics and header compared before the entries: serializing the entries parses every message. */
function expectSameSession(actual: LoadedSession, expected: LoadedSession): void {
  expect(actual.entryLines).toEqual(expected.entryLines);
  expect(actual.diagnostics).toEqual(expected.diagnostics);
  expect(actual.fileVersion).toBe(expected.fileVersion);
  expect(actual.header).toEqual(expected.header);
  expect(actual.invalid).toBe(expected.invalid);
  expect(JSON.stringify(actual.entries)).toBe(JSON.stringify(expected.entries));
  expect(actual.entries).toEqual(expected.entries);
}

function pendingOf(opened: { pending: PendingExactLoad | null }): PendingExactLoad {
  expect(opened.pending).not.toBeNull();
  return opened.pending!;
}

const lines = (path: string): string[] => readFileSync(path, "utf8").split("\n");
/** session.jsonl with the line of entry `id` rewritten. */
function withLine(id: string, rewrite: (line: string) => string): string {
  const all = lines(SESSION);
  const at = all.findIndex((l) => l.includes(`"id":"${id}"`));
  expect(at).toBeGreaterThan(0);
  all[at] = rewrite(all[at]);
  return all.join("\n");
}

describe("first look at a session pi wrote", () => {
  it("leaves the long tool results and user messages unparsed and is otherwise the exact session", () => {
    const opened = openFirstLook(SESSION);
    const pending = pendingOf(opened);
    expect(pending.path).toBe(SESSION);
    expect(Buffer.from(pending.bytes ?? new Uint8Array()).equals(readFileSync(SESSION))).toBe(true);
    expect(lazyIds(opened.loaded)).toEqual(LAZY);

    const exact = readSessionFile(SESSION, "1.6");
    expect(opened.snapshot).toEqual(exact.snapshot);
    // The tree drawn from the first look is the exact one: pi's leaf, labels, name, branches.
    const tree = buildTree(opened.loaded);
    const exactTree = buildTree(exact.loaded);
    expect(tree.leafId).toBe("si1");
    expect(tree.leafId).toBe(exactTree.leafId);
    expect([...tree.labels.keys()]).toEqual([...exactTree.labels.keys()]);
    expect(tree.roots.map((r) => r.id)).toEqual(exactTree.roots.map((r) => r.id));
    expectSameSession(opened.loaded, exact.loaded);
  });

  it("its pending exact load is readSessionFile's session, with no message left unparsed", () => {
    const pending = pendingOf(openFirstLook(SESSION));
    const exact = exactLoad(pending);
    expect(exact).toEqual(exactOf(SESSION));
    expect(lazyIds(exact)).toEqual([]);
    // Stepping by hand gives the same session.
    const steps = exactLoadSteps(pending);
    let next = steps.next();
    while (!next.done) next = steps.next();
    expect(next.value).toEqual(exactOf(SESSION));
  });

  it("reads a tool result without a parent (parentId null) the same way", () => {
    const path = writeSession(withLine("r1", (l) => l.replace('"parentId":"a1"', '"parentId":null')));
    const opened = openFirstLook(path);
    expect(lazyIds(opened.loaded)).toEqual(LAZY);
    expect(opened.loaded.entries.find((e) => e.id === "r1")?.parentId).toBeNull();
    expectSameSession(opened.loaded, exactOf(path));
    expect(exactLoad(pendingOf(opened))).toEqual(exactOf(path));
  });

  it("the context at pi's leaf and its estimate (the tree's first frame) parse none of the path's unparsed messages", () => {
    const opened = openFirstLook(SESSION);
    const tree = buildTree(opened.loaded);
    const path = getBranch(tree);
    const onPath = path.filter((e) => LAZY.includes(e.id)).map((e) => e.id);
    expect(onPath).toEqual(["r1", "u2b", "r4b", "r6b"]);
    // Parsing one is a JSON.parse of its line; the usage of a7b stands for everything before it.
    const parse = vi.spyOn(JSON, "parse");
    let context: ReturnType<typeof buildContext>;
    let estimate: ReturnType<typeof estimateBuiltContext>;
    try {
      context = buildContext(tree.loaded.entries, tree.leafId, "1.6", tree.byId);
      estimate = estimateBuiltContext(context, path, "1.6");
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    const exactTree = buildTree(exactOf(SESSION));
    const exactContext = buildContext(exactTree.loaded.entries, exactTree.leafId, "1.6", exactTree.byId);
    expect(estimate).toEqual(estimateBuiltContext(exactContext, getBranch(exactTree), "1.6"));
    expect(JSON.stringify(context.messages)).toBe(JSON.stringify(exactContext.messages));
  });

  it("readSessionFirstLook reads the file and opens it the same way", () => {
    const opened = readSessionFirstLook(SESSION, "1.6", 0);
    expect(lazyIds(opened.loaded)).toEqual(LAZY);
    expect(exactLoad(pendingOf(opened))).toEqual(exactOf(SESSION));
  });
});

describe("first look at a damaged tool result whose line still ends with }}", () => {
  it("keeps the line as an entry (it cannot know yet); the exact load drops it as pi does", () => {
    const opened = openFirstLook(DAMAGED);
    const exact = exactOf(DAMAGED);
    // pi drops line 8 (r3a: a bad escape in its content).
    const damage = exact.diagnostics.filter((d) => d.line === 8);
    expect(damage).toHaveLength(1);
    expect(entryIds(exact)).not.toContain("r3a");

    // The first look: r3a is there, with the head of its line, and nothing is reported for line 8.
    expect(lazyIds(opened.loaded)).toEqual(LAZY);
    expect(messageOf(opened.loaded, "r3a")).toMatchObject({ role: "toolResult", toolCallId: "call_bash_2", toolName: "bash" });
    expect(opened.loaded.diagnostics.filter((d) => d.line === 8)).toEqual([]);
    // Every other entry is the exact one.
    const others = (opened.loaded.entries as Entry[]).filter((e) => e.id !== "r3a");
    expect(JSON.stringify(others)).toBe(JSON.stringify(exact.entries));

    // The pending exact load reports and drops it exactly as readSessionFile does.
    const loaded = exactLoad(pendingOf(opened));
    expect(loaded).toEqual(exact);
    expect(loaded.diagnostics.filter((d) => d.line === 8)).toEqual(damage);
  });
});

describe("sessions that get no first look (the exact load at once)", () => {
  /** No pending load, no unparsed message, and the session readSessionFile gives. */
  function expectExactAtOnce(path: string, profile: PiProfile = "1.6", firstLookFrom = 0): void {
    const opened = openSessionBytes(path, profile, readFileBytes(path), firstLookFrom);
    expect(opened.pending).toBeNull();
    expect(lazyIds(opened.loaded)).toEqual([]);
    expect(opened.loaded).toEqual(exactOf(path, profile));
  }

  it("pi 0.73's profile", () => {
    expectExactAtOnce(SESSION, "0.73");
  });

  it("a v2 file and a v1 file (no version): migration rewrites entries, so they are read exactly", () => {
    const header = lines(SESSION)[0];
    for (const older of [header.replace('"version":3', '"version":2'), header.replace('"version":3,', "")]) {
      expect(older).not.toBe(header);
      const path = writeSession(readFileSync(SESSION, "utf8").replace(header, older));
      expectExactAtOnce(path);
    }
  });

  it("a file below the threshold (at the threshold it gets one)", () => {
    const size = readFileSync(SESSION).length;
    expectExactAtOnce(SESSION, "1.6", size + 1);
    expect(openSessionBytes(SESSION, "1.6", readFileBytes(SESSION), size).pending).not.toBeNull();
    // The default threshold is far above a small fixture.
    expect(openSessionBytes(SESSION, "1.6", readFileBytes(SESSION)).pending).toBeNull();
  });

  it("a file whose tool results and user messages are all short", () => {
    const short = lines(SESSION).map((line) => {
      if (!line.includes('"role":"toolResult"') && !line.includes('"role":"user"')) return line;
      const entry = JSON.parse(line) as { message: { content: unknown; details?: unknown } };
      entry.message.content = "ok";
      delete entry.message.details;
      const out = JSON.stringify(entry);
      expect(Buffer.byteLength(out)).toBeLessThan(256);
      return out;
    });
    expectExactAtOnce(writeSession(short.join("\n")));
  });
});

describe("a file with invalid UTF-8", () => {
  it("gets a first look with the characters pi decodes; the exact load adds the diagnostics", () => {
    const text = readFileSync(SESSION);
    // Invalid bytes in a line the first look parses (u1) and in one it leaves unparsed (r1).
    const inUser = text.indexOf("Read the config loader");
    const inResult = text.indexOf("Loads the config once");
    const bytes = Buffer.concat([
      text.subarray(0, inUser),
      Buffer.from([0xff, 0xfe]),
      text.subarray(inUser, inResult),
      Buffer.from([0xc3, 0x28]),
      text.subarray(inResult),
    ]);
    const path = writeSession(bytes);
    const opened = openFirstLook(path);
    const exact = exactOf(path);
    expect(lazyIds(opened.loaded)).toEqual(LAZY);
    expect(exact.diagnostics.filter((d) => d.problem.includes("invalid UTF-8")).map((d) => d.line)).toEqual([2, 4]);
    // Same entries, decoded alike (U+FFFD), before the diagnostics are known.
    expect(JSON.stringify(opened.loaded.entries)).toBe(JSON.stringify(exact.entries));
    expect(JSON.stringify(messageOf(opened.loaded, "r1"))).toContain("\ufffd(");
    expect(opened.loaded.entryLines).toEqual(exact.entryLines);
    expect(opened.loaded.diagnostics).toEqual(exact.diagnostics.filter((d) => !d.problem.includes("invalid UTF-8")));
    expect(exactLoad(pendingOf(opened))).toEqual(exact);
  });
});

describe("lines not in pi's exact shape are parsed in full", () => {
  const CASES: [string, string, (line: string) => string][] = [
    ["an escaped quote in the id", 'r"1', (l) => l.replace('"id":"r1"', '"id":"r\\"1"')],
    ["a backslash in the tool call id", "r1", (l) => l.replace('"toolCallId":"call_read_1"', '"toolCallId":"call\\\\read_1"')],
    ["the message's keys in another order", "r1", (l) => l.replace('"role":"toolResult","toolCallId":"call_read_1"', '"toolCallId":"call_read_1","role":"toolResult"')],
    ["the entry's keys in another order", "r1", (l) => l.replace('{"type":"message","id":"r1"', '{"id":"r1","type":"message"')],
    ["non-ASCII in the tool name", "r1", (l) => l.replace('"toolName":"read"', '"toolName":"lire_é"')],
    ["a \\u escape in the tool name", "r1", (l) => l.replace('"toolName":"read"', '"toolName":"re\\u0061d"')],
    ["spaces after the separators", "r1", (l) => l.replace('{"type":"message","id":"r1"', '{"type": "message", "id": "r1"')],
    ["a CRLF line ending", "r1", (l) => `${l}\r`],
    ["a space after the last brace", "r1", (l) => `${l} `],
    ["a role other than toolResult or user", "r1", (l) => l.replace('"role":"toolResult","toolCallId":"call_read_1","toolName":"read"', '"role":"bashExecution","toolCallId":"call_read_1","toolName":"read"')],
    ["the content key past the head's 512 bytes", "r1", (l) => l.replace('"toolCallId":"call_read_1"', `"toolCallId":"call_${"x".repeat(600)}"`)],
  ];

  it.each(CASES)("%s", (_, id, rewrite) => {
    const path = writeSession(withLine("r1", rewrite));
    const opened = openFirstLook(path);
    const exact = exactOf(path);
    // The other long tool results are still left unparsed, so the file does get a first look.
    expect(lazyIds(opened.loaded)).toEqual(LAZY.filter((r) => r !== "r1"));
    const message = messageOf(opened.loaded, id);
    expect(message).toBeDefined();
    expect(isProxy(message)).toBe(false);
    expect(messageOf(exact, id)).toEqual(message);
    expectSameSession(opened.loaded, exact);
    expect(exactLoad(pendingOf(opened))).toEqual(exact);
  });

  // Only the head of a line is read, so keys after the message (pi never writes any) are seen by
  // the exact load alone; the app runs it before any command (test/app/first-look-app.test.tsx).
  it("keys after the message (a second id; the line still ends with }}) are left to the exact load", () => {
    const path = writeSession(withLine("r1", (l) => `${l.slice(0, -1)},"id":"r1b","extra":{}}`));
    const opened = openFirstLook(path);
    const exact = exactOf(path);
    expect(entryIds(exact)).toContain("r1b");
    expect(entryIds(opened.loaded)).toContain("r1");
    expect(entryIds(opened.loaded)).not.toContain("r1b");
    expect(exactLoad(pendingOf(opened))).toEqual(exact);
  });
});

describe("the exact load runs in steps", () => {
  it("a file of a few MB takes several steps, and the last one gives readSessionFile's session", () => {
    const header = '{"type":"session","version":3,"id":"big","timestamp":"2026-11-02T09:00:00.000Z","cwd":"/p"}';
    const out = [header];
    let parent: string | null = null;
    for (let i = 0; out.length < 800; i++) {
      const call = `call_${i}`;
      out.push(
        JSON.stringify({ type: "message", id: `a${i}`, parentId: parent, timestamp: "2026-11-02T09:00:01.000Z", message: { role: "assistant", content: [{ type: "toolCall", id: call, name: "read", arguments: { path: `/p/f${i}.ts` } }], stopReason: "toolUse", timestamp: 1 } }),
        JSON.stringify({ type: "message", id: `r${i}`, parentId: `a${i}`, timestamp: "2026-11-02T09:00:02.000Z", message: { role: "toolResult", toolCallId: call, toolName: "read", content: [{ type: "text", text: `line ${i} — ${"x".repeat(9000)}\n` }], isError: false, timestamp: 2 } }),
      );
      parent = `r${i}`;
    }
    const path = writeSession(`${out.join("\n")}\n`);
    expect(readFileSync(path).length).toBeGreaterThan(3 * 1024 * 1024);

    const opened = openFirstLook(path);
    const exact = exactOf(path);
    expect(lazyIds(opened.loaded)).toHaveLength(400);
    expectSameSession(opened.loaded, exact);

    const steps = exactLoadSteps(pendingOf(opened));
    let yields = 0;
    let next = steps.next();
    while (!next.done) {
      yields++;
      next = steps.next();
    }
    expect(yields).toBeGreaterThan(1);
    expect(next.value).toEqual(exact);
  });
});

describeWithShared("first look at every corpus session", () => {
  const dir = sharedPath("corpus");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".jsonl"));

  it("finds the corpus and takes a first look at most of it", () => {
    expect(files.length).toBeGreaterThan(5);
    const looked = files.filter((f) => openFirstLook(join(dir, f)).pending !== null);
    expect(looked.length).toBeGreaterThan(files.length / 2);
  });

  it.each(files)("%s", (f) => {
    const path = join(dir, f);
    const opened = openFirstLook(path);
    const exact = exactOf(path);
    if (opened.pending === null) {
      expect(opened.loaded).toEqual(exact);
      return;
    }
    expect(exactLoad(opened.pending)).toEqual(exact);
    // Where pi drops a line the first look left unparsed, the first look cannot be exact.
    const lazyLines = new Set((opened.loaded.entries as Entry[]).flatMap((e, i) => (isProxy(e.message) ? [opened.loaded.entryLines[i]] : [])));
    if (exact.diagnostics.some((d) => lazyLines.has(d.line))) return;
    expectSameSession(opened.loaded, exact);
  });
});
