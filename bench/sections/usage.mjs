// Usage section: the usage report of one large session against the engine's own load of it, and
// `usage --all` over the recall bench's sessions directory (about 1 GB): the first run reads every
// file, later runs answer from the usage cache (a stat per file), compared with reading them all.
//
// This file is also its own worker: `node bench/sections/usage.mjs <mode> ...` runs one measurement
// in a fresh process and prints JSON (the harness imports it and calls run()).
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

export const notes = [
  "- The first run reads every file whole, as the listing does, and since December 2026's ninth session from the same trimmed scan (the texts a digest never reads dropped as each line is parsed, session/listing-projection.ts) into kept buffers: `usage --all` of the 1 GB folder, the built CLI before and after alternating, 10.3-11.3 s with 4.0-4.7 s of system time before, 5.3 s with 1.4 s after; the cache file written is byte for byte the same.",
];

const SELF = fileURLToPath(import.meta.url);
const fmt = (n) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(2)} ms`);
const ratioOf = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : "n/a");

// ------------------------------------------------------------------ harness side
export async function run(ctx) {
  const rows = [];
  const command = "node bench/run.mjs usage";
  for (const name of ["synth-50mb", "synth-branches5k"]) {
    const input = ctx.synth.find((s) => s.name === name);
    if (!input) {
      rows.push({ figure: `usage report, ${name}`, value: "skipped: input missing", baseline: "", ratio: "", target: "", met: undefined, command });
      continue;
    }
    const runs = [1, 2, 3].map(() => child(ctx, ["session", input.path]));
    const failed = runs.find((r) => r.error);
    if (failed) {
      rows.push({ figure: `usage report, ${name}`, value: failed.error, baseline: "", ratio: "", target: "", met: false, command });
      continue;
    }
    const load = ctx.median(runs.map((r) => r.loadMs));
    const usage = ctx.median(runs.map((r) => r.usageMs));
    rows.push({
      figure: `usage report of one session (whole file, path, ${runs[0].branches} branches, per model and day), ${name} (${(input.bytes / 1e6).toFixed(1)} MB; median of ${runs.length} processes)`,
      value: fmt(usage),
      baseline: `${fmt(load)} engine load (read + parse + tree)`,
      ratio: ratioOf(usage, load),
      target: "≤ 1.00× (≤ the engine's load time)",
      met: usage <= load,
      command,
    });
  }

  const agentDir = join(ctx.outDir, "recall-agent");
  const dir = join(agentDir, "sessions");
  if (!existsSync(dir)) {
    rows.push({ figure: "usage --all", value: `skipped: ${dir} missing (run the recall section first, or link it; see TEAM notes)`, baseline: "", ratio: "", target: "", met: undefined, command });
    return rows;
  }
  const files = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".jsonl"));
  const bytes = files.reduce((n, f) => n + statSync(join(dir, String(f))).size, 0);
  const cacheHome = mkdtempSync(join(tmpdir(), "pi-explorer-usage-bench-"));
  try {
    const all = child(ctx, ["all", agentDir, join(cacheHome, "usage.json")], 3_600_000);
    if (all.error) rows.push({ figure: "usage --all", value: all.error, baseline: "", ratio: "", target: "", met: false, command });
    else {
      const label = `${all.files} sessions, ${(bytes / 1e9).toFixed(2)} GB`;
      const perSessionLoad = all.coldMs / Math.max(1, all.files);
      rows.push({ figure: `usage --all, first run: every file read and digested (${label})`, value: fmt(all.coldMs), baseline: `${fmt(perSessionLoad)} per session`, ratio: "", target: "informational", met: undefined, command });
      rows.push({
        figure: `usage --all from the cache, nothing changed (median of ${all.warmRuns} runs: read cache + stat every file + sum)`,
        value: fmt(all.warmMs),
        baseline: `${fmt(perSessionLoad)} reading one session (first run / files)`,
        ratio: ratioOf(all.warmMs, perSessionLoad),
        target: "≤ 1.00× (the whole directory in less than one session's read)",
        met: all.warmMs <= perSessionLoad,
        command,
      });
      rows.push({ figure: "usage --all after one file changed (that file re-read, the rest from the cache)", value: fmt(all.oneChangedMs), baseline: `${fmt(all.coldMs)} first run`, ratio: ratioOf(all.oneChangedMs, all.coldMs), target: "≪ the first run", met: all.oneChangedMs < all.coldMs / 4, command });
    }
  } finally {
    rmSync(cacheHome, { recursive: true, force: true });
  }
  return rows;
}

function child(ctx, args, timeoutMs = 600_000) {
  const r = ctx.runChild([SELF, ...args, ctx.engineUrl], { timeoutMs });
  if (r.status !== 0) return { error: `crashed: ${(r.stderr.split("\n").find((l) => /Error/.test(l)) ?? r.stderr.split("\n")[0] ?? "").trim().slice(0, 160)}` };
  return JSON.parse(r.stdout);
}

// ------------------------------------------------------------------ worker side
async function worker(mode, args) {
  const engineUrl = args[args.length - 1];
  const E = await import(engineUrl);
  if (mode === "session") {
    const [file] = args;
    const t0 = performance.now();
    const { loaded } = E.readSessionFile(file, "1.6");
    const tree = E.buildTree(loaded);
    const t1 = performance.now();
    const report = E.sessionUsage(tree, { timeZone: "UTC" });
    const t2 = performance.now();
    return { loadMs: t1 - t0, usageMs: t2 - t1, branches: report.branches.length, cost: report.session.all.cost };
  }
  if (mode === "all") {
    const [agentDir, cacheFile] = args;
    const files = E.listAllSessionFiles({ agentDir, profile: "1.6" });
    const request = (cache) => ({ files, profile: "1.6", timeZone: "UTC", cacheFile: cache });
    const sum = (r) => {
      const all = E.sumBuckets(r.digests.flatMap((d) => d.buckets)).all;
      return `${all.total}/${all.cost}`;
    };
    const c0 = performance.now();
    const cold = E.sessionDigests(request(cacheFile));
    const coldMs = performance.now() - c0;
    const warmTimes = [];
    let warm;
    for (let i = 0; i < 5; i++) {
      const w0 = performance.now();
      warm = E.sessionDigests(request(cacheFile));
      sum(warm);
      warmTimes.push(performance.now() - w0);
    }
    if (warm.readFiles !== 0 || sum(warm) !== sum(cold)) throw new Error(`cache gave a different answer (${warm.readFiles} files read)`);
    // One file "changed": its cached record no longer matches. The sessions folder belongs to the
    // bench inputs and is never written to, so the cache record is made stale instead.
    const { readFileSync, writeFileSync } = await import("node:fs");
    const cache = JSON.parse(readFileSync(cacheFile, "utf8"));
    cache.records[files[0]].mtimeMs -= 1000;
    writeFileSync(cacheFile, JSON.stringify(cache));
    const o0 = performance.now();
    const one = E.sessionDigests(request(cacheFile));
    const oneChangedMs = performance.now() - o0;
    if (one.readFiles !== 1) throw new Error(`expected one file read, got ${one.readFiles}`);
    warmTimes.sort((a, b) => a - b);
    return { files: cold.digests.length, coldMs, warmMs: warmTimes[2], warmRuns: warmTimes.length, oneChangedMs };
  }
  throw new Error(`unknown mode ${mode}`);
}

if (process.argv[1] === SELF) {
  const [mode, ...args] = process.argv.slice(2);
  worker(mode, args).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
