// File-operation tracking (base §10, 1x §10.5) and robustness against damaged entries.
import { describe, expect, it } from "vitest";
import { buildContext } from "../../src/engine/context/index.js";
import { computeFileLists, createFileOps, extractFileOpsFromMessage, formatFileOperations, prepareCompaction } from "../../src/engine/compaction/index.js";
import { prepareBranchEntries } from "../../src/engine/branch/index.js";
import type { AgentMessage } from "../../src/engine/types.js";
import { chain, meta, text, user } from "./compaction-builders.js";

describe("file operations", () => {
  const assistant: AgentMessage = {
    role: "assistant",
    content: [
      { type: "toolCall", id: "1", name: "read", arguments: { path: "a.ts" } },
      { type: "toolCall", id: "2", name: "edit", arguments: { path: "a.ts" } },
      { type: "toolCall", id: "3", name: "read", arguments: { path: "b.ts" } },
      { type: "toolCall", id: "4", name: "write", arguments: { path: "c.ts" } },
      { type: "toolCall", id: "5", name: "bash", arguments: { path: "ignored.ts" } },
      { type: "toolCall", id: "6", name: "read", arguments: { path: 7 } },
    ],
  };
  it("keeps read/write/edit with a string path; read-and-modified counts as modified", () => {
    const ops = createFileOps();
    extractFileOpsFromMessage(assistant, ops);
    expect(computeFileLists(ops)).toEqual({ readFiles: ["b.ts"], modifiedFiles: ["a.ts", "c.ts"] });
  });
  it("1.6 reads codemode nestedCalls from tool results; 0.73 does not", () => {
    const result = { role: "toolResult", content: [], nestedCalls: { calls: [{ name: "write", arguments: { path: "n.ts" } }] } } as AgentMessage;
    const now = createFileOps();
    extractFileOpsFromMessage(result, now, "1.6");
    expect([...now.written]).toEqual(["n.ts"]);
    const old = createFileOps();
    extractFileOpsFromMessage(result, old, "0.73");
    expect(old.written.size).toBe(0);
  });
  it("formats the tags pi appends to a summary", () => {
    expect(formatFileOperations(["r"], ["m"])).toBe("\n\n<read-files>\nr\n</read-files>\n\n<modified-files>\nm\n</modified-files>");
    expect(formatFileOperations([], [])).toBe("");
  });
});

describe("damaged entries", () => {
  it("a message entry without a message object contributes nothing instead of crashing", () => {
    const entries = chain(user("u1", text(400)), meta("bad", "message"), user("u2", text(400)));
    for (const profile of ["0.73", "1.6"] as const) {
      expect(buildContext(entries, undefined, profile).messages.map((m) => m.sourceId)).toEqual(["u1", "u2"]);
      expect(() => prepareCompaction(entries, { enabled: true, reserveTokens: 1, keepRecentTokens: 50 }, profile)).not.toThrow();
      expect(prepareBranchEntries(entries, 0, profile).keptIds).toEqual(["u1", "u2"]);
    }
  });
});
