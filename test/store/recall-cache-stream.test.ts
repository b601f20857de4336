// A first build reads each session file for the index one line at a time (recall-cache-stream.ts)
// instead of loading it whole: what it prepares (docs, their lines, paths, postings, positions,
// whether pi lists the file) must be exactly what loading the whole file gives, on real sessions
// and on the damaged and odd lines pi meets, and the files it cannot take must fall back to the
// whole load rather than be read another way.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isDeepStrictEqual } from "node:util";
import { prepareWholeFile, type PreparedFile } from "../../src/engine/store/recall-cache-prepare.js";
import { streamWholeFile } from "../../src/engine/store/recall-cache-stream.js";
import { decodeTermIds } from "../../src/engine/store/term-id-list.js";
import { sessionInfoFromValues, SessionInfoWalk } from "../../src/engine/session/info.js";
import { describeWithShared, sharedPath } from "../support/shared.js";
import { line, rng, sessionText } from "./recall-sessions.js";

const dir = mkdtempSync(join(tmpdir(), "recall-stream-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function write(text: string | Buffer): string {
  const path = join(dir, `s${n++}.jsonl`);
  writeFileSync(path, text);
  return path;
}

/** Equal, or which fields differ (a diff of texts this long would take the runner minutes). */
function expectSamePrepared(got: PreparedFile, want: PreparedFile, what = ""): void {
  if (isDeepStrictEqual(got, want)) return;
  const fields = (o: PreparedFile) => ({ ...o, segment: undefined, ...Object.fromEntries(Object.entries(o.segment ?? {}).map(([k, v]) => [`segment.${k}`, v])) });
  const a = fields(got);
  const b = fields(want);
  const differ = Object.keys({ ...a, ...b }).filter((k) => !isDeepStrictEqual(a[k as keyof typeof a], b[k as keyof typeof b]));
  expect.fail(`${what} prepared differently: ${differ.join(", ")}`);
}

/** The file prepared both ways; `streams`: whether the line-at-a-time reader takes it. */
function both(path: string, streams: boolean) {
  const st = statSync(path);
  const whole = prepareWholeFile(path, st, "1.6", { stream: false });
  const streamed = prepareWholeFile(path, st, "1.6");
  expectSamePrepared(streamed, whole);
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
    const pathsOf = (id: string) => seg.pathDocs.filter(([, docs]) => decodeTermIds(docs).includes(seg.entryIds.indexOf(id))).map(([rpath]) => rpath);
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

describe("lines of multi-byte text, read as latin1, prepare what the decoded lines prepare", () => {
  const tool = (id: string, parent: string, message: object) => msg(id, parent, { timestamp: 3, ...message });

  it("texts cut at the caps inside multi-byte chars, non-ASCII names, ids, keys, paths and values", () => {
    const at2000 = `${"a".repeat(1999)}𝐀b 東京 after`; // the astral letter straddles the tool result cap
    const text =
      line({ type: "session", version: 3, id: "s", timestamp: "2026-03-01T10:00:00.000Z", cwd: "/home/dév/項目" }) +
      user("u1", null, "héllo wörld ✓ 東京タワー 😀 emoji") +
      msg("a1", "u1", {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "penser… 🤔 ".repeat(3) },
          { type: "text", text: "voilà ✓" },
          { type: "toolCall", id: "c✓1", name: "Réad", arguments: { path: "src/日本.ts", ключ: "✓".repeat(3000), nested: { ü: ["ß", 1.5, -3, true, null] }, ["__proto__"]: "proto ✓" } },
          { type: "toolCall", id: "c2", name: "bash", arguments: "a string argument ✓ ".repeat(200) },
          { type: "toolCall", id: "c3", name: "edit", arguments: ["an", "array ✓"] },
        ],
        errorMessage: "erreur ✗",
        timestamp: 2,
      }) +
      tool("r1", "a1", { role: "toolResult", toolCallId: "c✓1", toolName: "Réad", content: [{ type: "text", text: at2000 }], isError: false }) +
      tool("r2", "r1", { role: "toolResult", toolCallId: "c2", toolName: "bash", content: [{ type: "text", text: "x".repeat(1998) + "東京都" }, { type: "image", mimeType: "image/p✓g", data: "AAAA" }] }) +
      tool("r3", "r2", { role: "toolResult", toolCallId: "c2", toolName: "bash", content: [{ type: "text", text: `${"é".repeat(100)}${"ü ".repeat(150_000)}` }], isError: true }) +
      tool("r4", "r3", { role: "toolResult", toolCallId: "c3", toolName: "edit", content: [{ type: "image", mimeType: { kind: "pñg" } }, { type: "text", text: 5 }] }) +
      msg("b1", "r4", { role: "bashExecution", command: "echo ✓ 東京", output: `${"ñ".repeat(199_999)}𝐀 tail`, exitCode: 1, timestamp: 4 }) +
      line({ type: "compaction", id: "k✓", parentId: "b1", summary: "résumé 東京 ✓", firstKeptEntryId: "u1", tokensBefore: 10 }) +
      line({ type: "branch_summary", id: "bs", parentId: "k✓", fromId: "u1", summary: `${"ß".repeat(199_999)}ẞ más` }) +
      user("u2", "bs", [`${"東".repeat(199_999)}京都`, "second block ✓"].join("")) +
      msg("u3", "u2", { role: "user", content: [{ type: "text", text: "bloc ✓" }, { type: "text", text: "deux 😀" }], timestamp: 1 });
    const seg = both(write(text), true).segment!;
    expect(seg.entryIds).toEqual(["u1", "a1", "r1", "r2", "r3", "r4", "b1", "k✓", "bs", "u2", "u3"]);
    expect(seg.tools[seg.entryIds.indexOf("a1")]).toBe("|réad|bash|edit|");
    expect(seg.calls.map(([id]) => id)).toContain("c✓1");
    expect(seg.terms).toContain("東京");
  });

  it("a \\u escape of a char past ASCII is decoded (latin1 would misread it); an escaped backslash before u is not one", () => {
    const escaped = (id: string, parent: string, json: string) => `{"type":"message","id":"${id}","parentId":"${parent}","timestamp":"2026-03-01T10:00:01.000Z","message":{"role":"user","content":"${json}","timestamp":1}}\n`;
    const text =
      header +
      user("u1", null, "start ✓") +
      escaped("u2", "u1", "caf\\u00e9 ✓ and a lone \\ud83d surrogate") +
      escaped("u3", "u2", "not an escape \\\\u00e9 ✓ \\u001b[31mred\\u001b[0m") +
      escaped("u4", "u3", "escaped \\\\\\u00e9 ✓ after two backslashes");
    const seg = both(write(text), true).segment!;
    expect(seg.entryIds).toEqual(["u1", "u2", "u3", "u4"]);
    expect(seg.terms).toContain("café");
  });

  it("a file pi's listing skips after a line read as latin1 is left to the whole load", () => {
    const file = both(write(header + user("u1", null, "ünïcode ✓") + line({ type: "message", id: "m", parentId: "u1", message: null })), false);
    expect(file.listed).toBe(false);
  });

  it("random texts of multi-byte chars around every cap", () => {
    const next = rng(99);
    const alphabet = ["a", "Z", " ", "é", "ß", "東", "𝐀", "😀", "✓", "\u0301", "\uFFFD", "\n", "\"", "\\", "\u001b"];
    const around = (cap: number) => cap - 3 + Math.floor(next() * 7);
    const textOf = (units: number) => {
      let t = "";
      while (t.length < units) t += alphabet[Math.floor(next() * alphabet.length)];
      return t;
    };
    let text = header;
    let parent: string | null = null;
    for (let i = 0; i < 40; i++) {
      const id = `e${i}`;
      const kind = i % 4;
      if (kind === 0) text += tool(id, parent ?? "x", { role: "toolResult", toolCallId: `c${i}`, toolName: "read", content: [{ type: "text", text: textOf(around(2000)) }], isError: next() < 0.3 });
      else if (kind === 1) text += msg(id, parent, { role: "assistant", content: [{ type: "toolCall", id: `c${i}`, name: "write", arguments: { path: textOf(20), content: textOf(around(2000)) } }], timestamp: 2 });
      else if (kind === 2) text += user(id, parent, textOf(i % 8 === 2 ? around(200_000) : around(2000)));
      else text += msg(id, parent, { role: "assistant", content: [{ type: "thinking", thinking: textOf(50) }, { type: "text", text: textOf(around(2000)) }], timestamp: 2 });
      parent = id;
    }
    expect(both(write(text), true).segment!.entryIds).toHaveLength(40);
  });
});

describe("long lines, parsed with the text no reader takes cut out (recall/line-cut.ts), prepare what the whole lines prepare", () => {
  const long = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  const tool = (id: string, parent: string, message: object) => msg(id, parent, { role: "toolResult", toolCallId: "c1", toolName: "bash", timestamp: 3, ...message });
  const out = (seed: string) => long(`${seed} output line "quoted" \\ back ✓ 東京 😀\n`, 40_000);
  const image = { type: "image", mimeType: "image/png", data: long("iVBORw0KGgoAAAANSUhEUg", 60_000) };
  const details = { truncation: { content: long("untruncated output ✓\n", 80_000), truncated: true }, diff: [long("-a\n+b\n", 20_000), { deep: long("z", 5000) }] };

  it("tool outputs past the cap, errors kept whole, images, details, texts of other roles", () => {
    const text =
      header +
      user("u1", null, "start") +
      call("a1", "u1", "c1", "src/one.ts") +
      tool("r1", "a1", { content: [{ type: "text", text: out("first") }, image], details, isError: false }) +
      tool("r2", "r1", { content: [{ type: "text", text: out("second") }], details, isError: true }) +
      tool("r3", "r2", { content: [{ type: "text", text: "short" }, { type: "text", text: out("third") }, image], details }) +
      msg("u2", "r3", { role: "user", content: [{ type: "text", text: out("pasted") }, image], timestamp: 1 }) +
      msg("a2", "u2", { role: "assistant", content: [{ type: "thinking", thinking: out("thought") }, { type: "text", text: out("said") }, { type: "toolCall", id: "c2", name: "write", arguments: { path: "src/two.ts", content: out("written") } }], details, timestamp: 2 }) +
      msg("b1", "a2", { role: "bashExecution", command: "make", output: out("bash"), exitCode: 2, details, timestamp: 4 }) +
      line({ type: "compaction", id: "k1", parentId: "b1", summary: out("summary"), firstKeptEntryId: "u1", tokensBefore: 10, details }) +
      tool("r4", "k1", { toolName: "vcc_recall", content: [{ type: "text", text: out("recall") }], details });
    const path = write(text);
    const seg = both(path, true).segment!;
    expect(seg.entryIds).toEqual(["u1", "a1", "r1", "r2", "r3", "u2", "a2", "b1", "k1"]);
    // The same streamed read with every line parsed whole (the bench's comparison).
    expectSamePrepared(prepareWholeFile(path, statSync(path), "1.6", { cutLines: false }), prepareWholeFile(path, statSync(path), "1.6"));
    // The error's words past the cap are indexed: it was not cut.
    expect(seg.terms).toContain("second");
  });

  it("keys written twice or with an escape, and lines that do not parse", () => {
    const raw = (id: string, messageJson: string) => `{"type":"message","id":"${id}","parentId":"u1","timestamp":"2026-03-01T10:00:01.000Z","message":${messageJson}}\n`;
    const block = (seed: string) => `{"type":"text","text":${JSON.stringify(out(seed))}}`;
    const big = JSON.stringify(long("x", 30_000));
    const text =
      header +
      user("u1", null, "start") +
      raw("d1", `{"role":"user","content":[${block("roleuser")}],"role":"toolResult","timestamp":3}`) +
      raw("d2", `{"role":"toolResult","content":[${block("roletool")}],"role":"user","timestamp":3}`) +
      raw("d3", `{"role":"toolResult","isError":true,"content":[${block("errorlast")}],"isError":false}`) +
      raw("d4", `{"role":"toolResult","isError":false,"content":[${block("errorfirst")}],"isError":true}`) +
      raw("d5", `{"role":"toolResult","content":[${block("twice")}],"content":[{"type":"text","text":"second content"}]}`) +
      raw("d6", `{"role":"toolResult","content":[${block("blocktype")}, {"type":"text","text":"x","type":"image"}]}`) +
      `{"type":"message","id":"d7","parentId":"u1","message":{"role":"toolResult","content":[${block("first message")}]},"message":{"role":"toolResult","content":"x"}}\n` +
      raw("d8", `{"role":"toolResult","content":[{"type":"text","te\\u0078t":${JSON.stringify(out("escaped key"))}}],"det\\u0061ils":${big}}`) +
      raw("d9", `{"role":"toolResult","content":[${block("tab")}],"details":"${long("y", 5000)}\t${long("y", 5000)}"}`) +
      raw("d10", `{"role":"toolResult","content":[${block("bad escape")}],"details":"${long("y", 5000)}\\q${long("y", 5000)}"}`) +
      raw("d11", `{"role":"toolResult","content":[${block("unicode")}],"details":"\\u00e9 \\ud83d ${long("y", 5000)}"}`) +
      raw("d12", `{"role":"toolResult","content":[${block("cut short")}],"details":${big}`) +
      user("u2", "u1", "end");
    const seg = both(write(text), true).segment!;
    expect(seg.entryIds).toEqual(["u1", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d11", "u2"]);
  });

  it("random outputs of multi-byte chars and escapes, cut wherever the kept bytes end", () => {
    const next = rng(5);
    const alphabet = ["a", "Z", " ", "é", "ß", "東", "𝐀", "😀", "✓", "\u0301", "\uFFFD", "\n", '"', "\\", "\u001b", "\ud83d", "\t"];
    const textOf = (units: number) => {
      let t = "";
      while (t.length < units) t += alphabet[Math.floor(next() * alphabet.length)];
      return t;
    };
    let text = header;
    let parent = "x";
    for (let i = 0; i < 40; i++) {
      const id = `e${i}`;
      text += tool(id, parent, { content: [{ type: "text", text: textOf(10_000 + Math.floor(next() * 20_000)) }, { ...image, data: textOf(2000) }], details: { output: textOf(20_000) }, isError: next() < 0.2 });
      parent = id;
    }
    expect(both(write(text), true).segment!.entryIds).toHaveLength(40);
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
        expectSamePrepared(prepareWholeFile(path, st, "1.6"), whole, path);
        const body = new Uint8Array(readFileSync(path).subarray(0, whole.offset));
        if (streamWholeFile(body, "1.6")) streamedFiles++;
      }
    }
    // Most real files are v3 behind a header: the streamed read is the one that ran.
    expect(streamedFiles).toBeGreaterThan(5);
  });
});
