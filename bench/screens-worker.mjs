// One screens measurement in a fresh process (bench/sections/screens.mjs):
//   node [the bin's V8 flags] screens-worker.mjs FILE DIST_ROOT [COLUMNS ROWS]
// Runs the bundled bin users run (DIST_ROOT/bin/main.js FILE) in this process on a fake terminal and
// types at it from outside, as a user would: for each screen (tree, detail pane, compaction preview,
// diff, branch flow, recall) the time from the key that opens it to its first frame, the time until
// its content is computed, and the time from each key inside it to the frame that answers it. Nothing
// in the product knows it is measured: keys go in on stdin, frames come out on stdout.
// Prints one JSON object: {screens: [{name, open, ready, keys: [ms...]}], entries}.
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
Object.defineProperty(process, "stdin", { value: keyboard, configurable: true });

const KEYS = { up: "\x1b[A", down: "\x1b[B", pagedown: "\x1b[6~", pageup: "\x1b[5~", enter: "\r", escape: "\x1b", "ctrl+k": "\x0b", end: "\x1b[F", home: "\x1b[H" };
const strip = (s) => s.replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g, "");

/** Frames as written, with their time. */
let frames = [];
process.stdout.write = (chunk) => {
  frames.push({ at: performance.now(), text: String(chunk) });
  return true;
};
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

/** Waits for the first frame written at or after `from` that matches; returns its time. */
async function frameMatching(from, test, timeout = TIMEOUT_MS) {
  const deadline = performance.now() + timeout;
  for (;;) {
    // Ink rewrites only the lines that changed: what a frame shows is everything written since `from`.
    let seen = "";
    for (const f of frames) {
      if (f.at < from) continue;
      const text = strip(f.text);
      seen += text;
      if (test(text) || test(seen)) return f.at;
    }
    if (performance.now() > deadline) {
      const last = strip(frames.filter((f) => strip(f.text).trim() !== "").at(-1)?.text ?? "");
      throw new Error(`no frame matched within ${timeout} ms; last frame:\n${last.slice(0, 2000)}`);
    }
    await sleep(1);
  }
}

/** Presses a key; returns ms until the first frame after it, or null when nothing changed on screen within a second. */
async function press(key) {
  const sent = performance.now();
  frames = frames.filter((f) => f.at >= sent - 1000);
  keyboard.write(KEYS[key] ?? key);
  try {
    return (await frameMatching(sent, () => true, 1000)) - sent;
  } catch {
    return null;
  }
}

/** `count` presses of each key, each timed to the frame that answers it (keys that change nothing are left out). */
async function keyRun(keys, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    for (const key of keys) {
      const t = await press(key);
      if (t !== null) times.push(t);
      await sleep(2);
    }
  }
  return times;
}

const has = (text) => (frame) => frame.includes(text);

/** Esc `times` times, then waits for the tree. */
async function backToTree(times) {
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
  const sent = performance.now();
  keyboard.write(KEYS[openKey] ?? openKey);
  const open = (await frameMatching(sent, opened)) - sent;
  const done = (await frameMatching(sent, ready)) - sent;
  await sleep(20);
  const times = keys.length ? await keyRun(keys, count) : [];
  screens.push({ name, open, ready: done, keys: times });
}

process.argv = [process.argv[0], join(distRoot, "bin", "main.js"), file];
// The bin resolves when the app exits: it runs alongside.
void import(pathToFileURL(join(distRoot, "bin", "main.js")).href);
await frameMatching(0, has("Session Tree"));
await exact;
await sleep(200);

// tree: moving the cursor (the detail pane is hidden, so only rows are drawn).
keyboard.write("\t");
await sleep(100);
screens.push({ name: "tree", open: 0, ready: 0, keys: await keyRun(["up"], 30) });
// detail pane: shown again, then each move draws a new entry's content; Shift+D and PgDn scroll it.
keyboard.write("\t");
await sleep(100);
const detailKeys = await keyRun(["up"], 40);
keyboard.write("D");
await sleep(50);
detailKeys.push(...(await keyRun(["pagedown"], 10)));
keyboard.write(KEYS.escape);
await sleep(50);
screens.push({ name: "detail pane", open: 0, ready: 0, keys: detailKeys });
// compaction preview at the selected entry: Ctrl+K, then settings keys.
const settled = (f) => f.includes("Compaction preview") && !f.includes("Computing the plan") && !f.includes("(updating…)") && !f.includes("compiling the summary");
await measureScreen("compaction preview", "ctrl+k", has("Compaction preview"), settled, ["[", "]"], 10);
// the summary pane and its scrolling.
await measureScreen("compaction summary", "s", has("summary"), (f) => f.includes("summary pi-explorer would write") || f.includes("pi would not compact"), ["pagedown", "pageup"], 5);
keyboard.write("s");
await sleep(50);
// diff: d, then scrolling.
await measureScreen("diff", "d", (f) => f.includes("NOW (what") || f.includes("no after-context") || f.includes("Compiling") || f.includes("Comparing"), (f) => f.includes("NOW (what") || f.includes("no after-context"), ["down", "up"], 10);
await backToTree(2);
// branch flow: Enter on the selected entry (an ancestor of the leaf), then moving through the choices.
await measureScreen("branch flow", "enter", has("Branch navigation"), has("Branch navigation"), ["down", "up"], 5);
await backToTree(1);
// recall: /, then a query typed one key at a time.
await measureScreen("recall", "/", has("Recall"), has("Recall"), [], 0);
const typed = [];
for (const ch of "documents") {
  const t = await press(ch);
  if (t !== null) typed.push(t);
}
screens.at(-1).keys = typed;
writeSync(1, `${JSON.stringify({ screens })}\n`);
process.exit(0);
