// Proof that pi continues from what we write: commit on a copy of each corpus file, then load the
// copy with pi's own code (the oracle) and compare its leaf, path and context with our preview.
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { expect, it } from "vitest";
import {
  appendEntries,
  buildContextFromPath,
  buildFork,
  buildTree,
  contextAfterCompaction,
  estimateTokens,
  getBranch,
  labelCommit,
  planBranchCommit,
  planCompactionCommit,
  readSessionFile,
  sessionCwd,
  sessionFilePath,
  stripFileOperationsBlock,
  writeNewSessionFile,
  type PiProfile,
  type SessionContext,
  type SessionEntry,
} from "../../src/engine/index.js";
import { sharedPath } from "../support/shared.js";
import { describeWithOracle, runOracle, type OracleContextMessage } from "./run-oracle.js";

// Every corpus file, plus pi's fixtures with labels on the path and 1.6 system messages.
const FILES = [
  "corpus/dexter-v3/pi-session.jsonl",
  "corpus/gajae-code/03-raddit-dashboard-pr.jsonl",
  "corpus/kimchi-dev/session.jsonl",
  "corpus/obelisk/real-model-session.jsonl",
  "corpus/pi-messenger-artifact/873fc059_crew-planner_0.jsonl",
  "corpus/pi-mono/before-compaction.jsonl",
  "corpus/pi-mono/large-session.jsonl",
  "corpus/pi-written/v073-bare-s617.jsonl",
  "corpus/pi-written/v16-branchy-s108.jsonl",
  "corpus/pi-written/v16-compacting-s204.jsonl",
  "oracle/fixtures/branches-labels.jsonl",
  "oracle/fixtures/v16-compaction-checkpoint.jsonl",
  "oracle/fixtures/v16-system-usage-edits.jsonl",
  "oracle/fixtures/v16-retain-none.jsonl",
];
// The fixtures are small: keep less so that pi 1.6 has something to compact there too.
const settingsFor = (file: string) => ({ enabled: true, reserveTokens: 16384, keepRecentTokens: file.startsWith("oracle/") ? 300 : 2000 });
const clock = () => ({ nowMs: Date.now(), random: (n: number) => randomBytes(n) });
const lock = () => ({ pid: process.pid, isAlive: () => false, nowMs: Date.now() });

function copyOf(sharedFile: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "pi-explorer-roundtrip-")), basename(sharedFile));
  copyFileSync(sharedPath(sharedFile), file);
  return file;
}

const rows = (messages: readonly OracleContextMessage[]) => messages.map(({ role, id, tokens }) => ({ role, id, tokens }));
const ourRows = (context: SessionContext, profile: PiProfile) =>
  context.messages.map((m) => ({ role: m.message.role, id: m.sourceId, tokens: estimateTokens(m.message, profile) }));
const ids = (entries: readonly SessionEntry[]) => entries.map((e) => e.id);

function roundTrips(profile: PiProfile): void {
  const committed = { compaction: 0, branch: 0, fork: 0 };
  for (const corpusFile of FILES) {
    it(`${corpusFile}: compaction then label, as pi reads them back`, { timeout: 60_000 }, async () => {
      const file = copyOf(corpusFile);
      const original = readFileSync(file);
      const { loaded, snapshot } = readSessionFile(file, profile);
      if (loaded.invalid !== undefined || loaded.fileVersion < 3 || loaded.entries.length === 0) {
        if (loaded.fileVersion < 3) {
          expect(() => appendEntries({ snapshot, fileVersion: loaded.fileVersion, entries: [loaded.entries[0]!], lock: lock() })).toThrow(/fork it into a new v3 file/);
        }
        return;
      }
      const tree = buildTree(loaded);
      const plan = planCompactionCommit(tree, { profile, settings: settingsFor(corpusFile) }, clock());
      let expectedPath = ids(getBranch(tree));
      let expectedContext = ourRows(buildContextFromPath(getBranch(tree), profile), profile);
      let current = snapshot;
      if (plan.kind === "commit") {
        current = appendEntries({ snapshot, fileVersion: 3, entries: plan.pending.entries, lock: lock() }).snapshot;
        const after = contextAfterCompaction(plan.path, plan.preparation, profile, {
          compactionId: plan.entry.id,
          summaryText: stripFileOperationsBlock(plan.entry.summary),
          timestamp: plan.entry.timestamp,
        });
        expect(after.summary).toBe(plan.entry.summary);
        expectedPath = [...ids(plan.path), plan.entry.id];
        expectedContext = after.messages;
        committed.compaction++;
      }
      // A second commit on the re-read file: a label on the first entry of the path.
      const reread = readSessionFile(file, profile);
      expect(reread.snapshot).toEqual(current);
      const label = labelCommit(buildTree(reread.loaded), expectedPath[0]!, "round trip", clock());
      appendEntries({ snapshot: reread.snapshot, fileVersion: 3, entries: label.entries, lock: lock() });

      expect(readFileSync(file).subarray(0, original.length).equals(original)).toBe(true);
      const pi = await runOracle(profile, file);
      expect(pi.openError).toBeUndefined();
      expect(pi.leafId).toBe(label.newLeafId);
      expect(pi.activePathIds).toEqual([...expectedPath, label.newLeafId]);
      expect(rows(pi.context.messages)).toEqual(expectedContext);
    });

    it(`${corpusFile}: branch summary, as pi reads it back`, { timeout: 60_000 }, async () => {
      const file = copyOf(corpusFile);
      const { loaded, snapshot } = readSessionFile(file, profile);
      if (loaded.invalid !== undefined || loaded.fileVersion < 3) return;
      const tree = buildTree(loaded);
      const target = getBranch(tree).find((e) => e.type === "message" && (e.message as { role?: string }).role === "user");
      if (!target) return;
      const plan = planBranchCommit(tree, { profile, targetId: target.id, instructions: "keep the failing test in mind" }, clock());
      if (plan.kind === "none") return;
      expect(plan.entry.summary.startsWith("[Focus]\n- keep the failing test in mind\n\n")).toBe(true);
      appendEntries({ snapshot, fileVersion: 3, entries: plan.pending.entries, lock: lock() });
      committed.branch++;
      const pi = await runOracle(profile, file);
      expect(pi.leafId).toBe(plan.entry.id);
      expect(pi.activePathIds).toEqual([...ids(plan.path), plan.entry.id]);
      expect(rows(pi.context.messages)).toEqual(ourRows(buildContextFromPath([...plan.path, plan.entry], profile), profile));
    });

    it(`${corpusFile}: fork into a new file, as pi reads it`, { timeout: 60_000 }, async () => {
      const file = copyOf(corpusFile);
      const { loaded } = readSessionFile(file, profile);
      if (loaded.invalid !== undefined) return;
      const tree = buildTree(loaded);
      const path = getBranch(tree);
      if (path.length === 0) return;
      const env = { cwd: tmpdir(), home: homedir() };
      const fork = buildFork({
        profile,
        path,
        labels: tree.labels,
        parentSession: sessionFilePath(file, profile, env),
        cwd: sessionCwd(loaded.header, profile, env),
        ...clock(),
      });
      const forkFile = join(mkdtempSync(join(tmpdir(), "pi-explorer-fork-")), fork.fileName);
      writeNewSessionFile(forkFile, fork.header, fork.entries);
      committed.fork++;
      const ours = buildTree(readSessionFile(forkFile, profile).loaded);
      const pi = await runOracle(profile, forkFile);
      expect(pi.header).toMatchObject({ id: fork.header.id, version: 3 });
      expect(pi.leafId).toBe(fork.leafId);
      expect(pi.activePathIds).toEqual(ids(getBranch(ours)));
      expect(rows(pi.context.messages)).toEqual(ourRows(buildContextFromPath(getBranch(ours), profile), profile));
      if (profile === "1.6") expect(pi.activePathIds.length).toBe(fork.entries.length); // re-chained: one unbroken path
    });
  }
  it("committed on most of the corpus (the checks above did not all return early)", () => {
    console.info(`[roundtrip ${profile}] compactions ${committed.compaction}, branch summaries ${committed.branch}, forks ${committed.fork}`);
    expect(committed.compaction).toBeGreaterThanOrEqual(9);
    expect(committed.branch).toBeGreaterThanOrEqual(10);
    expect(committed.fork).toBeGreaterThanOrEqual(13);
  });
}

describeWithOracle("1.6", "round trip through pi 1.6", () => roundTrips("1.6"));
describeWithOracle("0.73", "round trip through pi 0.73", () => roundTrips("0.73"));
