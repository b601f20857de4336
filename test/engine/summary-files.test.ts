// pi's cumulative file lists (pi-engine.md §10): what a compiled summary stores in `details` and
// appends as <read-files>/<modified-files>, checked by hand and against pi's own answers.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AgentMessage, SessionEntry } from "../../src/engine/index.js";
import {
  buildGlobalMessageIndex,
  compileCompactionSummary,
  computeCompactionFileLists,
  fileListsBlock,
  stripFileOperationsBlock,
} from "../../src/engine/summary/index.js";

const formatFileOperations = fileListsBlock;
import { describeWithShared, sharedPath } from "../support/shared.js";
import { parseSession, toSourceMessages } from "./summary-support.js";

const call = (name: string, path: string): AgentMessage => ({
  role: "assistant",
  content: [{ type: "toolCall", id: `${name}-${path}`, name, arguments: { path } }],
});

describe("file lists", () => {
  it("formats pi's block: read first, each list optional, nothing when both are empty", () => {
    expect(formatFileOperations({ readFiles: [], modifiedFiles: [] })).toBe("");
    expect(formatFileOperations({ readFiles: ["a"], modifiedFiles: [] })).toBe("\n\n<read-files>\na\n</read-files>");
    expect(formatFileOperations({ readFiles: ["a", "b"], modifiedFiles: ["c"] })).toBe(
      "\n\n<read-files>\na\nb\n</read-files>\n\n<modified-files>\nc\n</modified-files>",
    );
  });

  it("strips exactly that block from a stored summary", () => {
    const block = formatFileOperations({ readFiles: ["a"], modifiedFiles: ["c"] });
    expect(stripFileOperationsBlock(`Body\ntext${block}`)).toBe("Body\ntext");
    expect(stripFileOperationsBlock("Body <read-files> mention")).toBe("Body <read-files> mention");
  });

  it("carries the previous details and adds the span's read/write/edit calls (exact names, verbatim paths)", () => {
    const lists = computeCompactionFileLists({ readFiles: ["old/r.ts", "z.ts"], modifiedFiles: ["old/m.ts"] }, [
      { message: call("read", "b.ts"), sourceId: "1" },
      { message: call("write", "new/w.ts"), sourceId: "2" },
      { message: call("read", "old/m.ts"), sourceId: "3" },
      { message: call("Read", "ignored.ts"), sourceId: "4" },
      { message: call("edit", "./z.ts"), sourceId: "5" },
      { message: call("edit", "Z.ts"), sourceId: "6" },
    ]);
    expect(lists).toEqual({ readFiles: ["b.ts", "old/r.ts", "z.ts"], modifiedFiles: ["./z.ts", "Z.ts", "new/w.ts", "old/m.ts"] });
  });

  it("counts 1.x nested codemode calls on tool results, but not for 0.73", () => {
    const result: AgentMessage = { role: "toolResult", toolCallId: "x", nestedCalls: { calls: [{ name: "edit", arguments: { path: "n.ts" } }] } };
    const messages = [{ message: result, sourceId: "r" }];
    expect(computeCompactionFileLists(undefined, messages, "1.6").modifiedFiles).toEqual(["n.ts"]);
    expect(computeCompactionFileLists(undefined, messages, "0.73").modifiedFiles).toEqual([]);
  });

  it("a compiled compaction stores and appends the carried lists", () => {
    const result = compileCompactionSummary({
      messagesToSummarize: [{ message: call("read", "b.ts"), sourceId: "m" }],
      turnPrefixMessages: [{ message: call("edit", "p.ts"), sourceId: "p" }],
      isSplitTurn: true,
      previousDetails: { readFiles: ["old.ts"], modifiedFiles: [] },
      messageIndex: new Map([["m", 0], ["p", 1]]),
    });
    expect(result.details).toEqual({ readFiles: ["b.ts", "old.ts"], modifiedFiles: ["p.ts"] });
    expect(result.text.endsWith("<read-files>\nb.ts\nold.ts\n</read-files>\n\n<modified-files>\np.ts\n</modified-files>")).toBe(true);
  });
});

interface OraclePlan {
  messagesToSummarize?: string[];
  turnPrefixMessages?: string[];
  isSplitTurn?: boolean;
  fileOps?: { readFiles: string[]; modifiedFiles: string[] };
}

describeWithShared("file lists agree with pi's prepareCompaction (oracle)", () => {
  const dir = sharedPath("oracle", "expected");
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  let checked = 0;
  it.each(files)("%s", (file) => {
    const expected = JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as {
      file: string;
      activePathIds?: string[];
      compaction?: Record<string, OraclePlan | string>;
    };
    if (!expected.compaction || !expected.activePathIds) return;
    const { entries } = parseSession(readFileSync(sharedPath(expected.file), "utf8"));
    const byId = new Map<string, SessionEntry>(entries.map((e) => [e.id, e]));
    const messageIndex = buildGlobalMessageIndex(entries);
    const profile = file.endsWith(".073.json") ? "0.73" : "1.6";
    for (const [keep, plan] of Object.entries(expected.compaction)) {
      if (keep === "default" || typeof plan !== "object" || !plan.fileOps) continue;
      const pick = (ids: string[] = []) =>
        toSourceMessages(ids.map((id) => byId.get(id)).filter((e): e is SessionEntry => e?.type === "message"));
      // The previous compaction is the newest one on the active path.
      const previous = [...expected.activePathIds].reverse().map((id) => byId.get(id)).find((e) => e?.type === "compaction");
      const prevDetails = previous && previous.fromHook !== true ? previous.details : undefined;
      const result = compileCompactionSummary({
        messagesToSummarize: pick(plan.messagesToSummarize),
        turnPrefixMessages: pick(plan.turnPrefixMessages),
        isSplitTurn: plan.isSplitTurn === true,
        previousSummary: typeof previous?.summary === "string" ? previous.summary : undefined,
        previousDetails: prevDetails,
        messageIndex,
        profile,
      });
      expect(result.details, `${file} keep ${keep}`).toEqual(plan.fileOps);
      expect(result.text.endsWith(formatFileOperations(plan.fileOps))).toBe(true);
      checked++;
    }
  });
  it("compared a plan of every kind", () => {
    expect(checked).toBeGreaterThan(60);
  });
});

describe("the summary's own file list", () => {
  it("names a file once however its path is spelled (./a, a, x/../a, <cwd>/a), and keeps pi's lists verbatim", async () => {
    const { collectFileGroups } = await import("../../src/engine/summary/sections/files.js");
    const block = (name: string, path: string) => ({ kind: "tool_call" as const, name, args: { path } });
    const groups = collectFileGroups(
      [block("edit", "./tidewatch/units.py"), block("edit", "tidewatch/units.py"), block("write", "/home/dev/tidewatch/tidewatch/./units.py"), block("read", "docs/../tidewatch/units.py"), block("read", "../other/x.py")] as never,
      { readFiles: ["./README.md", "README.md"], modifiedFiles: ["tidewatch//units.py"] },
      "/home/dev/tidewatch",
    );
    expect(groups.Modified).toEqual(["tidewatch/units.py"]);
    expect(groups.Read).toEqual(["../other/x.py", "README.md"]);
    // pi's own <modified-files> list is what pi would write: not ours to change.
    const lists = computeCompactionFileLists(undefined, [
      { message: call("edit", "./tidewatch/units.py"), sourceId: "1" },
      { message: call("edit", "tidewatch/units.py"), sourceId: "2" },
    ]);
    expect(lists.modifiedFiles).toEqual(["./tidewatch/units.py", "tidewatch/units.py"]);
  });
});
