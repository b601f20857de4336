// Helpers shared by bench sections: child processes, medians, synthetic inputs.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";

export const SYNTH_PRESETS = ["10mb", "50mb", "branches5k"];

/** Runs `node ARGS` and returns {status, stdout, stderr, signal}; never throws. */
export function runChild(args, { timeoutMs = 600_000, env = process.env } = {}) {
  const result = spawnSync(process.execPath, args, { encoding: "utf8", timeout: timeoutMs, env, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, signal: result.signal, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** bench/out/synth-<preset>.jsonl for each preset, generated with ../shared's gen.mjs when missing. */
export function generateSynth({ shared, outDir, log }) {
  const gen = join(shared, "tools", "synth", "gen.mjs");
  const files = [];
  for (const preset of SYNTH_PRESETS) {
    const path = join(outDir, `synth-${preset}.jsonl`);
    if (!existsSync(path)) {
      if (!existsSync(gen)) {
        log(`skip synth-${preset}: ${gen} not found`);
        continue;
      }
      log(`generating synth-${preset}`);
      const r = runChild([gen, "--preset", preset, "--out", path]);
      if (r.status !== 0) {
        log(`gen.mjs failed for ${preset}: ${r.stderr.split("\n")[0]}`);
        continue;
      }
    }
    files.push({ name: `synth-${preset}`, path, bytes: statSync(path).size });
  }
  return files;
}

export const ms = (n) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`);
export const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
export const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : "n/a");
