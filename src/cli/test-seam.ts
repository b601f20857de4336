// The one test seam of the CLI: a pause right after a command has read its session file, so a race
// test can let pi append at exactly the worst moment (between the read a commit plans on and its
// append). Set only by tests: PI_EXPLORER_TEST_HOLD_AFTER_READ=PATH, where PATH exists; the command
// creates PATH.ready and waits (at most a minute) until the test removes PATH.
import { existsSync, writeFileSync } from "node:fs";

const HOLD_LIMIT_MS = 60_000;
const POLL_MS = 10;

export function holdAfterRead(env: Record<string, string | undefined>): void {
  const hold = env.PI_EXPLORER_TEST_HOLD_AFTER_READ;
  if (hold === undefined || hold === "" || !existsSync(hold)) return;
  writeFileSync(`${hold}.ready`, "");
  const cell = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; waited < HOLD_LIMIT_MS && existsSync(hold); waited += POLL_MS) Atomics.wait(cell, 0, 0, POLL_MS);
}
