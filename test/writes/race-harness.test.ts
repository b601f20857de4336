// The race harness: rounds of two pi-explorer writers of every kind (label, compact, branch, fork)
// started together on one file while pi's own SessionManager keeps appending turns to it from
// another process. After every round:
//   - each writer exited 0 (written) or 4 (refused: none of its bytes are in the file);
//   - every entry pi-explorer wrote directly follows the entry it was planned on (a label or a
//     compaction hangs off it, a branch summary records it as fromId): so no entry of ours ever
//     hangs off a stale leaf, and no two entries of ours (or ours and one before it) share a parent;
//   - every line is whole JSON and pi 1.6 opens the file (and every fork) with its own code.
// pi's appender re-opens the file for each turn, as pi does when it resumes a session.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { ensureBuilt } from "../cli/run-built-cli.js";
import { runOracle } from "../roundtrip/run-oracle.js";
import { describeWithPi16, linesOf, piAppendInBackground, piWrittenSession, runCliAsync, type CliResult } from "../support/pi-session.js";
import { targetsOf } from "./write-support.js";

const ROUNDS = 2;

beforeAll(() => ensureBuilt());

type Kind = "label" | "compact" | "branch" | "fork";
const argsFor = (kind: Kind, file: string, writer: number): string[] => {
  switch (kind) {
    case "label":
      return ["label", file, targetsOf(file).onPath, `writer ${writer}`, "--yes", "--json"];
    case "compact":
      return ["compact", file, "--keep-recent", "500", "--commit", "--yes", "--json"];
    case "branch":
      return ["branch", file, "--target", targetsOf(file).offPath, "--summarize", "--commit", "--yes", "--json"];
    case "fork":
      return ["fork", file, "--out", `${file}.fork-${writer}.jsonl`, "--yes", "--json"];
  }
};

async function round(kind: Kind, base: string, n: number): Promise<void> {
  const file = `${base}.${kind}-${n}.jsonl`;
  copyFileSync(base, file);
  const stop = `${file}.stop`;
  const pi = piAppendInBackground(file, stop, 1000, 20);
  // pi is chatting before the writers start.
  const size = readFileSync(file).length;
  for (let waited = 0; readFileSync(file).length === size && waited < 20_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  const writers: CliResult[] = await Promise.all([1, 2].map((w) => runCliAsync(argsFor(kind, file, w))));
  writeFileSync(stop, "");
  await pi;

  const lines = linesOf(file); // throws on a line that is not whole JSON
  const indexOf = new Map(lines.map((l, i) => [l.id, i]));
  for (const [w, run] of writers.entries()) {
    expect([0, 4], `${kind} writer ${w + 1}: ${run.stderr}`).toContain(run.code);
    if (run.code !== 0) {
      expect(JSON.parse(run.stdout)).toMatchObject({ error: { exitCode: 4 } });
      continue;
    }
    const doc = JSON.parse(run.stdout) as { written?: string[]; file: string };
    if (kind === "fork") {
      expect((await runOracle("1.6", doc.file)).openError).toBeUndefined();
      continue;
    }
    for (const id of doc.written!) {
      const at = indexOf.get(id)!;
      const entry = lines[at];
      const plannedOn = entry.type === "branch_summary" ? entry.fromId : entry.parentId;
      expect(plannedOn, `${kind} ${entry.type} ${id}`).toBe(lines[at - 1].id);
    }
  }
  // Both writers may succeed: a commit reads, plans and appends under the lock, so a writer that starts
  // after the other released it (a busy machine runs them one after the other) plans on the new leaf.
  // What must hold is the check above: each entry of ours follows the entry it was planned on.
  expect(existsSync(`${file}.lock`)).toBe(false);
  const view = await runOracle("1.6", file);
  expect(view.openError).toBeUndefined();
  expect(view.leafId).toBe(lines.at(-1)!.id);
}

describeWithPi16("two pi-explorer writers of every kind and pi appending, on one file", () => {
  for (const kind of ["label", "compact", "branch", "fork"] as const) {
    it(`${kind}: ${ROUNDS} rounds`, async () => {
      const base = piWrittenSession(`race-${kind}`);
      for (let n = 0; n < ROUNDS; n++) await round(kind, base, n);
    }, 120_000);
  }
});
