// Live follow (issue 12): on synth-50mb, the time from pi appending one entry to the frame that shows
// it (p50, p95), and what that update costs the engine: the appended bytes read and parsed, against
// the full open of the same file measured in the same run. Each run appends to a private copy of the
// generated file.
import { copyFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { binV8Flags, ms, ratio } from "../lib.mjs";

const WORKER = fileURLToPath(new URL("../live-worker.mjs", import.meta.url));
const FRAME_P95_TARGET_MS = 250;
const PARSE_TARGET_MS = 5;
const APPENDS = 20;
const ROUNDS = 3;

export const notes = [
  "- Live follow: the bundled bin runs on a copy of synth-50mb in the worker's process (fake 120×40 terminal); once the exact tree is in and the status line says live, one user message is appended at a time (150 ms apart) and the time is taken from the append until the first frame that shows it: fs.watch (or the 250 ms stat poll), the read of the appended bytes (store/follow.ts), the tree index and model, the render. The update's engine cost is readFollowUpdate alone (the appended bytes and the 64 KiB guard window before them read, the new line parsed, the entries extended), against readSessionFile + buildTree of the whole file in the same process; the index rebuilt over all entries (buildTree) is given beside it. The tree's cost text after an append (treeCost on the extended tree, which adds the new entries to the previous tree's sums, and the branch of the new leaf) is timed against what it redid per append before: sessionUsage over the whole tree and branchOfEntry, on the same tree in the same process.",
];

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export async function run(ctx) {
  const big = ctx.synth.find((f) => f.name === "synth-50mb");
  if (!big) return [{ figure: "live follow", value: "skipped: no synth-50mb session (../shared absent)", baseline: "", ratio: "", target: "", met: undefined, command: "" }];
  const flags = binV8Flags(ctx.root);
  const copy = join(ctx.outDir, "live-follow-copy.jsonl");
  const child = (mode) => {
    copyFileSync(big.path, copy);
    const r = ctx.runChild([...flags, WORKER, mode, copy, ctx.root + "dist", String(APPENDS)]);
    if (r.status !== 0) throw new Error(`live-worker ${mode} failed: ${(r.stderr.split("\n").find((l) => /Error/.test(l)) ?? r.stderr).trim().slice(0, 200)}`);
    return JSON.parse(r.stdout.trim().split("\n").pop());
  };
  const latencies = [];
  const parse = { update: [], parse: [], index: [], cost: [], wholeUsage: [], fullOpen: [] };
  let entries = 0;
  try {
    for (let r = 0; r < ROUNDS; r++) {
      latencies.push(...child("frame").latencies);
      const p = child("parse");
      parse.update.push(...p.update);
      parse.parse.push(...p.parse);
      parse.index.push(...p.index);
      parse.cost.push(...p.cost);
      parse.wholeUsage.push(...p.wholeUsage);
      parse.fullOpen.push(p.fullOpenMs);
      entries = p.entries;
    }
  } finally {
    rmSync(copy, { force: true });
  }
  const fullOpen = ctx.median(parse.fullOpen);
  const p95 = pct(latencies, 95);
  const parseP50 = pct(parse.parse, 50);
  const parseP95 = pct(parse.parse, 95);
  const command = "node bench/run.mjs live";
  return [
    {
      figure: `live follow on ${big.name} (${entries} entries): one appended entry until the frame that shows it, p95 (p50 ${ms(pct(latencies, 50))}; ${latencies.length} appends)`,
      value: ms(p95),
      baseline: `${ms(fullOpen)} full open of the same file (readSessionFile + buildTree), median`,
      ratio: ratio(p95, fullOpen),
      target: `p95 < ${FRAME_P95_TARGET_MS} ms`,
      met: p95 < FRAME_P95_TARGET_MS,
      command,
    },
    {
      figure: `live follow: the update's parse (the appended bytes and the 64 KiB guard window read, the new line parsed), p95 (p50 ${ms(parseP50)}; ${parse.parse.length} appends)`,
      value: ms(parseP95),
      baseline: `${ms(fullOpen)} full open of the same file`,
      ratio: ratio(parseP95, fullOpen),
      target: `< ${PARSE_TARGET_MS} ms`,
      met: parseP95 < PARSE_TARGET_MS,
      command,
    },
    {
      figure: `live follow: the whole engine update (parse + the entries extended and their structure checked over all entries, readFollowUpdate), p95 (p50 ${ms(pct(parse.update, 50))}; information)`,
      value: ms(pct(parse.update, 95)),
      baseline: `${ms(fullOpen)} full open of the same file`,
      ratio: ratio(pct(parse.update, 95), fullOpen),
      target: "",
      met: undefined,
      command,
    },
    {
      figure: `live follow: the tree index rebuilt over all entries after an append (buildTree), p95 (information)`,
      value: ms(pct(parse.index, 95)),
      baseline: `${ms(fullOpen)} full open of the same file`,
      ratio: ratio(pct(parse.index, 95), fullOpen),
      target: "",
      met: undefined,
      command,
    },
    {
      figure: `live follow: the tree's cost text after an append (path, branch under the cursor, file: usage/tree-cost.ts, the previous tree's sums plus the new entry), p95 (p50 ${ms(pct(parse.cost, 50))})`,
      value: ms(pct(parse.cost, 95)),
      baseline: `${ms(ctx.median(parse.wholeUsage))} the whole session's usage report + branch walk on the same tree (what it redid per append before), median`,
      ratio: ratio(pct(parse.cost, 95), ctx.median(parse.wholeUsage)),
      target: "informational (grows with the append; a test counts the reads)",
      met: undefined,
      command,
    },
  ];
}
