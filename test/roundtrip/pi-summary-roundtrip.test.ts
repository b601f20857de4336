// The entry a pi summary commit writes, read back by pi's own code (../shared/oracle): pi's leaf is the
// new entry, its context is what the preview promised for "after", and the summary is the fake model's.
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
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
import { startFakeProvider, type FakeProvider } from "../support/fake-provider.js";
import { fakeModelsJson, hasPi16, makePiInstall, type PiTestInstall } from "../support/pi-install.js";
import { sharedPath } from "../support/shared.js";
import { describeWithOracle, runOracle, type OracleContextMessage } from "./run-oracle.js";

const rows = (messages: readonly OracleContextMessage[]) => messages.map(({ role, id, tokens }) => ({ role, id, tokens }));
const ourRows = (context: SessionContext) => context.messages.map((m) => ({ role: m.message.role, id: m.sourceId, tokens: estimateTokens(m.message, "1.6") }));
const ids = (entries: readonly SessionEntry[]) => entries.map((e) => e.id);

function copyOf(name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "pi-explorer-pi-roundtrip-")), "session.jsonl");
  copyFileSync(sharedPath("corpus", "pi-written", name), file);
  return file;
}

describeWithOracle("1.6", "a pi summary commit, as pi 1.6 reads it back", () => {
  let fake: FakeProvider;
  let install: PiTestInstall;
  beforeAll(async () => {
    fake = await startFakeProvider();
    install = makePiInstall("1.6", fakeModelsJson(fake));
  });
  afterAll(async () => {
    await fake.close();
    install.cleanup();
  });
  const run = (args: string[]) => runInProcess(args, { env: install.env, cwd: install.root, home: install.home });

  it.skipIf(!hasPi16)("compaction (split turn): leaf, path and context are the preview's after", { timeout: 60_000 }, async () => {
    fake.reply({ kind: "text", text: "## Goal\nThe fake model's compaction summary." });
    const file = copyOf("v073-bare-s617.jsonl");
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
    fake.reply({ kind: "text", text: "The fake model's branch summary." });
    const file = copyOf("v16-branchy-s108.jsonl");
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
