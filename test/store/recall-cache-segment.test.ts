// A segment's tools, paths and calls (recall-cache-segment.ts) are kept as lists per tool, per
// path and per call rather than per doc; what it gives must be what the plain per-doc reading
// gives: each doc's tools and paths (a tool result's are its call's, the last call of that id in
// the read, or one an earlier read indexed), each key's docs ascending, the keys in the order their
// first docs name them.
import { describe, expect, it } from "vitest";
import { collectCallPaths, docContent } from "../../src/engine/recall/index.js";
import { reversedPath } from "../../src/engine/recall/filters.js";
import { SegmentBuilder, type CallLookup } from "../../src/engine/store/recall-cache-segment.js";
import { decodeTermIds } from "../../src/engine/store/term-id-list.js";
import type { SessionEntry } from "../../src/engine/types.js";

/** What the segment's per-key columns hold, read the plain way: doc by doc, then per key. */
function reference(entries: readonly SessionEntry[], earlier: CallLookup) {
  const fileCalls = collectCallPaths(entries);
  const docTools: string[][] = [];
  const docPaths: string[][] = [];
  const tools: string[] = [];
  for (const entry of entries) {
    if (typeof entry.id !== "string") continue;
    let callId: string | undefined;
    const content = docContent(entry, { get: (id) => ((callId = id), undefined) });
    if (!content) continue;
    tools.push(`|${content.tools.join("|")}|`);
    docTools.push([...new Set(content.tools)]);
    const files = callId === undefined ? content.files : (fileCalls.get(callId) ?? earlier.get(callId) ?? []);
    docPaths.push([...new Set(files)].map(reversedPath));
  }
  const byKey = (keysOfDoc: string[][]): [string, number[]][] => {
    const out = new Map<string, number[]>();
    keysOfDoc.forEach((keys, doc) => {
      for (const key of keys) {
        const docs = out.get(key) ?? [];
        if (docs[docs.length - 1] !== doc) docs.push(doc);
        out.set(key, docs);
      }
    });
    return [...out];
  };
  const calls = [...fileCalls].map(([id, paths]) => [id, paths.join("\n")]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { tools, toolDocs: byKey(docTools), pathDocs: byKey(docPaths), calls };
}

function built(entries: readonly SessionEntry[], earlier: CallLookup) {
  const builder = new SegmentBuilder(0, 0, earlier);
  entries.forEach((entry, i) => builder.add(entry, 100 * i, 99));
  const seg = builder.finish();
  const decoded = (rows: [string, Uint8Array][]): [string, number[]][] => rows.map(([key, docs]) => [key, decodeTermIds(docs)]);
  return { tools: seg.tools, toolDocs: decoded(seg.toolDocs), pathDocs: decoded(seg.pathDocs), calls: seg.calls };
}

function seeded(seed: number): (n: number) => number {
  return (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return (seed >>> 8) % n;
  };
}

// Paths that name one key two ways ("./a.ts", "a.ts", "a\\b.ts"), one with a line end in it.
const PATHS = ["src/a.ts", "./src/a.ts", "src\\a.ts", "lib/b.ts", "/home/me/p/src/a.ts", "odd\nname.ts", "c.md"];
const TOOLS = ["read", "edit", "Write", "bash", "read"];

function randomEntries(next: (n: number) => number, count: number): SessionEntry[] {
  const entries: SessionEntry[] = [];
  for (let i = 0; i < count; i++) {
    const id = `e${i}`;
    const callId = `c${next(12)}`;
    const kind = next(6);
    let message: Record<string, unknown>;
    if (kind <= 1) {
      const blocks = Array.from({ length: 1 + next(3) }, () => {
        const args: Record<string, unknown> = next(4) === 0 ? { command: "ls" } : { path: PATHS[next(PATHS.length)] };
        if (next(3) === 0) args.file_path = next(2) ? args.path : PATHS[next(PATHS.length)];
        return { type: "toolCall", id: next(4) === 0 ? `c${next(12)}` : callId, name: TOOLS[next(TOOLS.length)], arguments: args };
      });
      message = { role: "assistant", content: [{ type: "text", text: "working" }, ...blocks] };
    } else if (kind <= 3) message = { role: "toolResult", toolCallId: callId, toolName: TOOLS[next(TOOLS.length)], content: [{ type: "text", text: "out" }], isError: next(5) === 0 };
    else if (kind === 4) message = { role: "user", content: "look at the parser" };
    else message = { role: "bashExecution", command: "ls", output: "a", exitCode: 0 };
    entries.push({ type: "message", id: next(30) === 0 ? (undefined as unknown as string) : id, parentId: null, timestamp: "", message } as unknown as SessionEntry);
  }
  return entries;
}

describe("a segment's tools, paths and calls", () => {
  it("are the per-doc reading's on random reads: results before and after their calls, call ids used twice, one path spelt several ways", () => {
    const next = seeded(17);
    // Some results name calls an earlier read of the file indexed.
    const earlierCalls = new Map([
      ["c10", ["lib/b.ts", "old/x.ts"]],
      ["c11", ["old/y.ts"]],
    ]);
    const earlier: CallLookup = { get: (id) => earlierCalls.get(id) };
    for (let round = 0; round < 40; round++) {
      const entries = randomEntries(next, 5 + next(60));
      expect(built(entries, earlier), `round ${round}`).toEqual(reference(entries, earlier));
    }
  });

  it("a path first named by a result, before any call of the read names it, is listed where that result stands", () => {
    const entries = randomEntries(seeded(3), 0);
    const msg = (id: string, message: object) => ({ type: "message", id, parentId: null, timestamp: "", message }) as unknown as SessionEntry;
    entries.push(
      msg("u", { role: "user", content: "go" }),
      msg("a0", { role: "assistant", content: [{ type: "toolCall", id: "k0", name: "read", arguments: { path: "first.ts" } }] }),
      msg("r1", { role: "toolResult", toolCallId: "k1", toolName: "read", content: "early" }),
      msg("a2", { role: "assistant", content: [{ type: "toolCall", id: "k2", name: "read", arguments: { path: "second.ts" } }] }),
      msg("a1", { role: "assistant", content: [{ type: "toolCall", id: "k1", name: "read", arguments: { path: "late.ts", file_path: "second.ts" } }] }),
    );
    const got = built(entries, { get: () => undefined });
    expect(got).toEqual(reference(entries, { get: () => undefined }));
    expect(got.pathDocs.map(([key]) => key)).toEqual(["first.ts", "late.ts", "second.ts"].map(reversedPath));
    expect(got.pathDocs[1][1]).toEqual([2, 4]);
  });

  it("paths first named together by one result keep that result's order, whatever later results and calls name", () => {
    const msg = (id: string, message: object) => ({ type: "message", id, parentId: null, timestamp: "", message }) as unknown as SessionEntry;
    const entries = [
      msg("u", { role: "user", content: "go" }),
      msg("r1", { role: "toolResult", toolCallId: "k1", toolName: "read", content: "one" }),
      msg("r2", { role: "toolResult", toolCallId: "k2", toolName: "read", content: "two" }),
      msg("a3", { role: "assistant", content: [{ type: "toolCall", id: "k3", name: "read", arguments: { path: "b.ts" } }] }),
      msg("a4", { role: "assistant", content: [{ type: "toolCall", id: "k1", name: "read", arguments: { path: "a.ts", file_path: "b.ts" } }] }),
      msg("a5", { role: "assistant", content: [{ type: "toolCall", id: "k2", name: "read", arguments: { path: "b.ts" } }] }),
    ];
    const got = built(entries, { get: () => undefined });
    expect(got).toEqual(reference(entries, { get: () => undefined }));
    expect(got.pathDocs).toEqual([
      [reversedPath("a.ts"), [1, 4]],
      [reversedPath("b.ts"), [1, 2, 3, 4, 5]],
    ]);
  });
});
