// CLI section (issue 11): the compaction plan of synth-deep (no branches, 15,508 entries on the
// active path) by the bundled bin (`compact FILE`), against pi 1.6.0's own open + prepareCompaction
// of the same file, both as whole processes (node's start-up included), alternating in one run;
// and the bin's peak memory against the file's size. pi runs on the Node 22 the oracle installs
// (/tmp/pi-oracle/node22, pi 1.6 needs it). The target row runs the bin on that same Node 22, so both
// sides are measured on one runtime (Node 20 alone starts about 25 ms slower than Node 22 here); the
// bin on the node that runs this bench is a row of its own, against the same pi runs.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { binV8Flags, mb, ms, ratio } from "../lib.mjs";

const CLI_WORKER = fileURLToPath(new URL("../cli-worker.mjs", import.meta.url));
const PI_WORKER = fileURLToPath(new URL("../pi-plan-worker.mjs", import.meta.url));
const TIME_TARGET = 0.8;
const MEMORY_TARGET = 2.5;
const ROUNDS = 11;

export const notes = [
  "- Both sides are whole processes timed from spawn to exit, alternating in each round (a busy machine slows both alike); values are medians. pi's side imports pi's session manager and compaction modules by file URL, opens the file (SessionManager.open) and runs prepareCompaction on getBranch() with keepRecentTokens 20000, reserveTokens 16384; the bin's side is `pi-explorer compact FILE` (text output discarded), which also reports the context after, warnings and the summarizer's input size.",
  "- The target row runs both sides on the same Node (the oracle's Node 22, which pi 1.6 needs): until December 2026 the bin ran on the bench's Node 20 against pi on Node 22, which charged the bin Node 20's slower start (about 25 ms of `node -e 0` here). The bin on the bench's node is reported in its own row, against the same pi runs.",
  "- Node's compile cache (src/cli/bin.ts, Node 22.1+): the target row is a warm cache, as every run after a user's first (one untimed run fills a cache folder of the bench's own first, XDG_CACHE_HOME); the cold row is a user's first run after an install or upgrade, each run with an empty cache folder (Node compiles the bundle and writes the cache at exit). Node 20 has no compile cache: its row is the same either way. pi's side runs without one (NODE_COMPILE_CACHE unset).",
  "- Peak memory is the bin's peak resident set size (getrusage maxRSS) minus the same command's on the bundled demo session (node, the bundle and the engine loaded, next to no data), against the file size, on the bench's node. CLI commands keep V8's young generation from growing and tier up to TurboFan later (src/cli/one-shot-v8.ts).",
  "- What made `compact` on synth-deep faster and smaller (277 ms, 1.16× pi and 35.4 MB, 3.41× the file before): TurboFan later in CLI commands (about 100 ms of CPU and several MB that its compiles cost in a short process); the cut walk looks for valid cut points only where the budget walk stops instead of testing all 15,508 entries, for the raw and the projected cut (src/engine/compaction/cut-walk.ts); the summarizer-input count tallies one message at a time without building arrays; a cut unit holds the projection's message array instead of a per-entry copy (analyzeCompaction's peak 6.3 -> 3.4 MB); the context selection no longer copies a path without compaction; a v3 file's entries come straight from the scanned values (no copy of every record for a migration that does nothing); the compaction bands need no set of every id when path and units line up; assistant messages share one copy of each api/provider/model string; since December 2026 the scan shares repeated strings right after JSON.parse, while the copies are still young (a toolResult's toolCallId with its tool call's id, tool calls' paths and commands, the model strings: about 1.3 MB of the peak; shared after the scan, as the model strings were before, the copies stayed in the old generation until a full collection that never came, and saved nothing) (src/engine/session/share-strings.ts).",
  "- What made it faster in December 2026's second session (before: 210 ms, 0.77× pi in one run at load 1; in bench runs alternating the old and the new bin at load 6-8, CPU time 0.72-0.75× pi's before and 0.66-0.68× after, wall time too noisy there to compare): the loops `compact` runs once per entry or message are indexed instead of for...of (the scan's string sharing, the summarizer-input count, the cut's message lists, the context projection, the token estimate, the text table): before TurboFan, which CLI commands reach late on purpose, every for...of step allocated an iterator result, some 20 of the 73 MB a run allocated (a sampling heap profile with the collected objects kept; 46 MB now), and 83 scavenges became 60; the summarizer-input count measures a tool call's plain string arguments without writing their JSON; node:child_process and node:readline load when first used (src/host/lazy-builtins.ts), not with every command, and node:util's parseArgs comes through require (its ESM facade loaded util.diff's modules); node:crypto loads only when something is hashed (a read's snapshot hashes its tail when a commit compares it, src/engine/store/read.ts), some 2.5 ms; the compile cache (src/cli/bin.ts; a few ms of start-up, see the cold row). Tried and left out: splitting the pi-summary commit into a chunk of its own (fewer modules for `compact`, but four more chunks to resolve made node's own path functions hot enough for TurboFan while loading, which charged the demo baseline of the memory row with 5.6 MB of node's TurboFan code pages); node's builtins through process.getBuiltinModule instead of ESM imports (about 1 ms); --no-parallel-scavenge, --no-concurrent-marking (no gain); an earlier TurboFan (invocation count 3,000 or 15,000: 30-40% more CPU).",
  "- Tried for the peak memory and left out: `--heap-growing-percent=50` (one more full collection: 1.5 MB lower here, but 15% slower on `recall` over synth-50mb with no saving there); `--initial-heap-size` (works only on the command line, not from inside the process); larger or fixed young generations (no gain). What remains is mostly the parsed session itself (about 15 MB for the 10.4 MB file: 8.4 MB of strings, 107,000 objects) plus the analysis of a 15,508-entry path (about 3 MB).",
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timed(command, args, env = {}) {
  const started = performance.now();
  const r = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 300_000, env: { ...process.env, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined, ...env } });
  const wall = performance.now() - started;
  if (r.status !== 0) throw new Error(`${args[0]} failed: ${(r.stderr || "").split("\n").find((l) => /Error/.test(l)) ?? r.stderr.slice(0, 200)}`);
  return { wall, out: r.stdout, err: r.stderr };
}

const lastJson = (text) => JSON.parse(text.trim().split("\n").pop());

export async function run(ctx) {
  const deep = ctx.synth.find((f) => f.name === "synth-deep");
  const oracle = process.env.PI_ORACLE_DIR || join(tmpdir(), "pi-oracle");
  const node22 = process.env.NODE22 || join(oracle, "node22", "node_modules", ".bin", "node");
  const pkg = join(process.env.PI16_DIR || join(oracle, "pi16"), "node_modules", "@earendil-works", "pi-coding-agent");
  const demo = join(ctx.root, "fixtures", "demo", "demo-session.jsonl");
  if (!deep) return [{ figure: "cli compact on synth-deep", value: "skipped: no synth-deep session (../shared absent)", baseline: "", ratio: "", target: "", met: undefined, command: "" }];
  const flags = binV8Flags(ctx.root);
  const dist = join(ctx.root, "dist");
  const work = mkdtempSync(join(tmpdir(), "pi-explorer-bench-cli-"));
  try {
    // pi may write next to what it opens: it gets a copy, in a folder of its own.
    const copy = join(work, "synth-deep.jsonl");
    copyFileSync(deep.path, copy);
    const ours = [];
    const ours22 = [];
    const cold22 = [];
    const pis = [];
    const havePi = existsSync(join(pkg, "package.json")) && existsSync(node22);
    const sides = havePi ? ["ours", "ours22", "cold22", "pi"] : ["ours"];
    // The bin's compile cache: one folder filled before the rounds (warm), a new empty one per cold run.
    const warm = { XDG_CACHE_HOME: join(work, "cache-warm") };
    let colds = 0;
    const cold = () => {
      const dir = join(work, `cache-cold-${colds++}`);
      mkdirSync(dir);
      return { XDG_CACHE_HOME: dir };
    };
    timed(ctx.node, [...flags, CLI_WORKER, dist, "compact", deep.path], warm);
    if (havePi) timed(node22, [...flags, CLI_WORKER, dist, "compact", deep.path], warm);
    for (let r = 0; r < ROUNDS; r++) {
      // Each side starts a round in turn, so none is always the first after a pause.
      const order = sides.map((_, i) => sides[(i + r) % sides.length]);
      for (const side of order) {
        if (side === "ours") {
          const t = timed(ctx.node, [...flags, CLI_WORKER, dist, "compact", deep.path], warm);
          ours.push({ wall: t.wall, ...lastJson(t.err) });
        } else if (side === "ours22") {
          const t = timed(node22, [...flags, CLI_WORKER, dist, "compact", deep.path], warm);
          ours22.push({ wall: t.wall, ...lastJson(t.err) });
        } else if (side === "cold22") {
          const t = timed(node22, [...flags, CLI_WORKER, dist, "compact", deep.path], cold());
          cold22.push({ wall: t.wall, ...lastJson(t.err) });
        } else {
          const t = timed(node22, [PI_WORKER, pkg, copy, work]);
          pis.push({ wall: t.wall, ...lastJson(t.out) });
        }
      }
    }
    const small = [];
    for (let r = 0; r < 3; r++) small.push(lastJson(timed(ctx.node, [...flags, CLI_WORKER, dist, "compact", demo], warm).err).maxRss);
    const t = median(ours.map((o) => o.wall));
    const rows = [];
    if (havePi) {
      const tp = median(pis.map((p) => p.wall));
      const t22 = median(ours22.map((o) => o.wall));
      rows.push({
        figure: `\`compact FILE\` on ${deep.name} (${mb(deep.bytes)}, 15,508 entries on the path), whole process on Node 22 (both sides), compile cache warm, median of ${ROUNDS}`,
        value: ms(t22),
        baseline: `${ms(tp)} pi 1.6.0's open + prepareCompaction, whole process (Node 22)`,
        ratio: ratio(t22, tp),
        target: `≤ ${TIME_TARGET}×`,
        met: t22 <= TIME_TARGET * tp,
        command: "node bench/run.mjs cli-deep",
      });
      // CPU time is less moved by other processes on a shared machine than wall time (information).
      const c22 = median(ours22.map((o) => o.cpuMs));
      const cp = median(pis.map((p) => p.cpuMs));
      rows.push({
        figure: "the same in CPU time (each process's own, all threads, user + system), compile cache warm, against the same pi runs (information)",
        value: ms(c22),
        baseline: `${ms(cp)} pi 1.6.0 (Node 22)`,
        ratio: ratio(c22, cp),
        target: "",
        met: undefined,
        command: "node bench/run.mjs cli-deep",
      });
      const tc = median(cold22.map((o) => o.wall));
      rows.push({
        figure: "the same with the compile cache cold (a user's first run after an install or upgrade), against the same pi runs",
        value: ms(tc),
        baseline: `${ms(tp)} pi 1.6.0 (Node 22)`,
        ratio: ratio(tc, tp),
        target: "",
        met: undefined,
        command: "node bench/run.mjs cli-deep",
      });
      rows.push({
        figure: `the same on the bench's node (${process.version}, no compile cache) against the same pi runs (information)`,
        value: ms(t),
        baseline: `${ms(tp)} pi 1.6.0 (Node 22)`,
        ratio: ratio(t, tp),
        target: "",
        met: undefined,
        command: "node bench/run.mjs cli-deep",
      });
    } else {
      rows.push({ figure: `compact on ${deep.name} against pi 1.6.0`, value: `${ms(t)}; pi skipped: ${pkg} or ${node22} missing (../shared/oracle/install.sh)`, baseline: "", ratio: "", target: `≤ ${TIME_TARGET}×`, met: undefined, command: "node bench/run.mjs cli-deep" });
    }
    const peak = median(ours.map((o) => o.maxRss)) - median(small);
    rows.push({
      figure: `peak memory of \`compact FILE\` on ${deep.name}, above the same command on the demo session`,
      value: `${mb(peak)} (${(peak / deep.bytes).toFixed(2)}× file)`,
      baseline: havePi ? `pi 1.6.0: ${mb(median(pis.map((p) => p.maxRss)))} maxRSS whole process; the bin ${mb(median(ours.map((o) => o.maxRss)))} (${process.version}), ${mb(median(ours22.map((o) => o.maxRss)))} (Node 22)` : "",
      ratio: "",
      target: `≤ ${MEMORY_TARGET}× file size`,
      met: peak <= MEMORY_TARGET * deep.bytes,
      command: "node bench/run.mjs cli-deep",
    });
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
