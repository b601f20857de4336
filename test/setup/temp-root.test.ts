import { execFileSync } from "node:child_process";
import { basename } from "node:path";
import { tmpdir } from "node:os";
import { expect, test } from "vitest";

// A test run keeps its temporary files in one folder that it removes at the end (temp-root.ts).
test("the tests and the processes they start make their temporary files in the run's own folder", () => {
  expect(basename(tmpdir())).toMatch(/^pi-explorer-test-run-/);
  const child = execFileSync(process.execPath, ["-e", "process.stdout.write(require('node:os').tmpdir())"], { encoding: "utf8" });
  expect(child).toBe(tmpdir());
  // pi's oracle installs are looked for where they were installed, not in the run's folder.
  expect(process.env.PI_ORACLE_DIR).toBeTruthy();
  expect(process.env.PI_ORACLE_DIR!.startsWith(tmpdir())).toBe(false);
});
