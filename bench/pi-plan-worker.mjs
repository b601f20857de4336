// pi 1.6.0's own open + prepareCompaction of a session, as one whole process (bench/sections/cli-deep.mjs):
//   NODE22 pi-plan-worker.mjs PI16_PACKAGE_DIR FILE SESSION_DIR
// The package's modules are imported by file URL (as ../shared/oracle does), so no CLI or TUI loads.
// Prints {firstKeptEntryId, maxRss, cpuMs} on stdout (cpuMs: the process's CPU time, all threads).
import { writeSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pkg, file, sessionDir] = process.argv.slice(2);
const dist = (p) => pathToFileURL(`${pkg}/dist/${p}`).href;
const { SessionManager } = await import(dist("core/session-manager.js"));
const { prepareCompaction } = await import(dist("core/compaction/index.js"));
const session = SessionManager.open(file, sessionDir);
const preparation = prepareCompaction(session.getBranch(), { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 });
const usage = process.resourceUsage();
writeSync(1, `${JSON.stringify({ firstKeptEntryId: preparation?.firstKeptEntryId ?? null, maxRss: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 })}\n`);
