// Engine section: opening each synthetic session (read + parse + tree + context + compaction plan)
// against reading + JSON.parse of every line in the same run; peak memory; no stack overflow.
// Each round runs the baseline and the engine in fresh one-run processes, alternating which goes
// first, so a busy machine slows both alike; figures are medians over the rounds. Both run under the
// V8 flags the bin itself starts node with (its shebang), so the ratio is fair and is what users get.
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { binV8Flags, mb, ms, ratio } from "../lib.mjs";

const WORKER = fileURLToPath(new URL("../engine-worker.mjs", import.meta.url));
const TIME_TARGET = 1.5;
const MEMORY_TARGET = 3;
/**
 * A smaller young generation: parsed entries all survive, and V8 copies survivors out of the young
 * generation; a small one promotes them sooner and keeps fewer pages resident. Measured as an
 * information row until the bin's shebang carries it.
 */
const CANDIDATE_FLAGS = ["--max-semi-space-size=2"];

export const notes = [
  "- Opening a session reads it in 1 MiB pieces and decodes it line by line (ASCII lines as latin1, the rest as UTF-8; a piece with invalid bytes goes through the exact decoder), so the file never exists as one string and its bytes are never all held: peak memory is the parsed entries plus one piece. The baseline holds the whole text (UTF-16 when the file has any non-ASCII character) and so sits at 3× the file size.",
  "- Times are wall-clock medians over rounds that alternate baseline and engine in fresh one-run processes; CPU time (all threads) is given too, since the machine may be shared. The load average row says how busy it was.",
  "- \"with V8 flags\" rows run baseline and engine under the same flags, so their ratio stays fair; they are information until the bin's shebang (`#!/usr/bin/env -S node ...`) carries those flags, at which point every row above runs under them.",
  "- synth-deep (not one of issue 2's inputs) has a 15,508-entry active path, so its context (15,484 messages) and compaction plan dominate: those steps live in src/engine/context, tokens and compaction.",
];

export async function run(ctx) {
  if (ctx.synth.length === 0) {
    return [{ figure: "engine", value: "skipped: no synthetic sessions (../shared absent)", baseline: "", ratio: "", target: "", met: undefined, command: "" }];
  }
  const flags = binV8Flags(ctx.root);
  const loadBefore = loadavg();
  const rows = [];
  for (const file of ctx.synth) {
    const rounds = file.bytes > 30e6 ? 5 : 7;
    const command = `node bench/run.mjs engine   # ${file.name}`;
    const { base, eng, error } = alternatingRounds(ctx, flags, file.path, rounds);
    if (error) {
      rows.push({ figure: `open ${file.name}`, value: error, baseline: "", ratio: "", target: "no crash", met: false, command });
      continue;
    }
    const t = ctx.median(eng.map((m) => m.times[0]));
    const tb = ctx.median(base.map((m) => m.times[0]));
    const typical = eng.find((m) => m.times[0] === t) ?? eng[0];
    const cpu = ctx.median(eng.map((m) => m.cpuMs[0]));
    const cpuBase = ctx.median(base.map((m) => m.cpuMs[0]));
    rows.push({
      figure: `open ${file.name} (${mb(file.bytes)}, ${typical.facts.entries} entries): read+parse+tree+context+compaction plan, median of ${rounds}`,
      value: `${ms(t)} (${Object.entries(typical.steps).map(([k, v]) => `${k} ${Math.round(v)}`).join(", ")}; CPU ${ms(cpu)})`,
      baseline: `${ms(tb)} readFileSync + JSON.parse per line (CPU ${ms(cpuBase)})`,
      ratio: ratio(t, tb),
      target: `≤ ${TIME_TARGET}×`,
      met: t <= TIME_TARGET * tb,
      command,
    });
    // Peak RSS of a one-run process, minus its RSS before the work began.
    const peak = ctx.median(eng.map((m) => m.maxRss - m.rssBefore));
    const peakBase = ctx.median(base.map((m) => m.maxRss - m.rssBefore));
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
      figure: `walks over ${file.name}: active path ${typical.facts.pathLength} entries deep`,
      value: "no stack overflow",
      baseline: "",
      ratio: "",
      target: "no stack overflow at Node's default stack size",
      met: true,
      command,
    });
  }
  const candidate = CANDIDATE_FLAGS.filter((f) => !flags.includes(f));
  if (candidate.length > 0) rows.push(...flagRows(ctx, [...flags, ...candidate]));
  const loadAfter = loadavg();
  rows.push({
    figure: `conditions: V8 flags ${flags.length ? flags.join(" ") : "none"} (the bin's, for baseline and engine alike); load average (1 min) ${loadBefore[0].toFixed(2)} at start, ${loadAfter[0].toFixed(2)} at end`,
    value: "",
    baseline: "",
    ratio: "",
    target: "",
    met: undefined,
    command: "node bench/run.mjs engine",
  });
  return rows;
}

/** Information rows: every input under extra V8 flags, baseline and engine alike (3 alternating rounds). */
function flagRows(ctx, flags) {
  const rows = [];
  for (const file of ctx.synth) {
    const { base, eng, error } = alternatingRounds(ctx, flags, file.path, 3);
    if (error) return [{ figure: `with V8 flags ${flags.join(" ")}`, value: error, baseline: "", ratio: "", target: "", met: undefined, command: "" }];
    const t = ctx.median(eng.map((m) => m.times[0]));
    const tb = ctx.median(base.map((m) => m.times[0]));
    const peak = ctx.median(eng.map((m) => m.maxRss - m.rssBefore));
    rows.push({
      figure: `with V8 flags ${flags.join(" ")}: open ${file.name}, median of 3 (information)`,
      value: `${ms(t)} (CPU ${ms(ctx.median(eng.map((m) => m.cpuMs[0])))}); peak ${mb(peak)} (${(peak / file.bytes).toFixed(2)}× file)`,
      baseline: `${ms(tb)} (CPU ${ms(ctx.median(base.map((m) => m.cpuMs[0])))}) under the same flags`,
      ratio: ratio(t, tb),
      target: "",
      met: undefined,
      command: `node bench/run.mjs engine   # ${file.name}`,
    });
  }
  return rows;
}

/** `rounds` rounds of baseline and engine, alternating which goes first; stops at the first crash. */
function alternatingRounds(ctx, flags, path, rounds) {
  const base = [];
  const eng = [];
  for (let r = 0; r < rounds; r++) {
    for (const mode of r % 2 === 0 ? ["baseline", "engine"] : ["engine", "baseline"]) {
      const m = measure(ctx, flags, mode, path);
      if (m.error) return { base, eng, error: m.error };
      (mode === "engine" ? eng : base).push(m);
    }
  }
  return { base, eng, error: undefined };
}

function measure(ctx, flags, mode, path) {
  const r = ctx.runChild([...flags, "--expose-gc", WORKER, mode, path, "1", ctx.engineUrl]);
  if (r.status !== 0) {
    const overflow = /Maximum call stack size exceeded/.test(r.stderr);
    const firstError = r.stderr.split("\n").find((l) => /Error/.test(l)) ?? r.stderr.split("\n")[0] ?? "";
    return { error: overflow ? "STACK OVERFLOW" : `crashed: ${firstError.trim().slice(0, 160)}` };
  }
  return JSON.parse(r.stdout);
}
