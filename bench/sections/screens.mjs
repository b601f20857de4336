// Screens section (issue 11): for every screen (tree, detail pane, compaction preview and its summary,
// diff, branch flow, recall), the time from the key that opens it to its first frame and to the
// frame that shows its content, and the p95 of the keys pressed inside it (key to the frame that
// answers it), on the heaviest generated fixture (test/support/heavy-session.mjs: tool results of
// 100-200 KB full of emoji, variation selectors, ZWJ sequences and CJK; about 5 MB) and on
// synth-50mb. The bundled bin users run is driven from outside (bench/screens-worker.mjs: keys in on
// stdin, frames out on stdout); nothing in the product knows it is measured.
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { binV8Flags, mb, ms, ratio } from "../lib.mjs";

const WORKER = fileURLToPath(new URL("../screens-worker.mjs", import.meta.url));
const GENERATOR = fileURLToPath(new URL("../../test/support/heavy-session.mjs", import.meta.url));
// The baseline, in the same run: the same screens on the bundled demo session (133 short entries).
const BASELINE = fileURLToPath(new URL("../../fixtures/demo/demo-session.jsonl", import.meta.url));
const KEY_P95_MS = 16;
const OPEN_MS = (bytes) => (bytes <= 5.5e6 ? 100 : 300);

export const notes = [
  "- Each file runs in a fresh process of the bundled bin (dist/bin/main.js FILE) on a fake 120×40 terminal. Keys go in on stdin, one at a time, each once the screen has been quiet for 50 ms; a key's time runs from writing its bytes to the end of the first frame Ink writes after them (the writes of one event-loop turn). Waiting for quiet keeps each key's frame its own and out of Ink's frame cap: Ink (maxFps 30) defers a frame that comes within 34 ms of the previous one, so a key pressed 2 ms after the previous key's frame (as this driver once did) waited ~32 ms for the cap on every screen. \"cpu\" is the process's CPU time over the same span: on a busy machine the wall time also holds the wait for a core. \"open\" is the key to the screen's first frame (it may say \"Computing the plan…\": plans, summaries and diffs run after the frame, so keys and Esc are never blocked); \"content\" is the key to the frame that shows the plan, summary, diff or choice.",
  "- Keys inside: tree ↑ (30, detail pane hidden); detail pane ↑ onto every entry in reach (40, each draws a new entry's content, heavy tool results included) and PgDn in the focused pane; preview [ and ] (new cuts each time); summary PgDn/PgUp; diff ↓/↑; branch flow ↓/↑; recall: a query typed one key at a time.",
  "- Baseline: the same driver on the bundled demo session (fixtures/demo/demo-session.jsonl, 133 short entries) in the same run; the ratio is the heavy file's figure over the demo's for the same screen. A key in the demo costs about what it costs in the heavy files (the frame's drawing, not the session, is most of a key), and a slow baseline says the machine was busy.",
  "- heavy-emoji.jsonl is generated into bench/out by `node test/support/heavy-session.mjs bench/out/heavy-emoji.jsonl --turns 32 --heavy-every 1` when missing.",
];

const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] : 0;
};

export async function run(ctx) {
  const heavy = join(ctx.outDir, "heavy-emoji.jsonl");
  if (!existsSync(heavy)) {
    const { writeHeavySession } = await import(pathToFileURL(GENERATOR).href);
    writeHeavySession(heavy, { turns: 32, heavyEvery: 1 });
  }
  const files = [{ name: "heavy-emoji", path: heavy, bytes: statSync(heavy).size }];
  const big = ctx.synth.find((f) => f.name === "synth-50mb");
  if (big) files.push(big);
  const flags = binV8Flags(ctx.root);
  const rows = [];
  /** The worker's screens for one file, or a message saying why there are none. */
  const measure = (path) => {
    const r = ctx.runChild([...flags, WORKER, path, join(ctx.root, "dist"), "120", "40"]);
    const start = r.stdout.indexOf('{"screens"');
    if (r.status === 0 && start >= 0) return JSON.parse(r.stdout.slice(start, r.stdout.lastIndexOf("}") + 1)).screens;
    const first = r.stderr.split("\n").find((l) => /^\w*Error/.test(l)) ?? r.stderr.slice(0, 200);
    return `failed: ${first.trim().slice(0, 200)}`;
  };
  const demo = measure(BASELINE);
  const base = (name) => (typeof demo === "string" ? undefined : demo.find((s) => s.name === name));
  if (typeof demo === "string") rows.push({ figure: "screens on the demo session (the baseline)", value: demo, baseline: "", ratio: "", target: "", met: false, command: "node bench/run.mjs screens   # demo" });
  for (const file of files) {
    const command = `node bench/run.mjs screens   # ${file.name}`;
    const screens = measure(file.path);
    if (typeof screens === "string") {
      rows.push({ figure: `screens on ${file.name}`, value: screens, baseline: "", ratio: "", target: "", met: false, command });
      continue;
    }
    const openTarget = OPEN_MS(file.bytes);
    for (const s of screens) {
      const opened = s.name === "tree" || s.name === "detail pane" ? undefined : s.open;
      const b = base(s.name);
      rows.push({
        figure: `${s.name} on ${file.name} (${mb(file.bytes)}): key to first frame${s.ready !== s.open ? ", to its content" : ""}`,
        value: opened === undefined ? "(shown from the start)" : `${ms(opened)}${s.ready !== s.open ? `; content ${ms(s.ready)}` : ""}`,
        baseline: opened === undefined || b === undefined ? "" : `${ms(b.open)} (demo)`,
        ratio: opened === undefined || b === undefined ? "" : ratio(opened, b.open),
        target: opened === undefined ? "" : `< ${openTarget} ms`,
        met: opened === undefined ? undefined : opened < openTarget,
        command,
      });
      if (s.keys.length > 0) {
        const baseP95 = b !== undefined && b.keys.length > 0 ? p95(b.keys) : undefined;
        rows.push({
          figure: `${s.name} on ${file.name}: key p95 inside (${s.keys.length} keys, max ${ms(Math.max(...s.keys))}; cpu p95 ${ms(p95(s.cpu ?? []))})`,
          value: ms(p95(s.keys)),
          baseline: baseP95 === undefined ? "" : `${ms(baseP95)} (demo)`,
          ratio: baseP95 === undefined ? "" : ratio(p95(s.keys), baseP95),
          target: `< ${KEY_P95_MS} ms`,
          met: p95(s.keys) < KEY_P95_MS,
          command,
        });
      }
    }
  }
  return rows;
}
