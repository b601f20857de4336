// The recall index's writer alone: every session file of a folder prepared once into memory
// (prepareWholeFile), then RecallCache.open + update (no worker threads) timed RUNS times into a
// fresh database, CPU (process.cpuUsage) and wall, medians. Not a bench section: a tool for
// work on recall-cache-update.ts.
//   npm run build && node bench/recall-writer.mjs [RUNS=5] [FOLDER=bench/out/recall-agent/sessions]
import { register } from "node:module";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

register(new URL("./recall-writer-hooks.mjs", import.meta.url));
const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const folder = process.argv[3] ?? join(root, "bench/out/recall-agent/sessions");
const store = await import(join(root, "dist/src/engine/store/recall-cache.js"));
const prepare = await import(join(root, "dist/src/engine/store/recall-cache-prepare.js"));

const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((n) => n.endsWith(".jsonl")).map((n) => join(folder, n)).sort();
globalThis.__preparedFiles = new Map();
for (const f of files) {
  const s = statSync(f);
  globalThis.__preparedFiles.set(f, prepare.prepareWholeFile(f, { size: s.size, mtimeMs: s.mtimeMs }, "1.6"));
}
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const walls = [];
const cpus = [];
for (let r = 0; r < runs; r++) {
  const dir = join(tmpdir(), `recall-writer-${process.pid}-${r}`);
  mkdirSync(dir, { recursive: true });
  const db = join(dir, "recall.sqlite");
  const t = performance.now();
  const c0 = cpu();
  const cache = store.RecallCache.open(db);
  const stats = cache.update(files, "1.6", { workers: false });
  cache.close();
  walls.push(performance.now() - t);
  cpus.push(cpu() - c0);
  console.log(`run ${r}: wall ${walls.at(-1).toFixed(0)} ms, cpu ${cpus.at(-1).toFixed(0)} ms, index ${statSync(db).size} bytes, ${stats.docsAdded} docs`);
  rmSync(dir, { recursive: true, force: true });
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(`${files.length} files: writer median wall ${median(walls).toFixed(0)} ms, cpu ${median(cpus).toFixed(0)} ms`);
