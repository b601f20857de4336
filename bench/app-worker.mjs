// One app measurement in a fresh process (bench/sections/app.mjs):
//   node [the bin's V8 flags] app-worker.mjs MODE FILE DIST_ROOT
// MODE "first-frame": runs the bundled bin users run (DIST_ROOT/bin/main.js FILE) in this process, on
//                      a fake 120x40 terminal; prints the time from process start until the first
//                      frame holding the tree was written, and where it went (seen from outside the
//                      bin: when it opens and closes FILE, and when it enters the alternate screen,
//                      which the launcher does once Ink, React and the views are imported).
// MODE "engine-load": the engine's load time in a fresh process: read + parse + tree (after import).
// MODE "keys":        per-key-press cost of the tree (reducer + visible window), via benchTreeKeys.
import fs, { writeSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const [mode, file, distRoot] = process.argv.slice(2);
// As the launcher does: React's production build.
process.env.NODE_ENV ??= "production";
const load = (rel) => import(pathToFileURL(join(distRoot, rel)).href);

if (mode === "engine-load") {
  const E = await load("src/engine/index.js");
  const t = performance.now();
  const { loaded } = E.readSessionFile(file, "1.6");
  E.buildTree(loaded);
  console.log(JSON.stringify({ ms: performance.now() - t, entries: loaded.entries.length }));
} else if (mode === "first-frame") {
  await firstFrameOfTheBin();
} else {
  const E = await load("src/engine/index.js");
  const { benchTreeKeys } = await load("components/tree/bench-hook.js");
  const tree = E.buildTree(E.readSessionFile(file, "1.6").loaded);
  console.log(JSON.stringify(benchTreeKeys(tree, { samples: 500 })));
}
process.exit(0);

async function firstFrameOfTheBin() {
  // performance.now() counts from process start, so node's own start-up is included.
  const started = performance.now();
  const bin = join(distRoot, "bin", "main.js");
  const target = resolve(file);
  const at = {};
  let sessionFd;
  // The bundle imports fs functions by name; syncBuiltinESMExports hands it these wrappers.
  const { openSync, closeSync } = fs;
  fs.openSync = (path, ...rest) => {
    const fd = openSync(path, ...rest);
    if (sessionFd === undefined && typeof path === "string" && resolve(path) === target) {
      sessionFd = fd;
      at.opened = performance.now();
    }
    return fd;
  };
  fs.closeSync = (fd) => {
    if (fd === sessionFd && at.closed === undefined) at.closed = performance.now();
    return closeSync(fd);
  };
  syncBuiltinESMExports();
  // A terminal as Ink sees one; Ink in CI mode would hold every frame back until exit.
  delete process.env.CI;
  Object.assign(process.stdout, { isTTY: true, columns: 120, rows: 40 });
  Object.assign(process.stdin, { isTTY: true, setRawMode: () => process.stdin });
  process.stdout.write = (chunk) => {
    const text = String(chunk);
    if (at.altScreen === undefined && text.includes("\x1b[?1049h")) at.altScreen = performance.now();
    if (text.includes("Session Tree")) {
      const frameAt = performance.now();
      const steps = {
        "node start": started,
        "CLI+engine import": at.opened - started,
        read: at.closed - at.opened,
        "tree+UI import": at.altScreen - at.closed,
        render: frameAt - at.altScreen,
      };
      writeSync(1, `${JSON.stringify({ ms: frameAt, steps })}\n`);
      process.exit(0);
    }
    return true;
  };
  process.argv = [process.argv[0], bin, file];
  await import(pathToFileURL(bin).href);
  throw new Error(`${bin} ended without writing a frame with the tree (exit code ${process.exitCode})`);
}
