// One measurement in a fresh process, so timings and peak memory of one file do not leak into the next.
//   node --expose-gc [same V8 flags as the bin] engine-worker.mjs MODE FILE RUNS ENGINE_URL
// MODE "baseline": readFileSync + JSON.parse of every line (the floor any reader pays).
// MODE "engine":   what opening a session costs in pi-explorer: read + parse + tree + context + compaction plan.
// Prints one JSON object: {times: [ms...], cpuMs: [ms...], rssBefore, maxRss, facts, steps}.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [mode, file, runsArg, engineUrl] = process.argv.slice(2);
const runs = Number(runsArg) || 1;
const E = mode === "engine" ? await import(engineUrl) : undefined;

function baseline() {
  const text = readFileSync(file, "utf8");
  let parsed = 0;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      JSON.parse(line);
      parsed++;
    } catch {
      // a damaged line costs the same to find
    }
  }
  return { lines: parsed };
}

// Milliseconds per step of the last engine run, so a slow figure says where the time goes.
const steps = {};
function step(name, fn) {
  const start = performance.now();
  const value = fn();
  steps[name] = performance.now() - start;
  return value;
}

function engine() {
  const { loaded } = step("read+parse", () => E.readSessionFile(file, "1.6"));
  const tree = step("tree", () => E.buildTree(loaded));
  const path = step("path", () => E.getBranch(tree, tree.leafId));
  const context = step("context", () => E.contextView(tree, tree.leafId, "1.6"));
  const plan = step("compaction", () => E.prepareCompaction(path, E.DEFAULT_COMPACTION_SETTINGS, "1.6"));
  return {
    entries: loaded.entries.length,
    pathLength: path.length,
    contextMessages: context.count,
    firstKeptEntryId: plan?.firstKeptEntryId ?? null,
  };
}

const work = mode === "engine" ? engine : baseline;
globalThis.gc?.();
const rssBefore = process.memoryUsage().rss;
const times = [];
const cpuMs = [];
let facts;
for (let i = 0; i < runs; i++) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  facts = work();
  times.push(performance.now() - start);
  const used = process.cpuUsage(cpu);
  cpuMs.push((used.user + used.system) / 1000);
  globalThis.gc?.();
}
const maxRss = process.resourceUsage().maxRSS * 1024;
process.stdout.write(JSON.stringify({ times, cpuMs, rssBefore, maxRss, facts, steps }));
