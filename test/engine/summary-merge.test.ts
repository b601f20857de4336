// Merging with the previous summary (vcc.md §2.7) and pi's split-turn layout (pi-engine.md §9.5).
import { describe, expect, it } from "vitest";
import { withFocusNote, type AgentMessage } from "../../src/engine/index.js";
import type { SummarySourceMessage } from "../../src/engine/summary/index.js";
import { compileCompactionSummary, NO_PRIOR_HISTORY, SPLIT_TURN_SEPARATOR } from "../../src/engine/summary/index.js";

let counter = 0;
const index = new Map<string, number>();
function msg(message: AgentMessage): SummarySourceMessage {
  const id = `m${counter}`;
  index.set(id, counter++);
  return { message, sourceId: id };
}
const user = (text: string) => msg({ role: "user", content: text });
const edit = (id: string, path: string) =>
  msg({ role: "assistant", content: [{ type: "toolCall", id, name: "edit", arguments: { path, oldText: "a", newText: "b" } }] });
const read = (id: string, path: string) => msg({ role: "assistant", content: [{ type: "toolCall", id, name: "read", arguments: { path } }] });
const failing = (id: string, command: string) => [
  msg({ role: "assistant", content: [{ type: "toolCall", id, name: "bash", arguments: { command } }] }),
  msg({ role: "toolResult", toolCallId: id, toolName: "bash", content: [{ type: "text", text: `oops\nCommand exited with code 1` }], isError: true }),
];

const spanA = [user("Build the CSV exporter for reports"), read("c1", "src/report.ts"), edit("c2", "src/export.ts"), ...failing("c3", "npm test")];
const spanB = [user("Add a JSON exporter next to it"), edit("c4", "src/json.ts")];
const prefix = [user("Document both exporters in the README"), edit("c5", "README.md")];

function compact(messagesToSummarize: SummarySourceMessage[], previousSummary?: string, turnPrefixMessages: SummarySourceMessage[] = []) {
  return compileCompactionSummary({
    messagesToSummarize,
    turnPrefixMessages,
    isSplitTurn: turnPrefixMessages.length > 0,
    previousSummary,
    messageIndex: index,
  });
}

describe("merge with a previous summary", () => {
  const first = compact(spanA);
  const second = compact(spanB, first.text);

  it("keeps the earlier goal, unions files and rolls the brief on", () => {
    const goal = second.sections.find((s) => s.title === "Session Goal")?.items ?? [];
    expect(goal[0]).toBe("Build the CSV exporter for reports");
    expect(second.sections.find((s) => s.title === "Files And Changes")?.items).toEqual([
      "Modified: src/export.ts, src/json.ts",
      "Read: src/report.ts",
    ]);
    expect(second.text).toContain("Build the CSV exporter for reports (#0)");
    expect(second.text).toContain("Add a JSON exporter next to it (#5)");
    expect(second.text.indexOf("(#0)")).toBeLessThan(second.text.indexOf("(#5)"));
  });

  it("replaces volatile sections with the fresh span's", () => {
    expect(first.text).toContain("[bash:exit 1] npm test");
    expect(second.text).not.toContain("[Outstanding Context]");
  });

  it("does not nest the previous file-operations block", () => {
    expect(second.text.match(/<modified-files>/g)).toHaveLength(1);
    expect(second.text.match(/^Deterministic summary of the earlier/gm)).toHaveLength(1);
  });

  it("keeps a summary written by an LLM verbatim, indented, under [Earlier Summary]", () => {
    const llm = "## Goal\nShip v2\n\n## Next Steps\n1. [Title] stays text\n---\n\n<read-files>\na.ts\n</read-files>";
    const result = compact(spanB, llm);
    expect(result.text).toContain("[Earlier Summary]\n  ## Goal\n  Ship v2\n  \n  ## Next Steps\n  1. [Title] stays text\n  ---\n");
    expect(result.text).not.toContain("a.ts");
    const again = compact([user("Tidy up the exporter tests please")], result.text);
    expect(again.text).toContain("[Earlier Summary]\n  ## Goal\n  Ship v2\n");
  });

  it("keeps both parts of an LLM-written split-turn summary", () => {
    const llm = `## Goal\nShip v2${SPLIT_TURN_SEPARATOR}## Original Request\nAdd CSV`;
    const result = compact(spanB, llm);
    expect(result.text).toContain("[Earlier Summary]\n  ## Goal\n  Ship v2\n  \n  **Turn Context (split turn):**\n  \n  ## Original Request\n  Add CSV\n");
    expect(result.text).not.toContain(SPLIT_TURN_SEPARATOR);
  });

  it("still reads its own summary when a caller put a note in front of it", () => {
    const noted = `[Focus]\n- exporters only\n\n${first.text}`;
    const next = compact(spanB, noted);
    expect(next.sections.find((s) => s.title === "Session Goal")?.items[0]).toBe("Build the CSV exporter for reports");
    expect(next.text).toContain("[Earlier Summary]\n  [Focus]\n  - exporters only\n\n[Session Goal]");
    expect(next.text.match(/^Deterministic summary of the earlier/gm)).toHaveLength(1);
  });

  it("reads its own summary under a focus note of many lines (multi-line instructions)", () => {
    const instructions = Array.from({ length: 40 }, (_, i) => (i === 20 ? "" : `focus line ${i + 1}`)).join("\n");
    const next = compact(spanB, withFocusNote(first.text, instructions));
    expect(next.sections.find((s) => s.title === "Session Goal")?.items[0]).toBe("Build the CSV exporter for reports");
    expect(next.text).toContain("  - focus line 1\n    focus line 2");
    expect(next.text).toContain("    focus line 40\n\n[Session Goal]");
    expect(next.text.match(/^Deterministic summary of the earlier/gm)).toHaveLength(1);
  });

  it("folds the split-turn part of a previous summary into the history", () => {
    const split = compact(spanA, undefined, prefix);
    const next = compact(spanB, split.text);
    expect(next.text).not.toContain(SPLIT_TURN_SEPARATOR);
    expect(next.text).toContain("Document both exporters in the README (#7)");
    expect(next.sections.find((s) => s.title === "Files And Changes")?.items[0]).toBe("Modified: src/export.ts, README.md, src/json.ts");
  });

  it("bounds the brief however often it is merged", () => {
    let text: string | undefined;
    for (let round = 0; round < 6; round++) {
      const span = Array.from({ length: 40 }, (_, i) => user(`Round ${round} request number ${i} about the exporter`));
      text = compact(span, text).text;
    }
    const brief = (text ?? "").split("\n---\n")[1] ?? "";
    expect(brief.split("\n").length).toBeLessThanOrEqual(123);
    expect(brief.startsWith("\n...(earlier lines omitted)\n\n[user]\n")).toBe(true);
    expect(brief).toContain("Round 5 request number 39");
  });
});

describe("split turns", () => {
  it("joins history and turn prefix with pi's separator, file lists last", () => {
    const result = compact(spanA, undefined, prefix);
    const [history, turn] = result.text.split(SPLIT_TURN_SEPARATOR);
    expect(history).toMatch(/^Deterministic summary of the earlier conversation/);
    expect(turn).toMatch(/^Deterministic summary of how the current turn began/);
    expect(turn).toContain("Document both exporters in the README (#7)");
    expect(result.text.endsWith("<modified-files>\nREADME.md\nsrc/export.ts\n</modified-files>")).toBe(true);
    expect(result.turnContext?.sections[0]?.title).toBe("Session Goal");
  });

  it("writes pi's `No prior history.` when nothing precedes the turn and there is no previous summary", () => {
    const result = compact([], undefined, prefix);
    expect(result.text.startsWith(NO_PRIOR_HISTORY + SPLIT_TURN_SEPARATOR)).toBe(true);
    expect(result.sections).toEqual([]);
  });

  it("carries the previous summary unchanged instead of losing it (pi 1.x), unless asked to drop it (pi 0.73)", () => {
    const previous = compact(spanA);
    const carried = compact([], previous.text, prefix);
    const previousHistory = previous.text.slice(0, previous.text.indexOf("\n\n<read-files>"));
    expect(carried.text.startsWith(previousHistory + SPLIT_TURN_SEPARATOR)).toBe(true);
    const dropped = compileCompactionSummary({
      messagesToSummarize: [],
      turnPrefixMessages: prefix,
      isSplitTurn: true,
      previousSummary: previous.text,
      messageIndex: index,
      profile: "0.73",
      dropPreviousOnEmptyHistory: true,
    });
    expect(dropped.text.startsWith(NO_PRIOR_HISTORY + SPLIT_TURN_SEPARATOR)).toBe(true);
  });

  it("is no split when the turn prefix is empty", () => {
    const result = compileCompactionSummary({ messagesToSummarize: spanB, turnPrefixMessages: [], isSplitTurn: true, messageIndex: index });
    expect(result.text).not.toContain(SPLIT_TURN_SEPARATOR);
  });
});
