// One screens measurement in a fresh process (bench/sections/screens.mjs):
//   node [the bin's V8 flags] screens-worker.mjs FILE DIST_ROOT [COLUMNS ROWS]
// Runs the bundled bin users run (DIST_ROOT/bin/main.js FILE) in this process on a fake terminal and
// types at it from outside, as a user would: for each screen (tree, detail pane, compaction preview,
// diff, branch flow, recall) the time from the key that opens it to its first frame, the time until
// its content is computed, and the time from each key inside it to the end of the frame that answers
// it. Nothing in the product knows it is measured: keys go in on stdin, frames come out on stdout.
// Prints one JSON object: {screens: [{name, open, ready, keys: [ms...], cpu: [ms...]}], entries}.
//
// How a key is timed (and why): its bytes are written to the app's stdin, and its time runs to the
// end of the first frame written after them (a frame is what Ink writes in one turn of the event
// loop: the synchronized-update start, the lines, its end). Each key goes out only once the screen has
// been quiet for QUIET_MS: then everything written after the key is the key's doing (not the tail of
// the previous key's work), and Ink's frame-rate cap (one frame per 1000/maxFps ms, the rest deferred
// to the end of that window) does not hold the key's frame back. Pressing the next key 2 ms after the
// previous frame, as this driver once did, timed mostly that cap: Ink (maxFps 30) defers any frame
// within 34 ms of the last one, so every key "took" about 34 ms plus its work, on every screen.
// `cpu` is this process's CPU time over the same span (user + system): on a busy machine the wall
// time includes waiting for a core, the CPU time does not.
import { writeSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const [file, distRoot, cols = "120", rowsArg = "40"] = process.argv.slice(2);
process.env.NODE_ENV ??= "production";
delete process.env.CI;
const columns = Number(cols);
const rows = Number(rowsArg);
Object.assign(process.stdout, { isTTY: true, columns, rows });
const keyboard = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => keyboard, ref: () => keyboard, unref: () => keyboard });
let lastInput = 0;
const type = keyboard.write.bind(keyboard);
keyboard.write = (bytes) => {
  lastInput = performance.now();
  return type(bytes);
};
Object.defineProperty(process, "stdin", { value: keyboard, configurable: true });

const KEYS = { up: "\x1b[A", down: "\x1b[B", pagedown: "\x1b[6~", pageup: "\x1b[5~", enter: "\r", escape: "\x1b", "ctrl+k": "\x0b", end: "\x1b[F", home: "\x1b[H" };
const strip = (s) => s.replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g, "");
/** Quiet time before each timed key: more than Ink's frame interval at its default 30 frames a second. */
const QUIET_MS = 50;

/**
 * Writes as made, each with the burst it belongs to: the writes of one turn of the event loop (Ink's
 * synchronized-update start, the frame, its end). A frame matches on its own write; its time is when
 * the last write of its burst returned. (Two frames can land in one turn, from two timers; matching
 * the burst's whole text would then see the earlier frame in it.)
 */
let frames = [];
let burst = null;
process.stdout.write = (chunk) => {
  if (burst === null) {
    const opened = { end: 0, open: true };
    burst = opened;
    setImmediate(() => {
      opened.open = false;
      burst = null;
    });
  }
  const write = { at: performance.now(), text: String(chunk), burst };
  frames.push(write);
  burst.end = performance.now();
  return true;
};
const lastWrite = () => frames.at(-1)?.burst.end ?? 0;
/** What the driver is doing, for a failure's message. */
let step = "waiting for the tree";
const exact = new Promise((resolve) => {
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    const entry = mark(name, options);
    if (name === "pi-explorer:exact-tree") resolve();
    if (name === "pi-explorer:session-opened" && options?.detail?.firstLook !== true) resolve();
    return entry;
  };
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TIMEOUT_MS = 120_000;

/** Waits for the first frame begun at or after `from` that matches; returns the time its last write ended. */
async function frameMatching(from, test, timeout = TIMEOUT_MS) {
  const deadline = performance.now() + timeout;
  for (;;) {
    // Ink rewrites only the lines that changed: what a frame shows is everything written since `from`.
    let seen = "";
    for (const f of frames) {
      if (f.at < from || f.burst.open) continue;
      const text = strip(f.text);
      seen += text;
      if (test(text) || test(seen)) return f.burst.end;
    }
    if (performance.now() > deadline) {
      const last = strip(frames.filter((f) => strip(f.text).trim() !== "").at(-1)?.text ?? "");
      throw new Error(`no frame matched within ${timeout} ms (${step}); last frame:\n${last.slice(0, 2000)}`);
    }
    await sleep(1);
  }
}

/** Until no key went in and nothing was written for QUIET_MS (at most `limit` ms). */
async function quiet(limit = 3000) {
  const until = performance.now() + limit;
  while (performance.now() - Math.max(lastWrite(), lastInput) < QUIET_MS && performance.now() < until) await sleep(5);
}

const cpuMs = (since) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

/**
 * Presses a key once the screen is quiet; returns {wall, cpu}: ms from writing its bytes to the end
 * of the first frame after them, or null when nothing changed on screen within a second.
 */
async function press(key) {
  await quiet();
  frames = frames.filter((f) => f.burst.end >= performance.now() - 1000);
  const cpu = process.cpuUsage();
  const sent = performance.now();
  keyboard.write(KEYS[key] ?? key);
  try {
    const end = await frameMatching(sent, () => true, 1000);
    return { wall: end - sent, cpu: cpuMs(cpu) };
  } catch {
    return null;
  }
}

/** `count` presses of each key, each timed to the frame that answers it (keys that change nothing are left out). */
async function keyRun(keys, count, into = { keys: [], cpu: [] }) {
  for (let i = 0; i < count; i++) {
    for (const key of keys) {
      const t = await press(key);
      if (t !== null) {
        into.keys.push(t.wall);
        into.cpu.push(t.cpu);
      }
    }
  }
  return into;
}

const has = (text) => (frame) => frame.includes(text);

/** Esc `times` times, then waits for the tree. */
async function backToTree(times) {
  step = "Esc back to the tree";
  const from = performance.now();
  for (let i = 0; i < times; i++) {
    keyboard.write(KEYS.escape);
    await sleep(60);
  }
  await frameMatching(from, has("Session Tree"));
  await sleep(300);
}
const screens = [];

async function measureScreen(name, openKey, opened, ready, keys, count) {
  step = `opening ${name}`;
  await quiet();
  const sent = performance.now();
  keyboard.write(KEYS[openKey] ?? openKey);
  const open = (await frameMatching(sent, opened)) - sent;
  const done = (await frameMatching(sent, ready)) - sent;
  const times = keys.length ? await keyRun(keys, count) : { keys: [], cpu: [] };
  screens.push({ name, open, ready: done, ...times });
}

process.argv = [process.argv[0], join(distRoot, "bin", "main.js"), file];
// The bin resolves when the app exits: it runs alongside.
void import(pathToFileURL(join(distRoot, "bin", "main.js")).href);
await frameMatching(0, has("Session Tree"));
await exact;
await sleep(200);

// tree: moving the cursor (the detail pane is hidden, so only rows are drawn).
keyboard.write("\t");
screens.push({ name: "tree", open: 0, ready: 0, ...(await keyRun(["up"], 30)) });
// detail pane: shown again, then each move draws a new entry's content; Shift+D and PgDn scroll it.
keyboard.write("\t");
const detail = await keyRun(["up"], 40);
await quiet();
keyboard.write("D");
await keyRun(["pagedown"], 10, detail);
await quiet();
keyboard.write(KEYS.escape);
screens.push({ name: "detail pane", open: 0, ready: 0, ...detail });
// compaction preview at the selected entry: Ctrl+K, then settings keys.
const settled = (f) => f.includes("Compaction preview") && !f.includes("Computing the plan") && !f.includes("(updating…)") && !f.includes("compiling the summary");
await measureScreen("compaction preview", "ctrl+k", has("Compaction preview"), settled, ["[", "]"], 10);
// the summary pane and its scrolling.
await measureScreen("compaction summary", "s", has("summary"), (f) => f.includes("summary pi-explorer would write") || f.includes("pi would not compact"), ["pagedown", "pageup"], 5);
await quiet();
keyboard.write("s");
// diff: d, then scrolling.
await measureScreen("diff", "d", (f) => f.includes("NOW (what") || f.includes("no after-context") || f.includes("Compiling") || f.includes("Comparing"), (f) => f.includes("NOW (what") || f.includes("no after-context"), ["down", "up"], 10);
await backToTree(2);
// branch flow: Enter on the selected entry (an ancestor of the leaf), then moving through the choices.
await measureScreen("branch flow", "enter", has("Branch navigation"), has("Branch navigation"), ["down", "up"], 5);
await backToTree(1);
// recall: /, then a query typed one key at a time.
await measureScreen("recall", "/", has("Recall"), has("Recall"), [], 0);
await keyRun([..."documents"], 1, screens.at(-1));
writeSync(1, `${JSON.stringify({ screens })}\n`);
process.exit(0);
