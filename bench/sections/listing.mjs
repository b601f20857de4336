// Listing section: pi's listing of every project (`list --all`, the picker's Tab) over the recall
// bench's sessions folder (about 1 GB), against reading every file once in the same process; and the
// picker's listing again after pi appended to one session, with the listing cache it keeps
// (SessionInfoCache: that file read again, every other one a stat).
//
// This file is also its own worker: `node bench/sections/listing.mjs <agentDir> <engineUrl>` runs the
// measurement in a fresh process and prints JSON (the harness imports it and calls run()).
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const fmt = (n) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(2)} ms`);
const ratioOf = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : "n/a");

export const notes = [
  "- The first listing reads every file whole, as pi's listing does (pi's SessionInfo needs every message's text; the picker adds branch, compaction, damage and usage counts). What made it faster in December 2026's ninth session (`list --all` of this folder, the built CLI before and after alternating: 8.9-9.7 s with 3.4-3.5 s of system time before, 5.2-5.3 s with 1.5 s after, the output byte for byte the same): each parsed line drops at once the texts a listing never reads (tool output, tool-call arguments, thinking, image data; session/listing-projection.ts), so the entries held to the file's end are small (the collector had 39% of the time), and the files are read into buffers kept from one file to the next (store/read-buffers.ts) instead of a new one each.",
  "- The picker lists every project a file per step between keys (listing-steps.ts), saying how many files it has read, and lists again whenever pi appends to a session of the folder: through the cache, that reads only the file that changed.",
];

// ------------------------------------------------------------------ harness side
export async function run(ctx) {
  const command = "node bench/run.mjs listing";
  const agentDir = join(ctx.outDir, "recall-agent");
  const dir = join(agentDir, "sessions");
  if (!existsSync(dir)) {
    return [{ figure: "list --all", value: `skipped: ${dir} missing (run the recall section first)`, baseline: "", ratio: "", target: "", met: undefined, command }];
  }
  const r = ctx.runChild([SELF, agentDir, ctx.engineUrl], { timeoutMs: 1_800_000 });
  if (r.status !== 0) {
    const why = (r.stderr.split("\n").find((l) => /Error/.test(l)) ?? r.stderr.split("\n")[0] ?? "").trim().slice(0, 160);
    return [{ figure: "list --all", value: `crashed: ${why}`, baseline: "", ratio: "", target: "", met: false, command }];
  }
  const m = JSON.parse(r.stdout);
  const label = `${m.sessions} sessions, ${(m.bytes / 1e9).toFixed(2)} GB`;
  return [
    {
      figure: `list --all: every project listed, every file read whole (${label}; median of ${m.runs} listings in one process)`,
      value: fmt(m.listMs),
      baseline: `${fmt(m.readMs)} reading every file once (same process, files in memory)`,
      ratio: ratioOf(m.listMs, m.readMs),
      target: "informational",
      met: undefined,
      command,
    },
    {
      figure: "the picker listing every project again after pi appended to one session (the listing cache: that file read again, the others a stat each)",
      value: fmt(m.relistMs),
      baseline: `${fmt(m.listMs)} the first listing`,
      ratio: ratioOf(m.relistMs, m.listMs),
      target: "≪ the first listing (≤ 0.25×)",
      met: m.relistMs <= m.listMs / 4,
      command,
    },
  ];
}

// ------------------------------------------------------------------ worker side
async function worker(agentDir, engineUrl) {
  const E = await import(engineUrl);
  // A folder of our own beside the bench's: every project linked (pi 1.6 lists linked folders), and
  // one session copied, so pi's append can be played without writing the bench's inputs.
  const own = mkdtempSync(join(tmpdir(), "pi-explorer-listing-bench-"));
  try {
    mkdirSync(join(own, "sessions", "--bench-live--"), { recursive: true });
    for (const project of readdirSync(join(agentDir, "sessions"))) symlinkSync(join(agentDir, "sessions", project), join(own, "sessions", project));
    const files = E.listAllSessionFiles({ agentDir: own, profile: "1.6" });
    const live = join(own, "sessions", "--bench-live--", "live.jsonl");
    copyFileSync(files[0], live);
    const all = E.listAllSessionFiles({ agentDir: own, profile: "1.6" });
    const bytes = all.reduce((n, f) => n + statSync(f).size, 0);
    const opts = { agentDir: own, cwd: "/", profile: "1.6", all: true };

    // Once to bring every file into the page cache, once timed: the listings after read them from memory too.
    for (const f of all) readFileSync(f);
    let r0 = performance.now();
    for (const f of all) readFileSync(f);
    const readMs = performance.now() - r0;
    const listTimes = [];
    let sessions = 0;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      sessions = E.listSessions(opts).length;
      listTimes.push(performance.now() - t0);
    }
    const cache = new E.SessionInfoCache();
    const first = E.listSessions({ ...opts, cache });
    const lastLine = readFileSync(live, "utf8").trimEnd().split("\n").at(-1);
    appendFileSync(live, `${lastLine.replace(/"id":"[^"]*"/, '"id":"bench-append"')}\n`);
    r0 = performance.now();
    const again = E.listSessions({ ...opts, cache });
    const relistMs = performance.now() - r0;
    const liveBefore = first.find((s) => s.path === live);
    const liveAfter = again.find((s) => s.path === live);
    if (again.length !== first.length || !liveAfter || liveAfter === liveBefore || liveAfter.sizeBytes <= liveBefore.sizeBytes) throw new Error("the relisting did not read the appended session again");
    if (again.filter((s) => first.includes(s)).length !== first.length - 1) throw new Error("the relisting read unchanged sessions again");
    listTimes.sort((a, b) => a - b);
    return { sessions, bytes, readMs, listMs: listTimes[1], runs: listTimes.length, relistMs };
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
}

if (process.argv[1] === SELF) {
  const [agentDir, engineUrl] = process.argv.slice(2);
  worker(agentDir, engineUrl).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
