// One app measurement in a fresh process (bench/sections/app.mjs):
//   node app-worker.mjs MODE FILE DIST_ROOT
// MODE "first-frame": read + index the file and render the tree screen into a fake 120x40 terminal;
//                      prints {ms} until the first frame holding the tree was written.
// MODE "baseline":    readFileSync + JSON.parse of every line (the floor any reader pays); prints {ms}.
// MODE "keys":        per-key-press cost of the tree (reducer + visible window), via benchTreeKeys.
import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const [mode, file, distRoot] = process.argv.slice(2);
// As the launcher does: React's production build.
process.env.NODE_ENV ??= "production";
const load = (rel) => import(pathToFileURL(join(distRoot, rel)).href);

if (mode === "baseline") {
  const t = performance.now();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      JSON.parse(line);
    } catch {
      // a damaged line costs the same to find
    }
  }
  console.log(JSON.stringify({ ms: performance.now() - t }));
} else if (mode === "first-frame") {
  const t = performance.now();
  const E = await load("src/engine/index.js");
  const { App } = await load("components/app/App.js");
  const { createElement } = await import("react");
  const { render } = await import("ink");
  const { loaded } = E.readSessionFile(file, "1.6");
  const tree = E.buildTree(loaded);
  const stdout = Object.assign(new EventEmitter(), { columns: 120, rows: 40, isTTY: true, write: () => true });
  const stdin = Object.assign(new EventEmitter(), { isTTY: false, setEncoding() {}, setRawMode() {}, resume() {}, pause() {}, ref() {}, unref() {}, read: () => null });
  let ms;
  stdout.write = (frame) => {
    if (ms === undefined && frame.includes("Session Tree")) ms = performance.now() - t;
    return true;
  };
  const env = { cwd: "/", home: "/home/user", env: {}, profile: "1.6" };
  const app = render(createElement(App, { env, initial: { kind: "tree", path: file, fromPicker: false }, initialTree: tree, interactive: false }), {
    stdout, stdin, stderr: stdout, debug: true, exitOnCtrlC: false, patchConsole: false,
  });
  app.unmount();
  console.log(JSON.stringify({ ms, entries: loaded.entries.length }));
} else {
  const E = await load("src/engine/index.js");
  const { benchTreeKeys } = await load("components/tree/bench-hook.js");
  const tree = E.buildTree(E.readSessionFile(file, "1.6").loaded);
  console.log(JSON.stringify(benchTreeKeys(tree, { samples: 500 })));
}
process.exit(0);
