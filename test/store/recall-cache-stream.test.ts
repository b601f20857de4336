// A first build reads each session file for the index one line at a time (recall-cache-stream.ts)
// instead of loading it whole: what it prepares (docs, their lines, paths, postings, positions,
// whether pi lists the file) must be exactly what loading the whole file gives, on real sessions
// and on the damaged and odd lines pi meets, and the files it cannot take must fall back to the
// whole load rather than be read another way.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prepareWholeFile } from "../../src/engine/store/recall-cache-prepare.js";
import { streamWholeFile } from "../../src/engine/store/recall-cache-stream.js";
import { sessionInfoFromValues, SessionInfoWalk } from "../../src/engine/session/info.js";
import { describeWithShared, sharedPath } from "../support/shared.js";
import { line, sessionText } from "./recall-sessions.js";

const dir = mkdtempSync(join(tmpdir(), "recall-stream-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function write(text: string | Buffer): string {
  const path = join(dir, `s${n++}.jsonl`);
  writeFileSync(path, text);
  return path;
}

/** The file prepared both ways; `streams`: whether the line-at-a-time reader takes it. */
function both(path: string, streams: boolean) {
  const st = statSync(path);
  const whole = prepareWholeFile(path, st, "1.6", { stream: false });
  const streamed = prepareWholeFile(path, st, "1.6");
  expect(streamed).toEqual(whole);
  const body = new Uint8Array(readFileSync(path).subarray(0, whole.offset));
  expect(streamWholeFile(body, "1.6") !== null).toBe(streams);
  return streamed;
}

const header = line({ type: "session", version: 3, id: "s", timestamp: "2026-03-01T10:00:00.000Z", cwd: "/p" });
const msg = (id: string, parentId: string | null, message: object): string => line({ type: "message", id, parentId, timestamp: "2026-03-01T10:00:01.000Z", message });
const user = (id: string, parent: string | null, text: string) => msg(id, parent, { role: "user", content: text, timestamp: 1 });
const call = (id: string, parent: string, callId: string, path?: string) =>
  msg(id, parent, { role: "assistant", content: [{ type: "toolCall", id: callId, name: "read", arguments: path === undefined ? { command: "ls" } : { path } }], timestamp: 2 });
const result = (id: string, parent: string, callId: string, text: string, isError = false) =>
  msg(id, parent, { role: "toolResult", toolCallId: callId, toolName: "read", content: [{ type: "text", text }], isError, timestamp: 3 });

describe("the streamed read prepares what the whole load prepares", () => {
  it("generated sessions of every kind of message", () => {
    for (let i = 0; i < 4; i++) {
      const file = both(write(sessionText(`g${i}`, 30, 7 + i)), true);
      expect(file.segment!.entryIds.length).toBeGreaterThan(50);
    }
  });

  it("a result before its call, and a call id used twice, get the paths the whole file gives them", () => {
    const text =
      header +
      user("u1", null, "read the parser") +
      result("r0", "u1", "c1", "early result of the parser") +
      call("a1", "u1", "c1", "src/first.ts") +
      result("r1", "a1", "c1", "parser output") +
      call("a2", "r1", "c1", "src/second.ts") +
      call("a3", "a2", "c2", "src/third.ts") +
      call("a4", "a3", "c2") +
      result("r2", "a4", "c2", "third output") +
      result("r3", "r2", "c9", "no call anywhere");
    const file = both(write(text), true);
    const seg = file.segment!;
    const pathsOf = (id: string) => seg.reversedPaths[seg.entryIds.indexOf(id)];
    // The last call of an id with paths is the one its results name, wherever they stand.
    expect(pathsOf("r0")).toEqual(pathsOf("r1"));
    expect(pathsOf("r0")[0]).toContain("dnoces");
    expect(pathsOf("r2")[0]).toContain("driht");
    expect(pathsOf("r3")).toEqual([]);
  });

  it("damaged, blank, falsy and non-entry lines, a second header, an entry without an id, a final line without a newline", () => {
    const text =
      "\n" +
      header +
      "   \n" +
      '{"type":"message","id":"x1","message":{"role":"user","content":"cut off\n' +
      "null\n0\nfalse\n\"\"\n[1,2]\n42\n\"a string\"\n" +
      user("u1", null, "cache expiry token") +
      header +
      line({ type: "message", parentId: "u1", message: { role: "user", content: "no id here" } }) +
      line({ type: "compaction", id: "c1", parentId: "u1", summary: "the summary of the refresh", firstKeptEntryId: "u1", tokensBefore: 10 }) +
      line({ type: "label", id: "l1", parentId: "c1", targetId: "u1", label: "x" }) +
      user("u2", "l1", "last words").trimEnd();
    const file = both(write(text), true);
    expect(file.segment!.entryIds).toEqual(["u1", "c1", "u2"]);
    expect(file.offset).toBe(statSync(join(dir, `s${n - 1}.jsonl`)).size);
  });

  it("files pi's listing skips are kept with no docs, judged as the whole load judges them", () => {
    const skipped = [
      header + user("u1", null, "fine") + line({ type: "message", id: "m", parentId: "u1", message: null }),
      header + line({ type: "session_info", id: "i", parentId: null, name: 5 }),
      header + msg("u1", null, { role: "user", content: { text: "an object" } }),
      header + msg("u1", null, { role: "assistant", content: [null] }),
    ];
    for (const text of skipped) {
      const file = both(write(text), true);
      expect(file.listed).toBe(false);
      expect(file.segment).toBeNull();
    }
  });

  it("invalid UTF-8 and a byte order mark", () => {
    const bad = Buffer.concat([Buffer.from(header + user("u1", null, "before")), Buffer.from('{"type":"message","id":"u2","parentId":"u1","message":{"role":"user","content":"bad \xff\xfe byte"}}\n', "latin1"), Buffer.from(user("u3", "u2", "after"))]);
    expect(both(write(bad), true).segment!.entryIds).toEqual(["u1", "u2", "u3"]);
    both(write(`\ufeff${header}${user("u1", null, "after a bom")}`), false);
  });

  it("files it leaves to the whole load: an older version, no header first, a lone carriage return, nothing but blanks", () => {
    const v2 = line({ type: "session", version: 2, id: "old", timestamp: "2026-03-01T10:00:00.000Z", cwd: "/p" }) + user("u1", null, "old file");
    expect(both(write(v2), false).segment).not.toBeNull();
    both(write(user("u1", null, "no header") + header), false);
    // Between two tokens a lone "\r" is whitespace to JSON.parse, but pi's listing reads it as a line end.
    const lone = header + user("u1", null, "fine") + user("u2", "u1", "a lone carriage return").replace(",", ",\r");
    both(write(lone), false);
    both(write("\n\n  \n"), false);
    expect(streamWholeFile(new Uint8Array(Buffer.from(header + user("u1", null, "x"))), "0.73")).toBeNull();
  });
});

describe("pi's listing walked a value at a time", () => {
  it("judges a file as the whole walk does, keeping the texts or not", () => {
    const cases: unknown[][] = [
      [],
      [{ type: "session", id: "s", timestamp: "2026-03-01T10:00:00.000Z" }],
      [null, { type: "session" }],
      [{ type: "message" }],
      [{ type: "session", id: "s" }, { type: "message", message: { role: "user", content: "hi" } }, 5, "x", [1]],
      [{ type: "session", id: "s" }, { type: "message", message: null }],
      [{ type: "session", id: "s" }, { type: "session_info", name: " named " }, { type: "message", message: { role: "assistant", content: [{ type: "text", text: "a" }] } }],
      [{ type: "session", id: "s" }, { type: "message", message: { role: "user", content: 3 } }],
    ];
    for (const values of cases) {
      const whole = sessionInfoFromValues(values, "1.6");
      const walk = new SessionInfoWalk("1.6", false);
      const ok = values.every((v) => walk.add(v));
      expect(ok ? walk.finish() !== null : false).toBe(whole !== null);
    }
    const named = sessionInfoFromValues(cases[6], "1.6");
    expect(named).toMatchObject({ name: "named", messageCount: 1, allMessagesText: "a" });
  });
});

describeWithShared("the streamed read on ../shared's sessions", () => {
  it("prepares every corpus file (pi-written ones included) as the whole load does", () => {
    let streamedFiles = 0;
    for (const root of [sharedPath("corpus")]) {
      const paths = readdirSync(root, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".jsonl"))
        .map((f) => join(root, f));
      for (const path of paths) {
        const st = statSync(path);
        const whole = prepareWholeFile(path, st, "1.6", { stream: false });
        expect(prepareWholeFile(path, st, "1.6"), path).toEqual(whole);
        const body = new Uint8Array(readFileSync(path).subarray(0, whole.offset));
        if (streamWholeFile(body, "1.6")) streamedFiles++;
      }
    }
    // Most real files are v3 behind a header: the streamed read is the one that ran.
    expect(streamedFiles).toBeGreaterThan(5);
  });
});
