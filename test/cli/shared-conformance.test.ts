// On every input of ../shared/oracle/expected, the CLI's --json answers carry pi's own values under
// the oracle's field names: context, compaction (smallest keepRecentTokens run) and branch summary.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithShared, hasShared, sharedPath } from "../support/shared.js";
import { isolatedPi, type IsolatedPi } from "./isolated-env.js";
import { runInProcess } from "./run-in-process.js";

const EXPECTED = sharedPath("oracle", "expected");
const expectedFiles = hasShared ? readdirSync(EXPECTED).filter((n) => /\.(16|073)\.json$/.test(n)) : [];

let pi: IsolatedPi;
beforeAll(() => {
  pi = isolatedPi();
});
afterAll(() => pi?.cleanup());

// Parsed CLI output is free-form JSON, read field by field below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function json(args: string[]): Promise<Record<string, any>> {
  const run = await runInProcess([...args, "--json"], { env: pi.env, cwd: pi.project, home: pi.root });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describeWithShared("CLI --json matches pi on ../shared inputs", () => {
  for (const name of expectedFiles) {
    it(name, async () => {
      const exp = JSON.parse(readFileSync(join(EXPECTED, name), "utf8"));
      const file = sharedPath(exp.file);
      const profile = name.endsWith(".16.json") ? "1.6" : "0.73";
      if (exp.openError) {
        const run = await runInProcess(["context", file, "--pi", profile], { env: pi.env, cwd: pi.project, home: pi.root });
        expect(run.status).toBe(3);
        return;
      }
      const context = await json(["context", file, "--pi", profile]);
      expect(context.leafId).toEqual(exp.leafId);
      expect(context.activePathIds).toEqual(exp.activePathIds);
      expect(context.context).toEqual(exp.context);

      const keep = Object.keys(exp.compaction).filter((k) => k !== "default").map(Number).sort((a, b) => a - b)[0];
      const compact = await json(["compact", file, "--pi", profile, "--keep-recent", String(keep)]);
      expect(compact).toMatchObject(exp.compaction[String(keep)]);

      const bs = exp.branchSummary;
      if (bs.targetId && !bs.error && !bs.skipped) {
        const branch = await json(["branch", file, "--pi", profile, "--target", bs.targetId]);
        const { targetChoice: _choice, ...rest } = bs;
        expect(branch).toMatchObject(rest);
      }
    });
  }
});
