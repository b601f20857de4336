// One app measurement in a fresh process (bench/sections/app.mjs):
//   node [the bin's V8 flags] app-worker.mjs MODE FILE DIST_ROOT
// MODE "first-frame": runs the bundled bin users run (DIST_ROOT/bin/main.js FILE) in this process, on
//                      a fake 120x40 terminal; prints the time from process start until the first
//                      frame holding the tree was written, split by the launcher's performance marks,
//                      and for a first look when the exact tree took over and the longest the main
//                      thread was held until then.
// MODE "cli-load":    the same bin runs `tree FILE --json`; prints the time from process start until
//                      the session is read, parsed and indexed (the engine's load as the CLI meets it).
// Both also print the main thread's CPU time until then (cpuMs; Linux), which a busy machine bends less.
// MODE "engine-load": the engine's load time in a fresh process: read + parse + tree (after import).
// MODE "keys":        per-key-press cost of the tree (reducer + visible window), via benchTreeKeys.
import { readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const [mode, file, distRoot] = process.argv.slice(2);
// As the launcher does: React's production build.
process.env.NODE_ENV ??= "production";
const load = (rel) => import(pathToFileURL(join(distRoot, rel)).href);
/**
 * The main thread's time on a CPU so far, in ms (Linux: /proc/thread-self/schedstat), else undefined.
 * Unlike the wall clock it leaves out the time other processes held the CPU (a busy machine).
 */
function mainThreadCpuMs() {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]) / 1e6;
  } catch {
    return undefined;
  }
}

if (mode === "engine-load") {
  const E = await load("src/engine/index.js");
  const t = performance.now();
  const { loaded } = E.readSessionFile(file, "1.6");
  E.buildTree(loaded);
  console.log(JSON.stringify({ ms: performance.now() - t, entries: loaded.entries.length }));
} else if (mode === "cli-load") {
  await cliLoadOfTheBin();
} else if (mode === "first-frame") {
  await firstFrameOfTheBin();
} else {
  const E = await load("src/engine/index.js");
  const benchTreeKeys = await (await import("./tree-keys.mjs")).loadBenchTreeKeys(distRoot);
  const tree = E.buildTree(E.readSessionFile(file, "1.6").loaded);
  console.log(JSON.stringify(benchTreeKeys(tree, { samples: 500 })));
}
process.exit(0);

async function firstFrameOfTheBin() {
  // performance.now() counts from process start, so node's own start-up is included.
  const started = performance.now();
  const bin = join(distRoot, "bin", "main.js");
  // A terminal as Ink sees one; Ink in CI mode would hold every frame back until exit.
  delete process.env.CI;
  Object.assign(process.stdout, { isTTY: true, columns: 120, rows: 40 });
  // A keyboard that never types and never closes: the app keeps running until the exact tree is in.
  const keyboard = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => keyboard, ref: () => keyboard, unref: () => keyboard });
  Object.defineProperty(process, "stdin", { value: keyboard, configurable: true });
  let first;
  const report = (extra = {}) => {
    writeSync(1, `${JSON.stringify({ ...first, ...extra })}\n`);
    process.exit(0);
  };
  // After the first frame of a first look: the longest the main thread is held (what a key press
  // may wait) until the exact tree takes over.
  const blocked = monitorEventLoopDelay({ resolution: 1 });
  process.stdout.write = (chunk) => {
    if (first === undefined && String(chunk).includes("Session Tree")) {
      const frameAt = performance.now();
      first = { ms: frameAt, cpuMs: mainThreadCpuMs(), steps: stepsOf(started, frameAt) };
      const opened = performance.getEntriesByName("pi-explorer:session-opened")[0];
      if (opened?.detail?.firstLook !== true) report();
      blocked.enable();
    }
    return true;
  };
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    const entry = mark(name, options);
    if (name === "pi-explorer:exact-tree" && first !== undefined) {
      blocked.disable();
      report({ exactAt: performance.now(), longestBlockMs: blocked.max / 1e6 });
    }
    return entry;
  };
  process.argv = [process.argv[0], bin, file];
  await import(pathToFileURL(bin).href);
  if (first === undefined) throw new Error(`${bin} ended without writing a frame with the tree (exit code ${process.exitCode})`);
}

/**
 * The engine's load as a command-line user meets it: the bundled bin runs `tree FILE --json` and the
 * time is taken when the session is read, parsed and indexed (its performance mark), from process
 * start, like the first frame; nothing is printed.
 */
async function cliLoadOfTheBin() {
  const bin = join(distRoot, "bin", "main.js");
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    if (name === "pi-explorer:session-opened") {
      writeSync(1, `${JSON.stringify({ ms: performance.now(), cpuMs: mainThreadCpuMs() })}\n`);
      process.exit(0);
    }
    return mark(name, options);
  };
  process.argv = [process.argv[0], bin, "tree", file, "--json"];
  await import(pathToFileURL(bin).href);
  throw new Error(`${bin} ended without opening ${file} (exit code ${process.exitCode})`);
}

/**
 * The first frame's critical path, from the launcher's performance marks (src/cli/open-session.ts,
 * launch-app.tsx): the file is read off the main thread while the UI is imported, then the session
 * is opened, then the tree is drawn.
 */
function stepsOf(started, frameAt) {
  const mark = (name) => {
    const entry = performance.getEntriesByName(`pi-explorer:${name}`)[0];
    if (entry === undefined) throw new Error(`the bin set no performance mark pi-explorer:${name}`);
    return entry.startTime;
  };
  const readAndImported = Math.max(mark("file-read"), mark("ui-imported"));
  const opened = mark("session-opened");
  return {
    "node start": started,
    "CLI + UI import, file read alongside": readAndImported - started,
    "first look + index": opened - readAndImported,
    "tree model + render": frameAt - opened,
  };
}
