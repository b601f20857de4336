// The monkey test: seeded random key sequences, several keys per read, on every fixture session and
// every file of ../shared/corpus (skipped visibly when it is absent), at 120x35, 80x24 and 40x12. The
// app runs in-process through the ink test kit, on a copy of each file (a random `y` may write).
// After every read: no exception, the frame at most rows-1 lines of at most columns width. Then Esc
// (one per read) gets back to the tree, and q quits. A failure names its seed, file, size and keys.
// MONKEY_SEQUENCES=N runs N sequences per file and size (default 1), MONKEY_KEYS=N keys each
// (default 24), MONKEY_SEED=S starts the seeds elsewhere; MONKEY_REPLAY=SEED with -t "FILE at WxH"
// replays a failure's exact keys.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { displayWidth } from "../../components/kit/text-width.js";
import { KEYS, renderInk, stripAnsi, type InkHarness } from "../support/ink-kit.js";
import { FIXTURES, hasShared, sharedPath } from "../support/shared.js";
import { seededRandom } from "../support/seeded-random.mjs";

const SEQUENCES = Number(process.env.MONKEY_SEQUENCES ?? 1);
const KEY_COUNT = Number(process.env.MONKEY_KEYS ?? 24);
const SEED_BASE = Number(process.env.MONKEY_SEED ?? 1);
const REPLAY = process.env.MONKEY_REPLAY === undefined ? undefined : Number(process.env.MONKEY_REPLAY);
const SIZES = [
  { columns: 120, rows: 35 },
  { columns: 80, rows: 24 },
  { columns: 40, rows: 12 },
];

/** Every .jsonl under `dir`, sorted. */
function sessionFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".jsonl")) out.push(p);
    }
  };
  walk(dir);
  return out;
}

const CORPUS = sharedPath("corpus");
const files: { label: string; path: string }[] = sessionFiles(FIXTURES).map((p) => ({ label: `fixtures/${relative(FIXTURES, p)}`, path: p }));
if (hasShared) for (const p of sessionFiles(CORPUS)) files.push({ label: `corpus/${relative(CORPUS, p)}`, path: p });
else console.warn(`[skip] monkey test on ../shared/corpus: ${CORPUS} is absent; only the fixtures run`);

/**
 * The keys a user presses, weighted toward the ones that open screens and move around. No q or
 * Ctrl+C (they quit, which ends the sequence early; the end checks them), Esc only at the end of a
 * read (an ESC followed by more bytes is Alt+key to every terminal program).
 */
const ALPHABET: [string, number][] = [
  ["up", 6], ["down", 8], ["pageup", 2], ["pagedown", 3], ["home", 2], ["end", 2], ["left", 3], ["right", 3],
  ["enter", 5], ["escape", 4], ["tab", 2], ["backspace", 3],
  ["L", 2], ["F", 1], ["C", 1], ["D", 1], ["T", 1], ["I", 1], ["ctrl+k", 4], ["/", 3], ["!", 2], ["ctrl+g", 2], ["?", 2],
  ["ctrl+t", 1], ["ctrl+u", 1], ["ctrl+l", 1], ["ctrl+a", 1], ["ctrl+o", 1], ["ctrl+d", 1], ["ctrl+n", 1], ["ctrl+p", 1],
  ["ctrl+x", 1], ["ctrl+r", 1], ["ctrl+left", 1], ["ctrl+right", 1],
  ["[", 2], ["]", 2], ["{", 1], ["}", 1], ["<", 1], [">", 1], ["0", 1], ["p", 1], ["s", 2], ["d", 2], ["b", 2], ["c", 1], ["w", 2], ["K", 1], ["R", 1],
  ["e", 2], ["n", 2], ["j", 1], ["k", 1], ["y", 2], ["a", 2], ["x", 1], ["7", 1], [" ", 1], ["é", 1], ["界", 1], ["🗄️", 1],
];
const TOTAL_WEIGHT = ALPHABET.reduce((sum, [, w]) => sum + w, 0);

function pick(random: () => number): string {
  let r = random() * TOTAL_WEIGHT;
  for (const [key, w] of ALPHABET) if ((r -= w) < 0) return key;
  return ALPHABET[0][0];
}

/** A sequence of reads, each one to four keys; an Esc always ends its read. */
export function monkeyReads(seed: number, count: number): string[][] {
  const random = seededRandom(seed);
  const reads: string[][] = [];
  let read: string[] = [];
  let size = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const key = pick(random);
    read.push(key);
    if (key === "escape" || read.length >= size) {
      reads.push(read);
      read = [];
      size = 1 + Math.floor(random() * 4);
    }
  }
  if (read.length > 0) reads.push(read);
  return reads;
}

const bytes = (key: string): string => KEYS[key] ?? key;

/** Lines over the frame's budget: more than rows-1 lines, or a line wider than the terminal. */
function frameProblems(frame: string, size: { columns: number; rows: number }): string[] {
  const problems: string[] = [];
  const lines = frame.split("\n");
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length > size.rows - 1) problems.push(`${lines.length} lines (at most ${size.rows - 1})`);
  lines.forEach((line, i) => {
    const w = displayWidth(line);
    if (w > size.columns) problems.push(`line ${i + 1} is ${w} columns wide: ${JSON.stringify(line.slice(0, 60))}…`);
  });
  return problems;
}

/** The tree with nothing open over or under it: its counter line, and no editor, confirm step or notice of a flow. */
const treeOnly = (frame: string): boolean =>
  /^ {2}\(\d+\/\d+\)/m.test(frame) && !/Label \(empty|Label for | {2}y: |Esc\/n: cancel|Esc: back|Nothing is written|Find in full text:/.test(frame);

const loadError = (frame: string): boolean => frame.includes("Cannot open this session");

interface Run {
  ui: InkHarness;
  exited: () => boolean;
  errors: unknown[];
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const settle = async () => {
  await tick();
  await tick();
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  await tick();
};

/** Wait until every key of the last read went through the router (one per React commit) and React settled. */
async function settleKeys(keys: number): Promise<void> {
  for (let i = 0; i < keys + 2; i++) await settle();
}

let tempRoot: string | undefined;
afterAll(() => {
  if (tempRoot) rmSync(tempRoot, { recursive: true, force: true });
});

/** A home folder for one sequence, with a copy of the session in it (a random `y` may write to it). */
function workspace(file: string): { home: string; cwd: string; copy: string } {
  tempRoot ??= mkdtempSync(join(tmpdir(), "pi-explorer-monkey-"));
  const home = mkdtempSync(join(tempRoot, "run-"));
  const cwd = join(home, "project");
  mkdirSync(cwd);
  const copy = join(home, "session.jsonl");
  copyFileSync(file, copy);
  return { home, cwd, copy };
}

async function start(space: { home: string; cwd: string; copy: string }, size: { columns: number; rows: number }): Promise<Run> {
  const errors: unknown[] = [];
  const ui = await renderInk(<App env={{ cwd: space.cwd, home: space.home, env: {}, profile: "1.6" }} initial={{ kind: "tree", path: space.copy, fromPicker: false }} />, size);
  let exited = false;
  ui.instance.waitUntilExit().then(
    () => (exited = true),
    (error: unknown) => {
      exited = true;
      errors.push(error);
    },
  );
  await ui.waitFor((f) => treeOnly(f) || loadError(f), 30_000);
  return { ui, exited: () => exited, errors };
}

/** One sequence: the reads, checked after each; then Esc back to the tree and q out. Throws with a replayable description. */
async function monkey(file: { label: string; path: string }, size: { columns: number; rows: number }, seed: number): Promise<void> {
  const reads = monkeyReads(seed, KEY_COUNT);
  const space = workspace(file.path);
  let run = await start(space, size);
  const sent: string[][] = [];
  const fail = (why: string): never => {
    const frame = run.ui.frame();
    run.ui.unmount();
    rmSync(space.home, { recursive: true, force: true });
    throw new Error(
      `monkey: ${why}\n  file ${file.label} at ${size.columns}x${size.rows}, seed ${seed} (replay: MONKEY_REPLAY=${seed} MONKEY_KEYS=${KEY_COUNT} npx vitest run test/app/monkey.test.tsx -t "${file.label} at ${size.columns}x${size.rows}")\n  reads: ${JSON.stringify(sent)}\n  frame:\n${frame}`,
    );
  };
  // Every frame written since the last check, not only the last one.
  let checked = 0;
  const check = () => {
    if (run.errors.length > 0) fail(`the app failed: ${String(run.errors[0])}`);
    const frames = run.ui.frames();
    for (let i = Math.min(checked, frames.length); i < frames.length; i++) {
      const problems = frameProblems(stripAnsi(frames[i]), size);
      if (problems.length > 0) fail(`frame over budget: ${problems.join("; ")}\n  (frame ${i + 1}):\n${stripAnsi(frames[i])}`);
    }
    checked = frames.length;
  };
  check();
  if (loadError(run.ui.frame())) {
    // A file the app cannot open: its message fits, and any key leaves.
    await run.ui.press("x");
    await run.ui.waitFor(() => run.exited(), 5000).catch(() => fail("a key on the load error did not leave"));
    run.ui.unmount();
    rmSync(space.home, { recursive: true, force: true });
    return;
  }
  for (const read of reads) {
    sent.push(read);
    const before = run.ui.frame();
    await run.ui.press(read.map(bytes).join(""));
    await settleKeys(read.length);
    if (run.exited()) {
      // Esc on the tree with an empty search closes it, as in pi: fine when it came from the tree.
      if (read.at(-1) !== "escape" || (read.length === 1 && !treeOnly(before))) fail("the app quit on a key that is no quit key here");
      if (run.errors.length > 0) fail(`the app failed: ${String(run.errors[0])}`);
      // Open the file again (as written so far) and go on with the next reads.
      run.ui.unmount();
      sent.push(["(closed from the tree; opened again)"]);
      run = await start(space, size);
      checked = 0;
    }
    check();
  }
  const { ui } = run;
  // Esc, one per read, gets back to the tree (a busy machine may still be drawing the last key's frame).
  await ui.waitFor(treeOnly, 500).catch(() => undefined);
  for (let i = 0; !treeOnly(ui.frame()); i++) {
    if (i >= 12) fail("12 Esc presses did not get back to the tree");
    sent.push(["escape"]);
    const shown = ui.frame();
    await ui.press(bytes("escape"));
    await settleKeys(1);
    if (run.exited()) fail(`Esc closed the app before the tree was back; the screen was:\n${shown}`);
    // Waiting screens (a summary being compiled) may take a moment to give way.
    if (!treeOnly(ui.frame())) await ui.waitFor(treeOnly, 300).catch(() => undefined);
    if (run.exited()) fail("Esc closed the app before the tree was back");
    check();
  }
  // q quits (a search query takes the q as text: Esc clears it, then q quits).
  for (let i = 0; !run.exited(); i++) {
    if (i >= 3) fail("q did not quit from the tree");
    if (i > 0) {
      sent.push(["escape"]);
      await ui.press(bytes("escape"));
      await settleKeys(1);
      if (run.exited()) break;
    }
    sent.push(["q"]);
    await ui.press("q");
    await settleKeys(1);
  }
  if (run.errors.length > 0) fail(`the app failed: ${String(run.errors[0])}`);
  ui.unmount();
  rmSync(space.home, { recursive: true, force: true });
}

describe("monkey: random keys, several per read, on every session file and size", () => {
  it("the sequences are seeded: one seed, the same keys", () => {
    expect(monkeyReads(7, 30)).toEqual(monkeyReads(7, 30));
    expect(monkeyReads(7, 30)).not.toEqual(monkeyReads(8, 30));
    // An Esc is always the last key of its read.
    for (const read of monkeyReads(3, 200)) expect(read.slice(0, -1)).not.toContain("escape");
  });

  files.forEach((file, fileIndex) => {
    SIZES.forEach((size, sizeIndex) => {
      it(`${file.label} at ${size.columns}x${size.rows}`, { timeout: 120_000 }, async () => {
        if (REPLAY !== undefined) return monkey(file, size, REPLAY);
        for (let s = 0; s < SEQUENCES; s++) await monkey(file, size, SEED_BASE + (fileIndex * SIZES.length + sizeIndex) * 1000 + s);
      });
    });
  });
});
