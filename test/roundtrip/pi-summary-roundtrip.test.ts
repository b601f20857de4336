// The entry a pi summary commit writes, read back by pi's own code (../shared/oracle): pi's leaf is the
// new entry, its context is what the preview promised for "after", and the summary is the fake model's.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import {
  analyzeCompaction,
  buildContextFromPath,
  buildTree,
  contextAfterCompaction,
  estimateTokens,
  getBranch,
  readSessionFile,
  stripFileOperationsBlock,
  type SessionContext,
  type SessionEntry,
} from "../../src/engine/index.js";
import { runInProcess } from "../cli/run-in-process.js";
import { corpusCopy, useFakePi } from "../support/fake-pi.js";
import { hasPi16 } from "../support/pi-install.js";
import { describeWithOracle, runOracle, type OracleContextMessage } from "./run-oracle.js";

const rows = (messages: readonly OracleContextMessage[]) => messages.map(({ role, id, tokens }) => ({ role, id, tokens }));
const ourRows = (context: SessionContext) => context.messages.map((m) => ({ role: m.message.role, id: m.sourceId, tokens: estimateTokens(m.message, "1.6") }));
const ids = (entries: readonly SessionEntry[]) => entries.map((e) => e.id);


describeWithOracle("1.6", "a pi summary commit, as pi 1.6 reads it back", () => {
  const env = useFakePi("1.6");
  const run = (args: string[]) => runInProcess(args, { env: env.install().env, cwd: env.install().root, home: env.install().home });

  it.skipIf(!hasPi16)("compaction (split turn): leaf, path and context are the preview's after", { timeout: 60_000 }, async () => {
    env.fake().reply({ kind: "text", text: "## Goal\nThe fake model's compaction summary." });
    const file = corpusCopy("v073-bare-s617.jsonl");
    const tree = buildTree(readSessionFile(file, "1.6").loaded);
    const path = getBranch(tree);
    const preparation = analyzeCompaction(path, { enabled: true, keepRecentTokens: 4000, reserveTokens: 16384 }, "1.6").preparation!;
    expect(preparation.isSplitTurn).toBe(true);
    const result = await run(["compact", file, "--keep-recent", "4000", "--commit", "--summarizer", "pi", "--yes", "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const entry = JSON.parse(result.stdout).entry as SessionEntry & { summary: string };
    expect(entry.summary.startsWith("## Goal\nThe fake model's compaction summary.")).toBe(true);
    const after = contextAfterCompaction(path, preparation, "1.6", { compactionId: entry.id, summaryText: stripFileOperationsBlock(entry.summary), timestamp: entry.timestamp });
    const pi = await runOracle("1.6", file);
    expect(pi.leafId).toBe(entry.id);
    expect(pi.activePathIds).toEqual([...ids(path), entry.id]);
    expect(rows(pi.context.messages)).toEqual(after.messages);
  });

  it.skipIf(!hasPi16)("branch summary: pi's leaf is the summary, hanging where the preview said", { timeout: 60_000 }, async () => {
    env.fake().reply({ kind: "text", text: "The fake model's branch summary." });
    const file = corpusCopy("v16-branchy-s108.jsonl");
    const preview = JSON.parse((await run(["branch", file, "--target", "616b0db9", "--json"])).stdout);
    const result = await run(["branch", file, "--target", "616b0db9", "--summarize", "--commit", "--summarizer", "pi", "--yes", "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const entry = JSON.parse(result.stdout).entry as SessionEntry & { summary: string };
    expect(entry.parentId).toBe(preview.attach.newLeafId);
    expect(entry.summary).toContain("The fake model's branch summary.");
    const tree = buildTree(readSessionFile(file, "1.6").loaded);
    const path = getBranch(tree, entry.parentId);
    const pi = await runOracle("1.6", file);
    expect(pi.leafId).toBe(entry.id);
    expect(pi.activePathIds).toEqual([...ids(path), entry.id]);
    expect(rows(pi.context.messages)).toEqual(ourRows(buildContextFromPath([...path, tree.byId.get(entry.id)!], "1.6")));
    expect(readFileSync(file, "utf8").trimEnd().split("\n").at(-1)).toBe(JSON.stringify(entry));
  });
});
