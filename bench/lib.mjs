// Helpers shared by bench sections: child processes, medians, synthetic inputs.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** The synthetic inputs: gen.mjs's presets, plus one long unbranched session for deep walks. */
const SYNTH_INPUTS = [
  { name: "synth-10mb", args: ["--preset", "10mb"] },
  { name: "synth-50mb", args: ["--preset", "50mb"] },
  { name: "synth-branches5k", args: ["--preset", "branches5k"] },
  // No branches and no compaction: the active path is the whole file (about 15,000 entries deep).
  {
    name: "synth-deep",
    args: ["--seed", "pi-synth-deep", "--turns", "1000", "--branch-prob", "0", "--compact-tokens", "0", "--label-prob", "0", "--min-output", "20", "--max-output", "200", "--max-prose", "200", "--thinking-prob", "0", "--big-output-prob", "0", "--image-prob", "0"],
  },
];

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

/** bench/out/<name>.jsonl for each input, generated with ../shared's gen.mjs when missing. */
export function generateSynth({ shared, outDir, log }) {
  const gen = join(shared, "tools", "synth", "gen.mjs");
  const files = [];
  for (const input of SYNTH_INPUTS) {
    const path = join(outDir, `${input.name}.jsonl`);
    if (!existsSync(path)) {
      if (!existsSync(gen)) {
        log(`skip ${input.name}: ${gen} not found`);
        continue;
      }
      log(`generating ${input.name}`);
      const r = runChild([gen, ...input.args, "--out", path]);
      if (r.status !== 0) {
        log(`gen.mjs failed for ${input.name}: ${r.stderr.split("\n")[0]}`);
        continue;
      }
    }
    files.push({ name: input.name, path, bytes: statSync(path).size, args: input.args });
  }
  return files;
}

export const ms = (n) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`);
export const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
export const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : "n/a");

/** The V8 flags in the bin's `#!/usr/bin/env -S node ...` line (none for a plain `#!/usr/bin/env node`). */
export function binV8Flags(root) {
  try {
    const first = readFileSync(join(root, "dist", "bin", "main.js"), "utf8").split("\n")[0];
    const m = /^#!\S*env\s+-S\s+node\s+(.*)$/.exec(first);
    return m ? m[1].trim().split(/\s+/).filter((f) => f.startsWith("--")) : [];
  } catch {
    return [];
  }
}
