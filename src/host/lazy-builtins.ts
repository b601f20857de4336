// Node built-ins that only some runs use, loaded on first use instead of with the bundle: an ESM
// import of node:child_process costs every start-up some 2-4 ms (bench section "cli-deep"), and
// `compact FILE` or the explorer's first frame never start a process. require() of a built-in is
// synchronous and cached, so callers stay synchronous. node:util is here for another reason: its
// ESM facade reads every export, which loads the modules behind its lazy ones (util.diff, the text
// codecs: some 1.5 ms of every command) where require() hands over the module Node already holds.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

type ChildProcessModule = typeof import("node:child_process");
type ReadlineModule = typeof import("node:readline");
type UtilModule = typeof import("node:util");
type CryptoModule = typeof import("node:crypto");

/** node:child_process (finding and running the user's pi). */
export const childProcess = (): ChildProcessModule => require("node:child_process") as ChildProcessModule;

/** node:readline (the bridge's JSON lines, a commit's yes/no question). */
export const readline = (): ReadlineModule => require("node:readline") as ReadlineModule;

/** node:crypto (a commit's random ids, the preparation check's digests): some 2.5 ms to load. */
export const crypto = (): CryptoModule => require("node:crypto") as CryptoModule;

/** node:util (the command line's parseArgs). */
export const util = (): UtilModule => require("node:util") as UtilModule;
