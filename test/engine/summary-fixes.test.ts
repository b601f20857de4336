// One test per bug vcc.md lists as fixed: global #N refs, results paired by toolCallId, failing
// bash tool calls tagged, no self-indexing of summaries or recall output.
import { describe, expect, it } from "vitest";
import type { AgentMessage, SessionEntry } from "../../src/engine/index.js";
import type { SummarySourceMessage } from "../../src/engine/summary/index.js";
import { buildGlobalMessageIndex, compileCompactionSummary } from "../../src/engine/summary/index.js";
import { activePath, loadFixture, toSourceMessages } from "./summary-support.js";

const msg = (sourceId: string, message: AgentMessage): SummarySourceMessage => ({ message, sourceId });
const indexOf = (ids: string[]): Map<string, number> => new Map(ids.map((id, i) => [id, i]));

function compile(messages: SummarySourceMessage[], messageIndex: Map<string, number>) {
  return compileCompactionSummary({ messagesToSummarize: messages, turnPrefixMessages: [], isSplitTurn: false, messageIndex });
}

describe("global message refs (vcc P9)", () => {
  it("counts every message entry of the file, in file order, across branches", () => {
    const { entries } = loadFixture("branches.jsonl");
    const index = buildGlobalMessageIndex(entries);
    expect(index.get("x1")).toBe(2); // abandoned branch still takes numbers
    expect(index.get("y1")).toBe(4); // custom_message cm1 takes none
    expect(index.has("cm1")).toBe(false);
  });

  it("refs in a summary of the active branch are global, not positions in the span", () => {
    const { entries } = loadFixture("branches.jsonl");
    const path = activePath(entries, "y4");
    const result = compile(toSourceMessages(path.slice(0, -1)), buildGlobalMessageIndex(entries));
    expect(result.text).toContain('* edit "grammar.ts" (#5)');
    expect(result.text).toContain("Start with the grammar instead (#4)");
    expect(result.text).not.toContain("lexer");
  });

  it("drops duplicated ids fail-closed but keeps counting, and skips entries without a message", () => {
    const base = { parentId: null, timestamp: "t" };
    const entries = [
      { ...base, type: "message", id: "a", message: { role: "user", content: "x" } },
      { ...base, type: "compaction", id: "c", summary: "s", firstKeptEntryId: "a", tokensBefore: 1 },
      { ...base, type: "message", id: "b", message: { role: "user", content: "y" } },
      { ...base, type: "message", id: "b", message: { role: "user", content: "z" } },
      { ...base, type: "message", id: "nomsg" },
      { ...base, type: "message", id: "d", message: { role: "assistant", content: [] } },
    ] as SessionEntry[];
    const index = buildGlobalMessageIndex(entries);
    expect([...index.entries()]).toEqual([["a", 0], ["d", 3]]);
  });

  it("renders no ref for a message whose entry has no index", () => {
    const result = compile([msg("unknown", { role: "user", content: "Investigate the flaky upload test" })], new Map());
    expect(result.text).toContain("Investigate the flaky upload test\n");
    expect(result.text).not.toMatch(/\(#\d*\)|\(#,|, #\)/);
  });
});

describe("tool results paired by toolCallId (vcc P4)", () => {
  it("tags the failing call even when results arrive out of order", () => {
    const messages = [
      msg("u", { role: "user", content: "Run the checks" }),
      msg("a", {
        role: "assistant",
        content: [
          { type: "toolCall", id: "c1", name: "bash", arguments: { command: "npm test" } },
          { type: "toolCall", id: "c2", name: "bash", arguments: { command: "npm run lint" } },
        ],
      }),
      msg("r2", { role: "toolResult", toolCallId: "c2", toolName: "bash", content: [{ type: "text", text: "lint ok" }], isError: false }),
      msg("r1", { role: "toolResult", toolCallId: "c1", toolName: "bash", content: [{ type: "text", text: "boom\n\nCommand exited with code 3" }], isError: true }),
    ];
    const result = compile(messages, indexOf(["u", "a", "r2", "r1"]));
    expect(result.text).toContain('* bash "npm test" [exit 3] (#1)');
    expect(result.text).toContain('* bash "npm run lint" (#1)');
    expect(result.text).toContain("[ERROR] [bash:exit 3] npm test → boom");
    expect(result.text).not.toContain("npm run lint [exit");
  });

  it("takes a no-match search's pattern from its own call, not the nearest one", () => {
    const messages = [
      msg("a", {
        role: "assistant",
        content: [
          { type: "toolCall", id: "g1", name: "grep", arguments: { pattern: "alpha" } },
          { type: "toolCall", id: "g2", name: "grep", arguments: { pattern: "beta" } },
        ],
      }),
      msg("r2", { role: "toolResult", toolCallId: "g2", toolName: "grep", content: [{ type: "text", text: "src/b.ts:1: beta" }], isError: false }),
      msg("r1", { role: "toolResult", toolCallId: "g1", toolName: "grep", content: [{ type: "text", text: "No matches found" }], isError: false }),
    ];
    const result = compile(messages, indexOf(["a", "r2", "r1"]));
    expect(result.text).toContain('[INFO] [no matches] grep "alpha"');
    expect(result.text).not.toContain('[no matches] grep "beta"');
  });
});

describe("failing bash tool calls (vcc P20)", () => {
  it("are tagged like failing user commands, with the command from the call", () => {
    const messages = [
      msg("a", { role: "assistant", content: [{ type: "toolCall", id: "b1", name: "bash", arguments: { command: "cd /repo && make build" } }] }),
      msg("r", {
        role: "toolResult",
        toolCallId: "b1",
        toolName: "bash",
        content: [{ type: "text", text: "make: *** [build] Error 2\n\nCommand exited with code 2" }],
        isError: true,
      }),
      msg("x", { role: "bashExecution", command: "ls missing", output: "ls: missing: No such file", exitCode: 1 }),
    ];
    const result = compile(messages, indexOf(["a", "r", "x"]));
    expect(result.text).toContain("- [ERROR] [bash:exit 2] make build → make: *** [build] Error 2");
    expect(result.text).toContain("[tool_error] bash (#1)\nexit 2: make: *** [build] Error 2");
    expect(result.text).toContain("- [ERROR] [bash:exit 1] ls missing → ls: missing: No such file");
  });
});

describe("no self-indexing (vcc P10)", () => {
  it("ignores recall output and earlier summaries as conversation", () => {
    const messages = [
      msg("u", { role: "user", content: "Port the scheduler to Rust" }),
      msg("rc", { role: "custom", customType: "vcc-recall", content: "RECALL-DUMP #12 [user] old text", display: true }),
      msg("a", { role: "assistant", content: [{ type: "toolCall", id: "v1", name: "vcc_recall", arguments: { query: "RECALL-QUERY" } }] }),
      msg("r", { role: "toolResult", toolCallId: "v1", toolName: "vcc_recall", content: [{ type: "text", text: "RECALL-RESULT" }], isError: true }),
      msg("cs", { role: "compactionSummary", summary: "Always use tabs, never spaces.\nFAIL everything is broken COMPACTED-TEXT" }),
      msg("bs", { role: "branchSummary", summary: "Lead-in line.\n\nBranch headline\nPlease use yarn, never npm. BRANCH-DETAIL\nCrashed badly" }),
    ];
    const result = compile(messages, indexOf(["u", "rc", "a", "r", "cs", "bs"]));
    for (const text of ["RECALL-DUMP", "RECALL-QUERY", "RECALL-RESULT", "COMPACTED-TEXT", "tabs", "BRANCH-DETAIL", "yarn", "Crashed"]) {
      expect(result.text).not.toContain(text);
    }
    expect(result.text).toContain("[branch summary]\nBranch headline");
    expect(result.sections.map((s) => s.title)).toEqual(["Session Goal", "Earlier Turns", "Current Status"]);
  });
});
