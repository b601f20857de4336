// The bundled bin users run, as one whole process (bench/sections/cli-deep.mjs):
//   node [the bin's V8 flags] cli-worker.mjs DIST_ROOT ARGS...
// Runs DIST_ROOT/bin/main.js ARGS in this process with stdout discarded, and at exit prints
// {code, maxRss, cpuMs} on stderr's last line (the peak resident set size of the whole process, and
// its CPU time, all threads, user + system).
import { writeSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [distRoot, ...args] = process.argv.slice(2);
process.stdout.write = () => true;
process.on("exit", (code) => {
  const usage = process.resourceUsage();
  writeSync(2, `\n${JSON.stringify({ code, maxRss: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 })}\n`);
});
process.argv = [process.argv[0], join(distRoot, "bin", "main.js"), ...args];
await import(pathToFileURL(join(distRoot, "bin", "main.js")).href);
