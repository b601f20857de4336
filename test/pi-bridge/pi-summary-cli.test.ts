// `compact --commit --summarizer pi` and `branch ... --summarizer pi` against the user's pi (the oracle's
// pi 1.6.0 as a test install) and a loopback fake provider: the entry written is pi's own, the report
// has usage and cost, and every failure is one line with the file byte-for-byte unchanged.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider, type FakeReply } from "../support/fake-provider.js";
import { corpusCopy, useFakePi } from "../support/fake-pi.js";
import { fakeModelsJson, hasPi16, makePiInstall, type PiTestInstall } from "../support/pi-install.js";
import { hasShared } from "../support/shared.js";
import { runInProcess } from "../cli/run-in-process.js";

const ready = hasPi16 && hasShared;
if (!ready) console.warn("[skip] pi summary CLI: needs the pi 1.6.0 oracle install (/tmp/pi-oracle) and ../shared");

const sessionCopy = (): string => corpusCopy("v16-branchy-s108.jsonl");

/** `compact --commit --summarizer pi --yes` on a fresh copy: exit 4, one line matching `expected`, the file unchanged. */
async function expectOneLine(install: PiTestInstall, extraArgs: string[], expected: RegExp, env: Record<string, string | undefined> = {}) {
  const file = sessionCopy();
  const before = readFileSync(file);
  const result = await runInProcess(["compact", file, "--keep-recent", "4000", "--commit", "--summarizer", "pi", "--yes", ...extraArgs], {
    env: { ...install.env, ...env },
    cwd: install.root,
    home: install.home,
  });
  expect(result.status).toBe(4);
  const lines = result.stderr.trim().split("\n").filter((line) => !line.includes("asking your pi") && !line.includes("is writing the summary"));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(expected);
  expect(lines[0]).toContain("nothing was written");
  expect(readFileSync(file).equals(before)).toBe(true);
}

const lastEntry = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, "utf8").trimEnd().split("\n").at(-1) as string);

describe.skipIf(!ready)("compact/branch --summarizer pi (pi 1.6.0, fake provider)", () => {
  const env = useFakePi("1.6");
  const run = (args: string[]) => runInProcess(args, { env: env.install().env, cwd: env.install().root, home: env.install().home });

  it("compact --commit --summarizer pi --yes --json appends pi's own compaction with the fake model's text, usage and cost", async () => {
    env.fake().reply({ kind: "text", text: "## Goal\nSummary from the fake model.", inputTokens: 3000, outputTokens: 200 });
    const file = sessionCopy();
    const before = readFileSync(file);
    const result = await run(["compact", file, "--keep-recent", "4000", "--commit", "--summarizer", "pi", "--yes", "--json"]);
    expect(result.stderr).toContain("asking your pi 1.6.0");
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    const entry = lastEntry(file);
    expect(readFileSync(file).subarray(0, before.length).equals(before)).toBe(true);
    expect(report).toMatchObject({ summarizer: "pi", model: "anthropic/claude-opus-4-5", piVersion: "1.6.0", newLeafId: entry.id, entry });
    expect(report.usage).toMatchObject({ input: 3000, output: 200 });
    expect(report.cost).toBeCloseTo(3000 * 5e-6 + 200 * 25e-6, 8);
    expect(entry).toMatchObject({ type: "compaction", parentId: "f0d15612", firstKeptEntryId: "d2183a04", tokensBefore: 10976, fromHook: false });
    expect(String(entry.summary)).toMatch(/^## Goal\nSummary from the fake model\.\n\n<read-files>/);
  });

  it("branch --summarize --commit --summarizer pi appends pi's branch_summary under the target", async () => {
    env.fake().reply({ kind: "text", text: "Branch summary from the fake model." });
    const file = sessionCopy();
    const preview = JSON.parse((await run(["branch", file, "--target", "616b0db9", "--json"])).stdout);
    const result = await run(["branch", file, "--target", "616b0db9", "--summarize", "--commit", "--summarizer", "pi", "--yes", "--json"]);
    expect(result.stderr).not.toContain("nothing was written");
    expect(result.status).toBe(0);
    const entry = lastEntry(file);
    expect(entry).toMatchObject({ type: "branch_summary", parentId: preview.attach.newLeafId, fromId: "f0d15612", fromHook: false });
    expect(String(entry.summary)).toContain("Branch summary from the fake model.");
  });

  const failures: [string, FakeReply, RegExp][] = [
    ["401", { kind: "status", status: 401, message: "invalid x-api-key" }, /401|refused the credentials/],
    ["403", { kind: "status", status: 403, message: "forbidden" }, /403|refused the credentials/],
    ["429", { kind: "status", status: 429, message: "rate limited" }, /rate limit/],
    ["500", { kind: "status", status: 500, message: "internal" }, /error; try again later|500/],
    ["length stop", { kind: "length", text: "half a summ" }, /cut off|length/],
    ["tool call", { kind: "tool-call" }, /tool call/],
  ];
  for (const [name, reply, expected] of failures) {
    it(`a ${name} reply is one line and the file is unchanged`, async () => {
      env.fake().reply(reply);
      await expectOneLine(env.install(), [], expected);
    });
  }
});

describe.skipIf(!ready)("--summarizer pi: the failures before and around the model call (pi 1.6.0)", () => {
  let fake: FakeProvider;
  const installs: PiTestInstall[] = [];
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(async () => {
    await fake.close();
    for (const install of installs) install.cleanup();
  });
  const track = (install: PiTestInstall) => (installs.push(install), install);

  it("no pi on PATH", async () => {
    await expectOneLine(track(makePiInstall("1.6", null, { withPi: false })), [], /no pi found on PATH; install pi .* --pi-command/);
  });

  it("--pi-command naming nothing", async () => {
    await expectOneLine(track(makePiInstall("1.6", null)), ["--pi-command", "/nonexistent/pi"], /--pi-command \/nonexistent\/pi: no such executable file/);
  });

  it("a pi release it cannot drive", async () => {
    const install = track(makePiInstall("1.6", null, { withPi: false }));
    const pkg = join(install.root, "lib", "node_modules", "@earendil-works", "pi-coding-agent");
    const { mkdirSync, symlinkSync, chmodSync } = await import("node:fs");
    mkdirSync(join(pkg, "dist"), { recursive: true });
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "@earendil-works/pi-coding-agent", version: "2.1.0", exports: { ".": { import: "./dist/index.js" } } }));
    writeFileSync(join(pkg, "dist", "cli.js"), "#!/usr/bin/env node\n");
    chmodSync(join(pkg, "dist", "cli.js"), 0o755);
    symlinkSync(join(pkg, "dist", "cli.js"), join(install.bin, "pi"));
    await expectOneLine(install, [], /is pi 2\.1\.0 \(@earendil-works\/pi-coding-agent\); pi-explorer can drive pi 1\.6\.x and 0\.73\.x/);
  });

  it.skipIf(Number(process.versions.node.split(".")[0]) >= 22)("pi 1.6 under a Node older than 22.19", async () => {
    const install = track(makePiInstall("1.6", null, { withPi: false }));
    const { symlinkSync } = await import("node:fs");
    const { PI16_CLI } = await import("../support/pi-install.js");
    symlinkSync(PI16_CLI, join(install.bin, "pi"));
    symlinkSync(process.execPath, join(install.bin, "node"));
    await expectOneLine(install, [], new RegExp(`pi 1\\.6\\.0 needs Node 22\\.19\\.0 or newer, but .* runs under Node ${process.versions.node.replace(/\./g, "\\.")}`));
  });

  it("no credentials for any model", async () => {
    await expectOneLine(track(makePiInstall("1.6", null)), [], /no model|No models|api key|credentials/i);
  });

  it("--model naming a model the user's pi has no credentials for", async () => {
    await expectOneLine(track(makePiInstall("1.6", fakeModelsJson(fake))), ["--model", "openai/gpt-4o"], /openai\/gpt-4o|no api key|credentials/i);
  });

  it("a model that never answers: the timeout cancels the request", async () => {
    fake.reply({ kind: "hang" });
    await expectOneLine(track(makePiInstall("1.6", fakeModelsJson(fake))), [], /no answer within 2 s; the request was cancelled/, { PI_EXPLORER_PI_TIMEOUT_MS: "2000" });
  });

  it("no network: the provider's address refuses connections", async () => {
    const closed = await startFakeProvider();
    const models = fakeModelsJson(closed);
    await closed.close();
    await expectOneLine(track(makePiInstall("1.6", models)), [], /cannot be reached|ECONNREFUSED|connection/i);
  });
});
