// A bounded fuzz run of the built CLI: seeded mutations of real sessions (the crashing kinds of
// issue #10: deep nesting, non-string ids and fields of the wrong type, huge and torn lines, control
// characters, cycles, special files) through every command, text and --json. Every run must end on
// its own in under 10 s with an exit code that means something (0, 2, 3, 4; never 1, the internal
// error), no stack trace, and with --json exactly one JSON document on stdout.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CLI, ensureBuilt } from "../cli/run-built-cli.js";
import { FIXTURES, PROJECT_ROOT } from "../support/shared.js";
import { seededRandom } from "../support/seeded-random.mjs";

const RUNS = 90;
const PARALLEL = 3;
const RUN_LIMIT_MS = 10_000;
/** Another seed explores other cases: PI_EXPLORER_FUZZ_SEED=7 npx vitest run test/writes/cli-fuzz.test.ts */
const SEED = Number(process.env.PI_EXPLORER_FUZZ_SEED ?? 0x5eed10);

beforeAll(() => ensureBuilt());

const dir = mkdtempSync(join(tmpdir(), "pi-explorer-fuzz-"));
const BASES = [join(FIXTURES, "commit", "small-v3.jsonl"), join(PROJECT_ROOT, "fixtures", "demo", "demo-session.jsonl"), ...readdirSync(join(FIXTURES, "damaged")).map((n) => join(FIXTURES, "damaged", n))];
const ODD_VALUES: unknown[] = [123, true, {}, [1], 1.5, null, "", "\u009b2J", -1, { id: "x" }, [[[[]]]]];
const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

type Mutation = (lines: string[], pick: <T>(xs: readonly T[]) => T, rand: () => number) => string[];
const onObject = (line: string, change: (o: Record<string, unknown>) => void): string => {
  try {
    const o = JSON.parse(line) as Record<string, unknown>;
    if (o === null || typeof o !== "object") return line;
    change(o);
    return JSON.stringify(o);
  } catch {
    return line;
  }
};
const MUTATIONS: [string, Mutation][] = [
  ["odd id", (ls, pick) => ls.map((l, i) => (i > 0 && i % 2 ? onObject(l, (o) => (o.id = pick(ODD_VALUES))) : l))],
  ["odd parentId", (ls, pick) => ls.map((l, i) => (i > 0 ? onObject(l, (o) => (o.parentId = pick(ODD_VALUES))) : l))],
  ["odd message", (ls, pick) => ls.map((l, i) => (i > 0 && i % 3 === 0 ? onObject(l, (o) => (o.message = pick(ODD_VALUES))) : l))],
  ["odd content", (ls, pick) => ls.map((l) => onObject(l, (o) => o.message && typeof o.message === "object" && ((o.message as Record<string, unknown>).content = pick(ODD_VALUES))))],
  ["deep arguments", (ls) => [...ls, `{"type":"message","id":"dz","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"assistant","content":[{"type":"toolCall","id":"t","name":"bash","arguments":${deep(60_000)}}],"stopReason":"toolUse","timestamp":1}}`]],
  ["deep field", (ls, pick) => ls.map((l, i) => (i === Math.max(1, ls.length - 1) ? l.replace(/}$/, `,"extra":${deep(60_000)}}`) : pick([l, l])))],
  ["torn line", (ls, _p, rand) => ls.map((l, i) => (i > 0 && rand() < 0.3 ? l.slice(0, Math.floor(rand() * l.length)) : l))],
  ["huge line", (ls) => [...ls, JSON.stringify({ type: "message", id: "huge", parentId: null, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "user", content: "word ".repeat(400_000), timestamp: 1 } })]],
  ["control characters", (ls) => ls.map((l) => l.replace(/"content":"/g, '"content":"\\u009b31m\\u009d0;t\\u0007\\u202e\\u2028\\u0000'))],
  ["no header", (ls) => ls.slice(1)],
  ["header version", (ls, pick) => [onObject(ls[0] ?? "{}", (o) => (o.version = pick([-1, 2.5, "3", null, 99, 0]))), ...ls.slice(1)]],
  ["shuffled", (ls, _p, rand) => [ls[0], ...ls.slice(1).sort(() => rand() - 0.5)]],
  ["duplicated", (ls) => [...ls, ...ls.slice(1)]],
  ["random bytes", (ls, _p, rand) => ls.map((l) => (rand() < 0.2 ? l.replace(/./g, (c) => (rand() < 0.05 ? String.fromCharCode(Math.floor(rand() * 0x3000)) : c)) : l))],
  ["nothing", (ls) => ls],
];

type Case = { args: string[]; json: boolean; what: string };

function makeCases(): Case[] {
  const rand = seededRandom(SEED);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const cases: Case[] = [];
  const fifo = join(dir, "fifo.jsonl");
  spawnSync("mkfifo", [fifo]);
  const specials = [fifo, "/dev/null", "/dev/zero", dir, join(dir, "missing.jsonl")];
  for (let n = 0; n < RUNS; n++) {
    let file: string;
    let what: string;
    if (n % 15 === 14) {
      file = pick(specials);
      what = file;
    } else {
      const [name, mutate] = pick(MUTATIONS);
      const base = pick(BASES);
      const lines = readFileSync(base, "utf8").split("\n").filter((l) => l !== "");
      file = join(dir, `case-${n}.jsonl`);
      writeFileSync(file, `${mutate(lines, pick, rand).join("\n")}\n`);
      what = `${name} of ${base}`;
    }
    const ids = readIds(file);
    const id = ids.length > 0 ? pick(ids) : "nope";
    const command = pick([
      ["tree", file],
      ["tree", file, "--filter", pick(["all", "user", "labeled"])],
      ["context", file],
      ["context", file, "--leaf", id],
      ["compact", file, "--keep-recent", pick(["0", "100", "-5", "x"])],
      ["compact", file, "--keep-recent", "100", "--commit", "--yes"],
      ["branch", file, "--target", id],
      ["branch", file, "--target", id, "--summarize", "--commit", "--yes"],
      ["label", file, id, "fuzz", "--yes"],
      ["fork", file, "--out", join(dir, `fork-${n}.jsonl`), "--yes"],
      ["recall", file, pick(["word", "/(a|b)+c/", "/a{0,40}a{0,40}b/", "role:user", "/(/", "\"a phrase\""])],
      ["recall", file, "--expand", pick(["#0", "#1", id, "#99999"])],
      ["recall", file, "x", "--page", pick(["-1", "0", "2"])],
      ["export", file, "--format", pick(["md", "html"])],
      ["usage", file],
      ["timeline", file],
    ]);
    const json = rand() < 0.5;
    cases.push({ args: json ? [...command, "--json"] : command, json, what });
  }
  return cases;
}

function readIds(file: string): string[] {
  try {
    if (!statSync(file).isFile()) return []; // a FIFO would block this test's own read
    const ids: string[] = [];
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const match = /"id":"([^"\\]{1,40})"/.exec(line);
      if (match) ids.push(match[1]);
    }
    return ids;
  } catch {
    return [];
  }
}

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function run(args: readonly string[]): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, env: { ...process.env, PI_EXPLORER_DEBUG: undefined, HOME: dir, PI_CODING_AGENT_DIR: join(dir, "agent") } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), RUN_LIMIT_MS);
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    }),
  );
}

/** Problems of one run, as lines (none: the run is fine). */
function problems(c: Case, o: Outcome): string[] {
  const found: string[] = [];
  if (o.signal !== null) found.push(`killed after ${o.ms} ms (over ${RUN_LIMIT_MS} ms)`);
  if (o.code !== null && ![0, 2, 3, 4].includes(o.code)) found.push(`exit ${o.code}`);
  if (/internal error|^\s+at .+:\d+:\d+\)?$/m.test(o.stderr)) found.push(`stack or internal error: ${o.stderr.slice(0, 300)}`);
  if (c.json) {
    try {
      JSON.parse(o.stdout);
    } catch {
      found.push(`stdout is not one JSON document: ${JSON.stringify(o.stdout.slice(0, 200))}`);
    }
  }
  return found.map((p) => `${c.args.join(" ")} [${c.what}]: ${p}`);
}

describe("the CLI under generated bad input", () => {
  it(`${RUNS} seeded runs: no exit 1, no stack trace, none over ${RUN_LIMIT_MS / 1000} s, --json always one document`, async () => {
    const cases = makeCases();
    const failures: string[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < cases.length) {
        const c = cases[next++];
        failures.push(...problems(c, await run(c.args)));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    expect(failures).toEqual([]);
  }, 240_000);
});
