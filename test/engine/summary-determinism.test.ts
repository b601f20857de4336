// Same input, same bytes; bounded output; hostile text handled without blowing up.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AgentMessage, SessionEntry } from "../../src/engine/index.js";
import type { SummarySourceMessage } from "../../src/engine/summary/index.js";
import { buildGlobalMessageIndex, compileBranchSummary, compileCompactionSummary } from "../../src/engine/summary/index.js";
import { describeWithShared, sharedPath } from "../support/shared.js";
import { activePath, loadFixture, parseSession, toSourceMessages } from "./summary-support.js";

function reversedMap<K, V>(map: ReadonlyMap<K, V>): Map<K, V> {
  return new Map([...map.entries()].reverse());
}

describe("determinism", () => {
  it("compiles the same bytes twice, whatever the index map's insertion order", () => {
    const { header, entries } = loadFixture("basic.jsonl");
    const span = toSourceMessages(activePath(entries, "u3"));
    const index = buildGlobalMessageIndex(entries);
    const input = { messagesToSummarize: span.slice(0, 6), turnPrefixMessages: span.slice(6), isSplitTurn: true, messageIndex: index, cwd: header?.cwd };
    const first = compileCompactionSummary(input);
    const second = compileCompactionSummary({ ...input, messageIndex: reversedMap(index) });
    expect(second.text).toBe(first.text);
    expect(second).toEqual(first);
  });

  it("sorts pi's file lists by code unit, not by locale or input order", () => {
    const call = (path: string): SummarySourceMessage => ({
      message: { role: "assistant", content: [{ type: "toolCall", id: path, name: "read", arguments: { path } }] },
      sourceId: null,
    });
    const paths = ["b.ts", "B.ts", "ä.ts", "a.ts", "_x.ts"];
    const forward = compileBranchSummary({ messages: paths.map(call), messageIndex: new Map() });
    const backward = compileBranchSummary({ messages: [...paths].reverse().map(call), messageIndex: new Map() });
    expect(forward.details.readFiles).toEqual(["B.ts", "_x.ts", "a.ts", "b.ts", "ä.ts"]);
    expect(backward.details).toEqual(forward.details);
  });
});

describe("bounded output", () => {
  const many: SummarySourceMessage[] = [];
  const index = new Map<string, number>();
  for (let i = 0; i < 3000; i++) {
    const id = `m${i}`;
    index.set(id, i);
    const message: AgentMessage =
      i % 3 === 0
        ? { role: "user", content: `Request ${i}: please update module ${i} and keep the API stable` }
        : i % 3 === 1
          ? { role: "assistant", content: [{ type: "toolCall", id: `c${i}`, name: "edit", arguments: { path: `src/m${i}.ts` } }] }
          : { role: "toolResult", toolCallId: `c${i - 1}`, toolName: "edit", content: [{ type: "text", text: "error TS2304: x" }], isError: true };
    many.push({ message, sourceId: id });
  }

  it("caps every section and the brief on a long span", () => {
    const result = compileCompactionSummary({ messagesToSummarize: many, turnPrefixMessages: [], isSplitTurn: false, messageIndex: index });
    const caps: Record<string, number> = { "Session Goal": 8, "Files And Changes": 3, "Outstanding Context": 8, "Earlier Turns": 15, "Current Status": 3 };
    for (const section of result.sections) expect(section.items.length).toBeLessThanOrEqual(caps[section.title] ?? 15);
    expect(result.brief.length).toBeLessThanOrEqual(122);
    expect(result.brief[0]).toBe("...(earlier lines omitted)");
    expect(result.text).toContain("Request 2997");
    expect(result.text.length).toBeLessThan(40000);
    // pi's own lists are never capped: they are what pi's file tracking continues from.
    expect(result.details.modifiedFiles).toHaveLength(1000);
  });

  it("survives pathological lines (long identifiers, unbalanced markup) with bounded output", () => {
    const identifier = "aB".repeat(50000);
    const hostile = [
      `export function ${identifier}(`,
      `${"(".repeat(20000)} error TS1: ${"x".repeat(5000)}`,
      `<skill name="${"q".repeat(500)}">never closed`,
      `git commit -m "${"\\".repeat(10000)}`,
      `\u001b[${"1;".repeat(5000)}m`,
    ].join("\n");
    const messages: SummarySourceMessage[] = [
      { message: { role: "user", content: hostile }, sourceId: "u" },
      { message: { role: "assistant", content: [{ type: "toolCall", id: "b", name: "bash", arguments: { command: hostile } }] }, sourceId: "a" },
      { message: { role: "toolResult", toolCallId: "b", toolName: "bash", content: [{ type: "text", text: `${hostile}\nCommand exited with code 9` }], isError: true }, sourceId: "r" },
      { message: { role: "bashExecution", command: hostile, output: hostile, exitCode: 0 }, sourceId: "x" },
    ];
    const result = compileCompactionSummary({ messagesToSummarize: messages, turnPrefixMessages: [], isSplitTurn: false, messageIndex: new Map([["u", 0], ["a", 1], ["r", 2], ["x", 3]]) });
    expect(result.text.length).toBeLessThan(60000);
    expect(result.text).toContain("[ERROR] [bash:exit 9]");
    // ANSI escapes and control characters never reach the summary.
    expect(result.text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });
});

describeWithShared("corpus sessions compile deterministically", () => {
  const files = ["dexter-v3/pi-session.jsonl", "kimchi-dev/session.jsonl", "pi-mono/before-compaction.jsonl", "gajae-code/03-raddit-dashboard-pr.jsonl"];
  it.each(files)("%s", (file) => {
    const { header, entries } = parseSession(readFileSync(sharedPath("corpus", file), "utf8"));
    const leaf = entries[entries.length - 1] as SessionEntry;
    const path = activePath(entries, leaf.id);
    const messages = toSourceMessages(path);
    const cut = Math.floor(messages.length * 0.8);
    const input = {
      messagesToSummarize: messages.slice(0, cut),
      turnPrefixMessages: messages.slice(cut),
      isSplitTurn: true,
      messageIndex: buildGlobalMessageIndex(entries),
      cwd: typeof header?.cwd === "string" ? header.cwd : undefined,
    };
    const first = compileCompactionSummary(input);
    const second = compileCompactionSummary({ ...input, messageIndex: reversedMap(input.messageIndex) });
    expect(second.text).toBe(first.text);
    expect(first.text.length).toBeLessThan(200000);
    // Merging the result into the next compaction keeps the history's stable parts.
    const next = compileCompactionSummary({ ...input, messagesToSummarize: messages.slice(cut), turnPrefixMessages: [], isSplitTurn: false, previousSummary: first.text });
    const goal = first.sections.find((s) => s.title === "Session Goal")?.items[0];
    if (goal !== undefined) expect(next.sections.find((s) => s.title === "Session Goal")?.items).toContain(goal);
  });
});
