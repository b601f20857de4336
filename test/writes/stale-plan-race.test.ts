// The stale plan, made deterministic: the CLI holds right after it has read the session (a test
// seam, PI_EXPLORER_TEST_HOLD_AFTER_READ), pi's own SessionManager appends a turn in another process,
// then the CLI goes on. The commit must be refused (exit 4) and leave pi's turn as the file's end:
// before the fix, compact and branch planned on a first read and checked a second one, so their
// entry hung off the old leaf and pi's latest exchange dropped off the active path.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { ensureBuilt } from "../cli/run-built-cli.js";
import { describeWithPi16, linesOf, piAppend, piWrittenSession, runCliAsync, waitForFile } from "../support/pi-session.js";
import { targetsOf } from "./write-support.js";

beforeAll(() => ensureBuilt());

type Commit = (file: string) => string[];
const COMMITS: [string, Commit][] = [
  ["compact --commit", (file) => ["compact", file, "--keep-recent", "500", "--commit", "--yes"]],
  ["branch --summarize --commit", (file) => ["branch", file, "--target", targetsOf(file).offPath, "--summarize", "--commit", "--yes"]],
  ["label", (file) => ["label", file, targetsOf(file).onPath, "checked", "--yes"]],
];

describeWithPi16("a commit planned on a read that pi has appended to since", () => {
  for (const [name, argsFor] of COMMITS) {
    it(`${name}: refused with exit 4, pi's turn stays the file's end`, async () => {
      const file = piWrittenSession(`stale-${name}`);
      const args = argsFor(file);
      const hold = `${file}.hold`;
      writeFileSync(hold, "");
      const run = runCliAsync(args, { PI_EXPLORER_TEST_HOLD_AFTER_READ: hold });
      await waitForFile(`${hold}.ready`);
      const piIds = piAppend(file, 1);
      const afterPi = readFileSync(file);
      rmSync(hold);
      const result = await run;
      expect(result.stderr).toMatch(/the file changed since it was read \(size \d+ -> \d+ bytes\); read it again; nothing was written/);
      expect(result.code).toBe(4);
      expect(readFileSync(file).equals(afterPi)).toBe(true);
      expect(linesOf(file).at(-1)!.id).toBe(piIds.at(-1));
    });

    it(`${name}: without pi appending, the same run writes on the leaf it planned on`, async () => {
      const file = piWrittenSession(`fresh-${name}`);
      const args = argsFor(file);
      const { leafId } = targetsOf(file);
      const hold = `${file}.hold`;
      writeFileSync(hold, "");
      const run = runCliAsync(args, { PI_EXPLORER_TEST_HOLD_AFTER_READ: hold });
      await waitForFile(`${hold}.ready`);
      rmSync(hold);
      const result = await run;
      expect(result.code, result.stderr).toBe(0);
      const written = linesOf(file).at(-1)!;
      // A label and a compaction hang off pi's leaf; a branch summary records it as fromId.
      expect(written.type === "branch_summary" ? written.fromId : written.parentId).toBe(leafId);
      expect(existsSync(`${file}.lock`)).toBe(false);
    });
  }
});
