// Loading keeps one copy of strings that repeat across lines (model names, a toolResult's
// toolCallId, tool calls' paths and commands: src/engine/session/share-strings.ts). A string put in
// place of another must be an equal one: every entry must equal what JSON.parse gives for its line.
import { describe, expect, it } from "vitest";
import { ChunkedSessionScan, loadFromScan, parseSession } from "../../src/engine/index.js";

const ts = (i: number) => `2026-03-02T09:${String(10 + (i % 50)).padStart(2, "0")}:00.000Z`;

/** A v3 session whose assistants call tools on repeated paths, with results that answer them (or not). */
function sessionLines(): string[] {
  const lines = [JSON.stringify({ type: "session", version: 3, id: "s1", timestamp: ts(0), cwd: "/w" })];
  let parent: string | null = null;
  let n = 0;
  const add = (entry: Record<string, unknown>) => {
    const id = `e${String(++n).padStart(7, "0")}`;
    lines.push(JSON.stringify({ type: "message", id, parentId: parent, timestamp: ts(n), ...entry }));
    parent = id;
  };
  const longPath = `/w/${"x".repeat(600)}.ts`;
  for (let turn = 0; turn < 6; turn++) {
    add({ message: { role: "user", content: [{ type: "text", text: `turn ${turn}` }], timestamp: 1 } });
    const calls = [
      { type: "toolCall", id: `call_${turn}_a`, name: "read", arguments: { path: turn % 2 ? "/w/src/a.ts" : "/w/src/b.ts" } },
      { type: "toolCall", id: `call_${turn}_b`, name: "bash", arguments: { command: "git status --short" } },
      { type: "toolCall", id: `call_${turn}_c`, name: "write", arguments: { path: longPath, content: "same" } },
      { type: "toolCall", id: `call_${turn}_d`, name: "odd", arguments: { path: 7, command: null } },
      { type: "toolCall", id: 42, name: "odd", arguments: "not an object" },
    ];
    add({ message: { role: "assistant", content: [{ type: "text", text: "ok" }, ...calls], api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5", stopReason: "toolUse", timestamp: 2 } });
    for (const id of [`call_${turn}_b`, `call_${turn}_a`, `call_${turn}_c`]) {
      add({ message: { role: "toolResult", toolCallId: id, toolName: "read", content: [{ type: "text", text: "done" }], isError: false, timestamp: 3 } });
    }
    // Results that answer no call of the last assistant: an earlier turn's call, an unknown id, a number.
    if (turn > 0) add({ message: { role: "toolResult", toolCallId: `call_${turn - 1}_a`, toolName: "read", content: [], isError: false, timestamp: 3 } });
    add({ message: { role: "toolResult", toolCallId: "call_unknown", toolName: "read", content: [], isError: true, timestamp: 3 } });
    add({ message: { role: "toolResult", toolCallId: 5, toolName: "read", content: [], isError: true, timestamp: 3 } });
  }
  return lines;
}

describe("strings shared while loading", () => {
  const lines = sessionLines();
  const text = `${lines.join("\n")}\n`;
  const expected = lines.slice(1).map((l) => JSON.parse(l));

  it("leaves every entry equal to its line's JSON (whole text, both profiles)", () => {
    for (const profile of ["1.6", "0.73"] as const) {
      const loaded = parseSession(text, profile);
      expect(loaded.invalid).toBeUndefined();
      expect(loaded.entries).toEqual(expected);
    }
  });

  it("leaves every entry equal to its line's JSON when the file is read in pieces", () => {
    const scan = new ChunkedSessionScan();
    for (const line of lines) scan.push(new TextEncoder().encode(`${line}\n`));
    const loaded = loadFromScan(scan.finish(new Uint8Array()), "1.6");
    expect(loaded.entries).toEqual(expected);
    // The result answering an earlier turn's call keeps that call's id, not one of the last assistant's.
    const stray = loaded.entries.find((e) => e.type === "message" && (e.message as { toolCallId?: unknown }).toolCallId === "call_0_a" && e.parentId !== null);
    expect(stray).toBeDefined();
  });
});
