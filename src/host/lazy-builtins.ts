// Node built-ins that only some runs use, loaded on first use instead of with the bundle: an ESM
// import of node:child_process costs every start-up some 2-4 ms (bench section "cli-deep"), and
// `compact FILE` or the explorer's first frame never start a process. require() of a built-in is
// synchronous and cached, so callers stay synchronous.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

type ChildProcessModule = typeof import("node:child_process");
type ReadlineModule = typeof import("node:readline");

/** node:child_process (finding and running the user's pi). */
export const childProcess = (): ChildProcessModule => require("node:child_process") as ChildProcessModule;

/** node:readline (the bridge's JSON lines, a commit's yes/no question). */
export const readline = (): ReadlineModule => require("node:readline") as ReadlineModule;
