// App section: the tree screen on the biggest branched synthetic session (55k entries, 5k branch
// points): time to the first frame, and the p95 cost of one key press (move, page, fold, filter,
// search) measured as reducer step + building the visible window of rows.
import { fileURLToPath } from "node:url";
import { ms, ratio } from "../lib.mjs";

const WORKER = fileURLToPath(new URL("../app-worker.mjs", import.meta.url));
const FIRST_FRAME_TARGET = 2;
const KEY_TARGET_MS = 16;

export async function run(ctx) {
  const file = ctx.synth.find((f) => f.name === "synth-branches5k");
  if (!file) {
    return [{ figure: "app", value: "skipped: no synth-branches5k session (../shared absent)", baseline: "", ratio: "", target: "", met: undefined, command: "" }];
  }
  const command = "node bench/run.mjs app";
  const child = (mode) => {
    const r = ctx.runChild([WORKER, mode, file.path, ctx.root + "dist"]);
    if (r.status !== 0) throw new Error(`app-worker ${mode} failed: ${(r.stderr.split("\n").find((l) => /Error/.test(l)) ?? r.stderr).trim().slice(0, 160)}`);
    return JSON.parse(r.stdout.trim().split("\n").pop());
  };
  const rows = [];
  const frames = [child("first-frame"), child("first-frame"), child("first-frame")];
  const bases = [child("baseline"), child("baseline"), child("baseline")];
  const t = ctx.median(frames.map((f) => f.ms));
  const tb = ctx.median(bases.map((b) => b.ms));
  rows.push({
    figure: `first frame of the tree for ${file.name} (${frames[0].entries} entries): read+index+flatten+render`,
    value: ms(t),
    baseline: `${ms(tb)} readFileSync + JSON.parse per line`,
    ratio: ratio(t, tb),
    target: `≤ ${FIRST_FRAME_TARGET}×`,
    met: t <= FIRST_FRAME_TARGET * tb,
    command,
  });
  const keys = child("keys");
  for (const k of keys.keys) {
    rows.push({
      figure: `tree key press p95: ${k.kind} (${k.samples} presses, ${keys.visibleRows} visible rows; p50 ${ms(k.p50)})`,
      value: ms(k.p95),
      baseline: "",
      ratio: "",
      target: `< ${KEY_TARGET_MS} ms`,
      met: k.p95 < KEY_TARGET_MS,
      command,
    });
  }
  return rows;
}
