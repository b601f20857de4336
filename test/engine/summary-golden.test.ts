// Golden outputs: fixture session → exact summary text (reviewed by hand, then frozen).
import { describe, expect, it } from "vitest";
import { buildGlobalMessageIndex, compileBranchSummary, compileCompactionSummary } from "../../src/engine/summary/index.js";
import { activePath, loadFixture, readGolden, toSourceMessages } from "./summary-support.js";

describe("summary goldens", () => {
  it("compacts basic.jsonl up to its last user message", () => {
    const { header, entries } = loadFixture("basic.jsonl");
    const path = activePath(entries, "u3");
    const span = toSourceMessages(path.slice(0, -1));
    const result = compileCompactionSummary({
      messagesToSummarize: span,
      turnPrefixMessages: [],
      isSplitTurn: false,
      messageIndex: buildGlobalMessageIndex(entries),
      cwd: header?.cwd,
    });
    expect(result.text).toBe(readGolden("basic.compaction.txt"));
    expect(result.tokens).toBe(Math.ceil(result.text.length / 4));
  });

  it("summarizes the abandoned branch of branches.jsonl", () => {
    const { header, entries } = loadFixture("branches.jsonl");
    const branch = activePath(entries, "y4").slice(2);
    const result = compileBranchSummary({
      messages: toSourceMessages(branch),
      messageIndex: buildGlobalMessageIndex(entries),
      cwd: header?.cwd,
    });
    expect(result.text).toBe(readGolden("branches.branch.txt"));
  });
});
