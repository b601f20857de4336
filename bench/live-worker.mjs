// One live-follow measurement in a fresh process (bench/sections/live.mjs):
//   node [the bin's V8 flags] live-worker.mjs MODE FILE DIST_ROOT APPENDS
// FILE is a private copy the worker may append to (never the generated input itself).
// MODE "frame": runs the bundled bin users run (DIST_ROOT/bin/main.js FILE) in this process on a fake
//               120x40 terminal; once the exact tree is in and the file is followed, appends one user
//               message at a time and takes the time from the append until the first frame that shows
//               it (fs.watch or the stat poll, the read of the appended bytes, the tree, the render).
// MODE "parse": the engine alone: the full open of FILE (readSessionFile + buildTree), then per append
//               of one entry the cost of the update (readFollowUpdate: the appended bytes read and
//               parsed, the entries extended), of indexing the extended session (buildTree), and of
//               the tree's cost figures on it (treeCost from the previous tree's sums, against the
//               whole-session usage report they were made from before).
import { appendFileSync, closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const [mode, file, distRoot, appendsText = "20"] = process.argv.slice(2);
const APPENDS = Number(appendsText);
process.env.NODE_ENV ??= "production";
const load = (rel) => import(pathToFileURL(join(distRoot, rel)).href);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The id of the file's last entry (pi's leaf), from its last line. */
function lastId() {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, 1 << 20);
    const buf = Buffer.alloc(length);
    readSync(fd, buf, 0, length, size - length);
    const lines = buf.toString("utf8").trimEnd().split("\n");
    return JSON.parse(lines.at(-1)).id;
  } finally {
    closeSync(fd);
  }
}

let parent = lastId();
/** Append one user message as pi would, after the current leaf; returns its text. */
function appendOne(i) {
  const id = `bench-live-${process.pid}-${i}`;
  const text = `bench live append ${i} of ${APPENDS}`;
  appendFileSync(file, `${JSON.stringify({ type: "message", id, parentId: parent, timestamp: new Date().toISOString(), message: { role: "user", content: text, timestamp: Date.now() } })}\n`);
  parent = id;
  return text;
}

if (mode === "parse") {
  const E = await load("src/engine/index.js");
  let t = performance.now();
  const { loaded, snapshot } = E.readSessionFile(file, "1.6");
  E.buildTree(loaded);
  const fullOpenMs = performance.now() - t;
  let point = E.startFollow(loaded, snapshot, "1.6");
  // The tree's cost figures (the counter line's path, branch and file costs) on the tree as read.
  let tree = E.buildTree(loaded);
  E.treeCost(tree).branchOf(tree.leafId);
  const update = [];
  const parse = [];
  const index = [];
  const cost = [];
  const wholeUsage = [];
  for (let i = 0; i < APPENDS; i++) {
    appendOne(i);
    t = performance.now();
    const result = E.readFollowUpdate(point);
    update.push(performance.now() - t);
    if (result.kind !== "appended" || result.added !== 1) throw new Error(`append ${i}: ${result.kind}`);
    parse.push(result.parseMs);
    point = result.point;
    t = performance.now();
    tree = E.buildTree(point.loaded);
    index.push(performance.now() - t);
    // What the tree's cost text asks of the new tree: from the previous tree's sums.
    t = performance.now();
    const figures = E.treeCost(tree);
    figures.branchOf(tree.leafId);
    cost.push(performance.now() - t);
    // What it asked before: the whole session's usage report and the branch walk.
    t = performance.now();
    E.branchOfEntry(tree, E.sessionUsage(tree), tree.leafId);
    wholeUsage.push(performance.now() - t);
  }
  console.log(JSON.stringify({ fullOpenMs, update, parse, index, cost, wholeUsage, entries: loaded.entries.length }));
  process.exit(0);
}

// mode "frame"
const bin = join(distRoot, "bin", "main.js");
delete process.env.CI;
Object.assign(process.stdout, { isTTY: true, columns: 120, rows: 40 });
const keyboard = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => keyboard, ref: () => keyboard, unref: () => keyboard });
Object.defineProperty(process, "stdin", { value: keyboard, configurable: true });
let waitingFor = null;
let live = false;
process.stdout.write = (chunk) => {
  const text = String(chunk);
  if (!live && text.includes(" live")) live = true;
  if (waitingFor !== null && text.includes(waitingFor.text)) {
    const found = waitingFor;
    waitingFor = null;
    found.resolve(performance.now());
  }
  return true;
};
let exact = false;
const mark = performance.mark.bind(performance);
performance.mark = (name, options) => {
  if (name === "pi-explorer:exact-tree") exact = true;
  return mark(name, options);
};
process.argv = [process.argv[0], bin, file];
void import(pathToFileURL(bin).href);
for (let waited = 0; !(exact && live); waited += 20) {
  if (waited > 120_000) throw new Error("the tree never went live");
  await sleep(20);
}
await sleep(300);
const latencies = [];
for (let i = 0; i < APPENDS; i++) {
  // The frame comes asynchronously (a watch event or the poll, then a render): set up in this same tick.
  const text = appendOne(i);
  const t0 = performance.now();
  const shown = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`append ${i} not shown within 10 s`)), 10_000);
    waitingFor = { text, resolve: (at) => (clearTimeout(timer), resolve(at)) };
  });
  latencies.push((await shown) - t0);
  // pi's turns come seconds apart; some room between appends, as there would be.
  await sleep(150);
}
writeSync(1, `${JSON.stringify({ latencies })}\n`);
process.exit(0);
