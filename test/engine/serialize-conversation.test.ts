// serializeConversation: the exact text a summarizer reads (base §11 D16, 1x §10.4).
import { describe, expect, it } from "vitest";
import { convertToLlm } from "../../src/engine/context/index.js";
import { serializeConversation, sha256_16 } from "../../src/engine/serialize/index.js";
import type { AgentMessage } from "../../src/engine/types.js";

const sample: AgentMessage[] = [
  { role: "user", content: [{ type: "text", text: "Hi" }, { type: "text", text: " there" }] },
  {
    role: "assistant",
    content: [
      { type: "text", text: "A" },
      { type: "thinking", thinking: "T1" },
      { type: "toolCall", id: "1", name: "read", arguments: { path: "a.ts", limit: 10 } },
      { type: "thinking", thinking: "T2" },
      { type: "text", text: "B" },
      { type: "toolCall", id: "2", name: "bash", arguments: { command: "ls" } },
    ],
  },
  { role: "toolResult", content: [{ type: "text", text: "r1" }, { type: "image", data: "", mimeType: "image/png" }, { type: "text", text: "r2" }] },
  { role: "bashExecution", command: "ls", output: "x", exitCode: 0 },
  { role: "bashExecution", command: "secret", output: "y", excludeFromContext: true },
];

const tail = '[Assistant]: A\nB\n\n[Assistant tool calls]: read(path="a.ts", limit=10); bash(command="ls")\n\n[Tool result]: r1r2\n\n[User]: Ran `ls`\n```\nx\n```';

describe("serializeConversation", () => {
  it("D16 (0.73): thinking before text before tool calls", () => {
    expect(serializeConversation(convertToLlm(sample, "0.73"), "0.73")).toBe(`[User]: Hi there\n\n[Assistant thinking]: T1\nT2\n\n${tail}`);
  });
  it("1.6 leaves thinking out", () => {
    expect(serializeConversation(convertToLlm(sample, "1.6"), "1.6")).toBe(`[User]: Hi there\n\n${tail}`);
  });
  it("truncates tool results at 2000 units with pi's marker", () => {
    const out = serializeConversation([{ role: "toolResult", content: [{ type: "text", text: "a".repeat(2500) }] }]);
    expect(out).toBe(`[Tool result]: ${"a".repeat(2000)}\n\n[... 500 more characters truncated]`);
  });
  it("at a surrogate pair on the edge: 1.6 keeps the pair out, 0.73 splits it", () => {
    const body = `${"a".repeat(1999)}😀${"b".repeat(10)}`;
    const msg: AgentMessage[] = [{ role: "toolResult", content: [{ type: "text", text: body }] }];
    expect(serializeConversation(msg, "1.6")).toBe(`[Tool result]: ${"a".repeat(1999)}\n\n[... 11 more characters truncated]`);
    expect(serializeConversation(msg, "0.73")).toBe(`[Tool result]: ${"a".repeat(1999)}\ud83d\n\n[... 11 more characters truncated]`);
  });
  it("sha256_16 of the empty text", () => {
    expect(sha256_16("")).toBe("e3b0c44298fc1c14");
  });
});

describe("serializedLength", () => {
  it("is serializeConversation's length, for both releases, on samples, odd blocks, long results and split surrogates", async () => {
    const { serializedLength } = await import("../../src/engine/serialize/index.js");
    const long = "x".repeat(1999) + "😀" + "y".repeat(50);
    const odd: AgentMessage[] = [
      ...sample,
      { role: "user", content: "" },
      { role: "user", content: [{ type: "text" } as never, { type: "text", text: 5 } as never] },
      { role: "assistant", content: [{ type: "toolCall", id: "3", name: undefined, arguments: { f: undefined, g: () => 1, h: [1, "é"] } } as never] },
      // Argument strings JSON escapes (quote, backslash, control characters, a lone surrogate) and ones it writes as is (a pair, U+2028, DEL).
      {
        role: "assistant",
        content: [
          { type: "toolCall", id: "4", name: "edit", arguments: { path: 'a "b" \\c\n\t\u0001', old: "\ud83d lone", pair: "😀\u2028\u007f", n: Number.NaN, m: 1.5e300, o: { deep: ["\"", 2] } } },
          { type: "toolCall", id: "5", name: "read", arguments: { path: "plain/file.ts", offset: -3 } },
        ] as never,
      },
      { role: "toolResult", content: [{ type: "text", text: long }] },
      { role: "toolResult", content: [{ type: "text", text: "a".repeat(1500) }, { type: "text", text: "b".repeat(1500) }] },
      { role: "toolResult", content: [] },
    ];
    for (const profile of ["0.73", "1.6"] as const) {
      const llm = convertToLlm(odd, profile);
      expect(serializedLength(llm, profile)).toBe(serializeConversation(llm, profile).length);
      expect(serializedLength([], profile)).toBe(0);
    }
  });

  it("agrees on the heavy emoji session and every pi-written session of the corpus", async () => {
    const { serializedLength } = await import("../../src/engine/serialize/index.js");
    const { buildContextFromPath, contextMessages } = await import("../../src/engine/context/index.js");
    const { buildTree, getBranch, parseSession } = await import("../../src/engine/index.js");
    const { heavySessionText } = await import("../support/heavy-session.mjs");
    const { existsSync, readdirSync, readFileSync } = await import("node:fs");
    const { sharedPath } = await import("../support/shared.js");
    const texts = [heavySessionText({ turns: 6, heavyEvery: 2, minKB: 10, maxKB: 20 })];
    const dir = sharedPath("corpus", "pi-written");
    if (existsSync(dir)) for (const f of readdirSync(dir).filter((n) => n.endsWith(".jsonl"))) texts.push(readFileSync(`${dir}/${f}`, "utf8"));
    for (const text of texts) {
      for (const profile of ["0.73", "1.6"] as const) {
        const tree = buildTree(parseSession(text, profile));
        const llm = convertToLlm(contextMessages(buildContextFromPath(getBranch(tree, tree.leafId), profile)), profile);
        expect(serializedLength(llm, profile)).toBe(serializeConversation(llm, profile).length);
      }
    }
  });
});
