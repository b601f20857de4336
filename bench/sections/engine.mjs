// Engine section: opening each synthetic session (read + parse + tree + context + compaction plan)
// against reading + JSON.parse of every line in the same run; peak memory; no stack overflow.
import { fileURLToPath } from "node:url";
import { mb, ms, ratio } from "../lib.mjs";

const WORKER = fileURLToPath(new URL("../engine-worker.mjs", import.meta.url));
const TIME_TARGET = 1.5;
const MEMORY_TARGET = 3;

export async function run(ctx) {
  const rows = [];
  if (ctx.synth.length === 0) {
    return [{ figure: "engine", value: "skipped: no synthetic sessions (../shared absent)", baseline: "", ratio: "", target: "", met: undefined, command: "" }];
  }
  for (const file of ctx.synth) {
    const runs = file.bytes > 30e6 ? 3 : 5;
    const command = `node bench/run.mjs engine   # ${file.name}`;
    const base = measure(ctx, "baseline", file.path, runs);
    const eng = measure(ctx, "engine", file.path, runs);
    if (eng.error) {
      rows.push({ figure: `open ${file.name}`, value: eng.error, baseline: "", ratio: "", target: "no crash", met: false, command });
      continue;
    }
    const t = ctx.median(eng.times);
    const tb = ctx.median(base.times);
    rows.push({
      figure: `open ${file.name} (${mb(file.bytes)}, ${eng.facts.entries} entries): read+parse+tree+context+compaction plan`,
      value: `${ms(t)} (${Object.entries(eng.steps).map(([k, v]) => `${k} ${Math.round(v)}`).join(", ")})`,
      baseline: `${ms(tb)} readFileSync + JSON.parse per line`,
      ratio: ratio(t, tb),
      target: `≤ ${TIME_TARGET}×`,
      met: t <= TIME_TARGET * tb,
      command,
    });
    // Memory in separate one-run processes: a timing run's garbage would inflate the peak.
    const memEngine = measure(ctx, "engine", file.path, 1);
    const memBase = measure(ctx, "baseline", file.path, 1);
    const peak = memEngine.maxRss - memEngine.rssBefore;
    const peakBase = memBase.maxRss - memBase.rssBefore;
    rows.push({
      figure: `peak memory opening ${file.name}`,
      value: `${mb(peak)} (${(peak / file.bytes).toFixed(2)}× file)`,
      baseline: `${mb(peakBase)} (${(peakBase / file.bytes).toFixed(2)}× file) JSON.parse per line`,
      ratio: ratio(peak, peakBase),
      target: `≤ ${MEMORY_TARGET}× file size`,
      met: peak <= MEMORY_TARGET * file.bytes,
      command,
    });
    rows.push({
      figure: `walks over ${file.name}: active path ${eng.facts.pathLength} entries deep`,
      value: "no stack overflow",
      baseline: "",
      ratio: "",
      target: "no stack overflow at Node's default stack size",
      met: true,
      command,
    });
  }
  return rows;
}

function measure(ctx, mode, path, runs) {
  const r = ctx.runChild(["--expose-gc", WORKER, mode, path, String(runs), ctx.engineUrl]);
  if (r.status !== 0) {
    const overflow = /Maximum call stack size exceeded/.test(r.stderr);
    const firstError = r.stderr.split("\n").find((l) => /Error/.test(l)) ?? r.stderr.split("\n")[0] ?? "";
    return { error: overflow ? "STACK OVERFLOW" : `crashed: ${firstError.trim().slice(0, 160)}` };
  }
  return JSON.parse(r.stdout);
}
