// One app measurement in a fresh process (bench/sections/app.mjs):
//   node [the bin's V8 flags] app-worker.mjs MODE FILE DIST_ROOT
// MODE "first-frame": what `pi-explorer FILE` does, in the launcher's order (read + index the file,
//                      import Ink, React and the views, render the tree screen into a fake 120x40
//                      terminal); prints the time from process start until the first frame holding
//                      the tree was written, and where it went.
// MODE "engine-load": the engine's load time in a fresh process: read + parse + tree (after import).
// MODE "keys":        per-key-press cost of the tree (reducer + visible window), via benchTreeKeys.
import { EventEmitter } from "node:events";
import { join } from "node:path";
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
  // performance.now() counts from process start, so node's own start-up is included.
  const started = performance.now();
  const E = await load("src/engine/index.js");
  const readAt = performance.now();
  const { loaded } = E.readSessionFile(file, "1.6");
  const tree = E.buildTree(loaded);
  const loadedAt = performance.now();
  const [{ App }, { createElement }, { render }] = await Promise.all([load("components/app/App.js"), import("react"), import("ink")]);
  const importedAt = performance.now();
  const stdout = Object.assign(new EventEmitter(), { columns: 120, rows: 40, isTTY: true, write: () => true });
  const stdin = Object.assign(new EventEmitter(), { isTTY: false, setEncoding() {}, setRawMode() {}, resume() {}, pause() {}, ref() {}, unref() {}, read: () => null });
  let frameAt;
  stdout.write = (frame) => {
    if (frameAt === undefined && frame.includes("Session Tree")) frameAt = performance.now();
    return true;
  };
  const env = { cwd: "/", home: "/home/user", env: {}, profile: "1.6" };
  const app = render(createElement(App, { env, initial: { kind: "tree", path: file, fromPicker: false }, initialTree: tree, interactive: false }), {
    stdout, stdin, stderr: stdout, debug: true, exitOnCtrlC: false, patchConsole: false,
  });
  app.unmount();
  if (frameAt === undefined) throw new Error("no frame with the tree was written");
  console.log(JSON.stringify({
    ms: frameAt,
    steps: { "node start": started, "engine import": readAt - started, "read+tree": loadedAt - readAt, "UI import": importedAt - loadedAt, render: frameAt - importedAt },
    entries: loaded.entries.length,
  }));
} else {
  const E = await load("src/engine/index.js");
  const { benchTreeKeys } = await load("components/tree/bench-hook.js");
  const tree = E.buildTree(E.readSessionFile(file, "1.6").loaded);
  console.log(JSON.stringify(benchTreeKeys(tree, { samples: 500 })));
}
process.exit(0);
