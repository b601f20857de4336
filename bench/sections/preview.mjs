// Preview section: what the compaction preview screen costs.
//  - the plan + compiled summary + context after for a session's active path (a fresh previewer, as
//    when the screen opens), against the seed figure of 31 ms;
//  - one settings key on an open preview (keepRecentTokens stepped to a value not seen before): the
//    plan the next frame draws (cut, bands, why, warnings, auto-compact), against recomputing the
//    whole preview from scratch; and the summary + context after that the screen compiles right
//    after that frame when the cut moved to a new place.
// Each file is measured in a fresh process: this module re-runs itself with --worker.
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { existsSync, readFileSync } from "node:fs";

const SELF = fileURLToPath(import.meta.url);
const SEED_MS = 31;
const FRAME_MS = 16;
const OPEN_RUNS = 7;
const KEY_PRESSES = 40;

export async function run(ctx) {
  const files = [];
  const synth50 = ctx.synth.find((s) => s.name === "synth-50mb");
  if (synth50) files.push({ name: synth50.name, path: synth50.path, keys: true });
  const corpus = join(ctx.shared, "corpus", "pi-mono", "before-compaction.jsonl");
  if (existsSync(corpus)) files.push({ name: "pi-mono/before-compaction.jsonl", path: corpus, keys: false });
  if (files.length === 0) {
    return [{ figure: "preview", value: "skipped: no inputs (../shared absent)", baseline: "", ratio: "", target: "", met: undefined, command: "" }];
  }
  const rows = [];
  for (const file of files) {
    const command = `node bench/run.mjs preview   # ${file.name}`;
    const r = ctx.runChild([SELF, "--worker", file.path, ctx.engineUrl]);
    if (r.status !== 0) {
      const first = r.stderr.split("\n").find((l) => /Error/.test(l)) ?? r.stderr.split("\n")[0] ?? "";
      rows.push({ figure: `preview ${file.name}`, value: `crashed: ${first.trim().slice(0, 160)}`, baseline: "", ratio: "", target: "no crash", met: false, command });
      continue;
    }
    const m = JSON.parse(r.stdout);
    const open = ctx.median(m.openTimes);
    rows.push({
      figure: `compaction plan + compiled summary + context after, ${file.name} (active path ${m.pathLength} of ${m.entries} entries, pi 1.6, keepRecentTokens 20000)`,
      value: `${fmt(open)} median of ${m.openTimes.length} (first ${fmt(m.openTimes[0])}; in the last run the cut took ${fmt(m.steps.plan)}, summary + context after the rest)`,
      baseline: `${SEED_MS} ms seed figure`,
      ratio: ratio(open, SEED_MS),
      target: `< ${SEED_MS} ms`,
      met: open < SEED_MS,
      command,
    });
    if (!file.keys) continue;
    const median = ctx.median(m.keyTimes);
    const scratch = ctx.median(m.scratchTimes);
    rows.push({
      figure: `preview update after a keepRecentTokens key, ${file.name}: the plan the next frame draws (${m.keyTimes.length} presses, new value each, cut moved ${m.cutMoves}×)`,
      value: `${fmt(median)} median, p95 ${fmt(p95(m.keyTimes))}`,
      baseline: `${fmt(scratch)} recomputing the whole preview from scratch`,
      ratio: ratio(median, scratch),
      target: `< ${FRAME_MS} ms (one frame)`,
      met: median < FRAME_MS,
      command,
    });
    if (m.outcomeTimes.length > 0) {
      rows.push({
        figure: `summary + context after for a moved cut, ${file.name}: compiled after that frame (${m.outcomeTimes.length} cuts)`,
        value: `${fmt(ctx.median(m.outcomeTimes))} median, p95 ${fmt(p95(m.outcomeTimes))}`,
        baseline: "",
        ratio: "",
        target: "informational (a held key compiles only where it stops)",
        met: undefined,
        command,
      });
    }
  }
  return rows;
}

const p95 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
};
const fmt = (n) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`);
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : "n/a");

async function worker(file, engineUrl) {
  const E = await import(engineUrl);
  const { loaded } = E.readSessionFile(file, "1.6");
  const tree = E.buildTree(loaded);
  const path = E.getBranch(tree, tree.leafId);
  const cwd = typeof loaded.header?.cwd === "string" ? loaded.header.cwd : undefined;
  const settings = { keepRecentTokens: 20000, reserveTokens: 16384, contextWindow: 128000 };
  const fresh = () => E.createCompactionPreviewer({ path, allEntries: loaded.entries, profile: "1.6", cwd });
  const steps = {};

  const openTimes = [];
  for (let i = 0; i < OPEN_RUNS; i++) {
    const start = performance.now();
    const previewer = fresh();
    const p = previewer.preview(settings);
    openTimes.push(performance.now() - start);
    if (i === OPEN_RUNS - 1) {
      // Where the time goes: the cut alone (the engine's planCompaction) vs the whole preview.
      const t0 = performance.now();
      E.analyzeCompaction(path, { enabled: true, ...settings }, "1.6");
      steps.plan = performance.now() - t0;
      if (!p) throw new Error("no preview");
    }
  }

  // Settings keys on an open preview: up through values it has not seen, as a held key would.
  const previewer = fresh();
  let last = previewer.preview(settings).firstKeptEntryId;
  const keyTimes = [];
  const outcomeTimes = [];
  let cutMoves = 0;
  for (let i = 1; i <= KEY_PRESSES; i++) {
    const keep = settings.keepRecentTokens + i * 1000;
    const start = performance.now();
    const plan = previewer.plan({ ...settings, keepRecentTokens: keep });
    keyTimes.push(performance.now() - start);
    if (previewer.cachedOutcome(plan) === null) {
      const t0 = performance.now();
      previewer.outcome(plan);
      outcomeTimes.push(performance.now() - t0);
    }
    if (plan.firstKeptEntryId !== last) cutMoves++;
    last = plan.firstKeptEntryId;
  }
  const scratchTimes = [];
  for (let i = 1; i <= 5; i++) {
    const start = performance.now();
    fresh().preview({ ...settings, keepRecentTokens: settings.keepRecentTokens + i * 1000 });
    scratchTimes.push(performance.now() - start);
  }
  process.stdout.write(JSON.stringify({ openTimes, keyTimes, outcomeTimes, scratchTimes, cutMoves, steps, entries: loaded.entries.length, pathLength: path.length }));
}

if (process.argv[1] === SELF && process.argv[2] === "--worker") {
  await worker(process.argv[3], process.argv[4]);
} else if (process.argv[1] === SELF) {
  process.stderr.write(`usage: node bench/run.mjs preview (this file is a bench section)\n${readFileSync(SELF, "utf8").split("\n")[0]}\n`);
  process.exit(2);
}
