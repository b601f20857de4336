// Every temporary file of a test run goes under one folder of its own, removed when the run
// ends: tests (and the processes they start: pi, the built app, tmux's shells) make their folders
// with os.tmpdir(), which reads TMPDIR, and the test processes are started after this runs, with
// this environment. Without it each run left a few hundred folders in the system's /tmp.
// PI_EXPLORER_KEEP_TEST_TMP=1 keeps the folder (its path is printed) to look into a failure.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const system = tmpdir();
  const root = mkdtempSync(join(system, "pi-explorer-test-run-"));
  // As open as the system's own (tests run the CLI as another user, who must reach their files).
  chmodSync(root, 0o1777);
  // The oracle's pi installs stay where ../shared/oracle/install.sh put them: <system tmpdir>/pi-oracle.
  process.env.PI_ORACLE_DIR ??= join(system, "pi-oracle");
  for (const name of ["TMPDIR", "TMP", "TEMP"]) process.env[name] = root;
  return () => {
    if (process.env.PI_EXPLORER_KEEP_TEST_TMP === "1") console.log(`test files kept in ${root}`);
    else rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
