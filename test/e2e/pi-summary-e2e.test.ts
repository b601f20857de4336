// End to end on the built binary in tmux, with the user's pi played by the oracle's pi 1.6.0 against a
// loopback fake provider: the compaction preview, pi's own summary (spinner, review, write), then
// Shift+O with a stand-in `pi` that records its arguments and cwd; and a branch summary written this
// way, after which the real pi 1.6.0 (print mode) chains its next entry under the summary.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, expect, it } from "vitest";
import { buildTree, parseSession, type SessionEntry } from "../../src/engine/index.js";
import { BUILT_CLI, ensureBuilt } from "../support/built-app.js";
import { startFakeProvider, type FakeProvider } from "../support/fake-provider.js";
import { fakeModelsJson, hasPi16, makePiInstall, NODE22, PI16_CLI, type PiTestInstall } from "../support/pi-install.js";
import { installPiStandin, STANDIN_EXIT_CODE } from "../support/pi-standin.js";
import { corpusCopy } from "../support/fake-pi.js";
import { hasShared } from "../support/shared.js";
import { describeWithTmux, EXIT_MARKER, startTmux, type TmuxSession } from "../support/tmux.js";

const ready = hasPi16 && hasShared;
if (!ready) console.warn("[skip] pi summary e2e: needs the pi 1.6.0 oracle install and ../shared");

let fake: FakeProvider | undefined;
let install: PiTestInstall | undefined;
let term: TmuxSession | undefined;
afterEach(async () => {
  term?.kill();
  await fake?.close();
  install?.cleanup();
  term = undefined;
  fake = undefined;
  install = undefined;
});

/** A pi install with the fake provider, a project folder for the session's cwd, and a copy of v16-branchy there. */
async function setUp(piBin: "standin" | "real" | "none"): Promise<{ install: PiTestInstall; file: string; project: string; record: string }> {
  fake = await startFakeProvider();
  install = makePiInstall("1.6", fakeModelsJson(fake), { withPi: false });
  symlinkSync(NODE22, join(install.bin, "node"));
  const record = piBin === "standin" ? installPiStandin(install.root, install.bin) : "";
  if (piBin === "real") symlinkSync(PI16_CLI, join(install.bin, "pi"));
  install.writeSettings({ retry: { enabled: false }, compaction: { keepRecentTokens: 4000 } });
  const project = join(install.root, "project");
  mkdirSync(project);
  const file = corpusCopy("v16-branchy-s108.jsonl", { cwd: project });
  return { install, file, project, record };
}

function startApp(setup: { install: PiTestInstall; file: string }): TmuxSession {
  const env = Object.fromEntries(Object.entries(setup.install.env).filter((e): e is [string, string] => e[1] !== undefined));
  term = startTmux({
    command: [process.execPath, BUILT_CLI, setup.file],
    cwd: setup.install.root,
    columns: 120,
    rows: 35,
    home: { home: setup.install.home, agentDir: setup.install.agentDir, remove: () => undefined },
    env,
  });
  return term;
}

/** The cursor on 616b0db9 (an assistant message on another branch), found by its id with Ctrl+G. */
async function cursorOnTarget(t: TmuxSession): Promise<void> {
  t.keys("C-g");
  await t.waitFor((s) => s.includes("Find in full text:"), "the find prompt");
  t.type("616b0db9");
  await t.waitFor((s) => s.includes("Find in full text: 616b0db9"), "the id typed");
  t.keys("Enter");
  await t.waitFor((s) => /› .*I'll check how parse_noaa_csv/.test(s), "the cursor on 616b0db9");
}

const lastEntry = (file: string): SessionEntry & Record<string, unknown> => parseSession(readFileSync(file), "1.6").entries.at(-1) as SessionEntry & Record<string, unknown>;

describeWithTmux("pi's own summary and the way back into pi, in a real terminal", () => {
  beforeAll(() => ensureBuilt(), 180_000);

  it.skipIf(!ready)("preview → w → p: pi's summary from the fake model, reviewed and written; Shift+O runs pi --session FILE in the session's cwd", async () => {
    const setup = await setUp("standin");
    fake!.reply({ kind: "text", text: "## Goal\nSummary written by the fake model.", inputTokens: 4200, outputTokens: 300 });
    const before = readFileSync(setup.file);
    const t = startApp(setup);
    await t.waitFor((s) => s.includes("Session Tree"), "the tree");
    t.keys("C-k");
    const preview = await t.waitFor((s) => s.includes("Compaction preview"), "the compaction preview");
    const at = /Compaction preview at ([0-9a-f]{8}) \(pi's leaf\)/.exec(preview)?.[1];
    t.keys("w");
    let screen = await t.waitFor((s) => s.includes("p: pi: anthropic/claude-opus-4-5 (your pi 1.6.0)"), "the summarizer offer");
    expect(screen).toContain("Summarizer: pi-explorer: deterministic, no LLM.");
    t.keys("p");
    screen = await t.waitFor((s) => s.includes("Summary by anthropic/claude-opus-4-5 (pi 1.6.0, thinking high)"), "pi's summary for review", 30_000);
    expect(screen).toMatch(/Usage: 4,200 in \/ 300 out tokens, \$0\.0285\./);
    expect(screen).toContain("Summary written by the fake model.");
    expect(readFileSync(setup.file).equals(before)).toBe(true);
    t.keys("y");
    // Back in the tree, the cursor on the new entry (the preview closes after a write).
    screen = await t.waitFor((s) => s.includes("Session Tree") && /compaction · [0-9a-f]{8}/.test(s), "the write");
    const entry = lastEntry(setup.file);
    expect(entry).toMatchObject({ type: "compaction", parentId: at, fromHook: false });
    expect(String(entry.summary)).toMatch(/^## Goal\nSummary written by the fake model\./);
    expect(readFileSync(setup.file).subarray(0, before.length).equals(before)).toBe(true);
    expect(fake!.requests).toHaveLength(1);

    // The cursor is on the new entry, pi's leaf: Shift+O hands the terminal to pi.
    t.keys("O");
    screen = await t.waitFor((s) => s.includes(EXIT_MARKER), "the app to end and pi to run");
    expect(screen).toContain("stand-in pi ran");
    expect(screen).toContain(`${EXIT_MARKER}${STANDIN_EXIT_CODE}]`);
    expect(JSON.parse(readFileSync(setup.record, "utf8"))).toEqual({ args: ["--session", setup.file], cwd: setup.project });
  }, 90_000);

  it.skipIf(!ready)("Esc while pi's model works cancels the request and writes nothing", async () => {
    const setup = await setUp("standin");
    fake!.reply({ kind: "hang" });
    const before = readFileSync(setup.file);
    const t = startApp(setup);
    await t.waitFor((s) => s.includes("Session Tree"), "the tree");
    t.keys("C");
    await t.waitFor((s) => s.includes("p: pi: anthropic/claude-opus-4-5 (your pi 1.6.0)"), "the summarizer offer");
    t.keys("p");
    const working = await t.waitFor((s) => s.includes("is writing the summary"), "the spinner", 30_000);
    expect(working).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \d+\.\d s {2}anthropic\/claude-opus-4-5 is writing the summary \(pi 1\.6\.0, thinking high\)/);
    t.keys("Escape");
    await t.waitFor((s) => s.includes("Not written: cancelled"), "the cancel");
    expect(readFileSync(setup.file).equals(before)).toBe(true);
  }, 90_000);

  it.skipIf(!ready)("a branch summary by pi, then the real pi 1.6.0 in print mode chains its next entry under it", async () => {
    const setup = await setUp("real");
    fake!.reply({ kind: "text", text: "Branch summary by the fake model." }, { kind: "text", text: "Hello from pi's next turn." });
    const t = startApp(setup);
    await t.waitFor((s) => s.includes("Session Tree"), "the tree");
    await cursorOnTarget(t);
    t.keys("Enter");
    await t.waitFor((s) => s.includes("Summarize branch?"), "the branch flow");
    t.keys("Down", "Enter");
    await t.waitFor((s) => s.includes("p: pi: anthropic/claude-opus-4-5 (your pi 1.6.0)"), "the summarizer offer");
    t.keys("p");
    await t.waitFor((s) => s.includes("Summary by anthropic/claude-opus-4-5"), "pi's branch summary for review", 30_000);
    t.keys("y");
    await t.waitFor((s) => s.includes("Wrote branch_summary"), "the write");
    const summary = lastEntry(setup.file);
    expect(summary).toMatchObject({ type: "branch_summary", fromId: "f0d15612" });
    t.kill();
    term = undefined;

    // Not spawnSync: the fake provider runs in this process and must keep answering. pi's print mode
    // reads piped stdin into the prompt, so stdin is closed at once.
    const printed = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(NODE22, [PI16_CLI, "--session", setup.file, "-p", "What next?"], { cwd: setup.project, env: setup.install.env as NodeJS.ProcessEnv, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
      );
      child.stdin?.end();
    });
    expect(printed.status, printed.stderr).toBe(0);
    expect(printed.stdout).toContain("Hello from pi's next turn.");
    const loaded = parseSession(readFileSync(setup.file), "1.6");
    const after = loaded.entries.slice(loaded.entries.findIndex((e) => e.id === summary.id) + 1);
    const firstMessage = after.find((e) => e.type === "message");
    expect(after[0]?.parentId).toBe(summary.id);
    expect(firstMessage).toBeDefined();
    const tree = buildTree(loaded);
    const path: string[] = [];
    for (let id: string | null = tree.leafId; id !== null; id = tree.byId.get(id)?.parentId ?? null) path.push(id);
    expect(path).toContain(summary.id);
    expect(existsSync(setup.file)).toBe(true);
  }, 120_000);

  it.skipIf(!ready)("Shift+O on an entry that is not pi's leaf: no summary forks the path into a new file, which pi then opens", async () => {
    const setup = await setUp("standin");
    const t = startApp(setup);
    await t.waitFor((s) => s.includes("Session Tree"), "the tree");
    await cursorOnTarget(t);
    t.keys("O");
    await t.waitFor((s) => s.includes("Open in pi at 616b0db9 (pi: its default model (your pi 1.6.0))"), "the handoff choice");
    t.keys("Down", "Enter");
    const confirm = await t.waitFor((s) => s.includes("y: create the new file"), "the fork confirm");
    const out = /Will create (\S+\.jsonl)/.exec(confirm.replace(/\n\s*/g, ""))?.[1];
    t.keys("y");
    const screen = await t.waitFor((s) => s.includes(EXIT_MARKER), "pi to run on the fork");
    expect(screen).toContain(`${EXIT_MARKER}${STANDIN_EXIT_CODE}]`);
    const record = JSON.parse(readFileSync(setup.record, "utf8")) as { args: string[]; cwd: string };
    expect(record.cwd).toBe(setup.project);
    expect(record.args[0]).toBe("--session");
    expect(record.args[1]).not.toBe(setup.file);
    if (out) expect(record.args[1]).toBe(out);
    // The fork ends with the path to 616b0db9 (and the labels on it, re-created after it).
    const fork = buildTree(parseSession(readFileSync(record.args[1] as string), "1.6"));
    const path: SessionEntry[] = [];
    for (let id: string | null = fork.leafId; id !== null; id = fork.byId.get(id)?.parentId ?? null) path.unshift(fork.byId.get(id) as SessionEntry);
    const at = path.findIndex((e) => e.id === "616b0db9");
    expect(at).toBeGreaterThan(0);
    expect(path.slice(at + 1).every((e) => e.type === "label")).toBe(true);
  }, 90_000);

  it.skipIf(!hasShared)("without a pi: the offer says why, and Shift+O shows the command to run", async () => {
    const setup = await setUp("none");
    const t = startApp(setup);
    await t.waitFor((s) => s.includes("Session Tree"), "the tree");
    t.keys("C");
    await t.waitFor((s) => s.includes("p: pi: unavailable (no pi found on PATH"), "the offer without pi");
    t.keys("Escape");
    await t.waitFor((s) => s.includes("Session Tree") && !s.includes("p: pi:"), "back in the tree");
    // The cursor starts on the last shown entry of pi's path (the leaf itself is a hidden label).
    t.keys("O");
    const screen = await t.waitFor((s) => s.includes("To continue in pi, run:"), "the command");
    expect(screen.replace(/\s+/g, " ")).toContain(`pi --session ${setup.file}`);
  }, 90_000);
});
