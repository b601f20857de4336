// The tree follows pi live: another process appends to the open file (pi's own SessionManager through
// test/support/pi-live-appender.mjs on a session pi-writer.mjs made, and a plain appender that writes one
// line in two halves) and the tree shows the new entries without a key; the half line is neither
// shown nor reported until complete; follow moves the cursor; a truncated or replaced file is read
// again whole with a notice; a commit planned before pi's append is refused, and Ctrl+R plans again.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { parseSession } from "../../src/engine/index.js";
import { describeWithOracle } from "../roundtrip/run-oracle.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk, type InkHarness } from "../support/ink-kit.js";
import { PROJECT_ROOT, sharedPath } from "../support/shared.js";

// Generous: these tests share the machine with many others; a slow frame is not a failure.
const WAIT_MS = 10_000;
const ENV = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const NODE22 = process.env.NODE22 ?? join(process.env.PI_ORACLE_DIR ?? "/tmp/pi-oracle", "node22/node_modules/.bin/node");
const copies = useFixtureCopies("live");

const open = async (file: string): Promise<InkHarness> => {
  const ui = await renderInk(<App env={ENV} initial={{ kind: "tree", path: file, fromPicker: false }} />, { columns: 140, rows: 34 });
  await ui.waitFor((f) => f.includes("Session Tree") && f.includes("live"), WAIT_MS);
  return ui;
};
const cursorRow = (frame: string): string => frame.split("\n").find((l) => l.startsWith("›")) ?? "";
const statusLine = (frame: string): string => frame.split("\n").findLast((l) => / entr(y|ies) · /.test(l)) ?? "";
const userLine = (id: string, parentId: string, text: string): string =>
  JSON.stringify({ type: "message", id, parentId, timestamp: "2026-11-01T10:01:00.000Z", message: { role: "user", content: text, timestamp: 1 } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lines a child process prints, one at a time. */
function linesOf(child: ChildProcess): () => Promise<string> {
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else queue.push(line);
  });
  return () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise((resolve) => waiting.push(resolve)));
}

describeWithOracle("1.6", "pi's own SessionManager appends while the tree is open", () => {
  const writer = sharedPath("tools", "pi-writer.mjs");
  const ready = existsSync(writer) && existsSync(NODE22);

  it.skipIf(!ready)("shows each entry pi appends, with the cursor following pi's new leaf", async () => {
    const file = join(copies.dir(), "pi.jsonl");
    const made = spawnSync(NODE22, [writer, "--seed", "live-1", "--turns", "4", "--shape", "linear", "--start", "standard", "--quiet", "--out", file], { encoding: "utf8", timeout: 60_000 });
    expect(made.status, made.stderr).toBe(0);
    const ui = await open(file);
    const appender = spawn(NODE22, [join(PROJECT_ROOT, "test/support/pi-live-appender.mjs"), file, "3", "150"], { stdio: ["ignore", "pipe", "inherit"] });
    const next = linesOf(appender);
    const appended: { id: string; text: string }[] = [];
    for (let i = 0; i < 3; i++) appended.push(JSON.parse(await next()) as { id: string; text: string });
    const frame = await ui.waitFor((f) => f.includes(appended[2].text), WAIT_MS);
    for (const { text } of appended) expect(frame).toContain(text);
    expect(cursorRow(frame)).toContain(appended[2].text);
    // What the tree shows is what pi reads: its leaf is the last message pi appended.
    expect(parseSession(readFileSync(file), "1.6").entries.at(-1)?.id).toBe(appended[2].id);
    expect(statusLine(frame)).toMatch(/^ live \(following\) · /);
  }, 90_000);
});

describe("another program appends to the open file", () => {
  it("a line written in two halves is neither shown nor reported until it is complete", async () => {
    const file = copies.copy("app/branched.jsonl");
    const ui = await open(file);
    const child = spawn(process.execPath, [join(PROJECT_ROOT, "test/support/half-line-appender.mjs"), file, userLine("u9", "lb1", "the line in two halves")], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    const next = linesOf(child);
    expect(await next()).toBe("half");
    // Several looks at the file (the poll runs every 250 ms, fs.watch sooner) while the half waits.
    await sleep(1200);
    const meanwhile = ui.frame();
    expect(meanwhile).not.toContain("the line in two halves");
    expect(statusLine(meanwhile)).toContain("0 damaged lines");
    expect(meanwhile).not.toContain("Not written");
    child.stdin!.write("go\n");
    expect(await next()).toBe("done");
    const frame = await ui.waitFor((f) => f.includes("user: the line in two halves"), WAIT_MS);
    expect(statusLine(frame)).toContain("0 damaged lines");
    expect(statusLine(frame)).toContain("21 entries");
  });

  it("follow: off once the cursor leaves the leaf, Ctrl+E turns it on and the cursor moves to each new leaf", async () => {
    const file = copies.copy("app/branched.jsonl");
    const ui = await open(file);
    await ui.press("up");
    const reading = cursorRow(ui.frame());
    appendFileSync(file, `${userLine("u9", "lb1", "first append")}\n`);
    let frame = await ui.waitFor((f) => f.includes("user: first append"), WAIT_MS);
    expect(cursorRow(frame)).toBe(reading);
    expect(statusLine(frame)).toMatch(/^ live · /);
    await ui.press("ctrl+e");
    frame = await ui.waitFor((f) => f.includes("[follow pi]"), WAIT_MS);
    expect(cursorRow(frame)).toContain("user: first append");
    // Toggled on, follow stays on while the user reads elsewhere.
    await ui.press("up", "up");
    appendFileSync(file, `${userLine("u10", "u9", "second append")}\n`);
    frame = await ui.waitFor((f) => f.includes("user: second append"), WAIT_MS);
    expect(cursorRow(frame)).toContain("user: second append");
    await ui.press("ctrl+e");
    frame = await ui.waitFor((f) => f.includes("[follow off]"), WAIT_MS);
    appendFileSync(file, `${userLine("u11", "u10", "third append")}\n`);
    frame = await ui.waitFor((f) => f.includes("user: third append"), WAIT_MS);
    expect(cursorRow(frame)).toContain("user: second append");
  });

  it("a truncated file is read again whole, with a notice", async () => {
    const file = copies.copy("app/branched.jsonl");
    const ui = await open(file);
    const lines = readFileSync(file, "utf8").split("\n");
    writeFileSync(file, `${lines.slice(0, 5).join("\n")}\n`);
    const frame = await ui.waitFor((f) => f.includes("The file was rewritten on disk (it got shorter): read again whole"), WAIT_MS);
    expect(statusLine(frame)).toContain("4 entries");
  });

  it("a file replaced by another one is read again whole, with a notice", async () => {
    const file = copies.copy("app/branched.jsonl");
    const ui = await open(file);
    const other = join(copies.dir(), "new.jsonl");
    writeFileSync(other, `${readFileSync(file, "utf8")}${userLine("u9", "lb1", "in the replacement")}\n`);
    renameSync(other, file);
    const frame = await ui.waitFor((f) => f.includes("another file took its place"), WAIT_MS);
    expect(frame).toContain("user: in the replacement");
  });
});

describe("a commit planned before pi's last append", () => {
  it("is refused with the offer to plan again, and Ctrl+R plans on the current file and writes", async () => {
    const file = copies.copy("app/branched.jsonl");
    const ui = await open(file);
    // Shift+L (a terminal sends "L").
    await ui.press("L");
    await ui.waitFor((f) => f.includes("Label (empty to remove):"), WAIT_MS);
    await ui.type("seen");
    await ui.press("enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    const piLine = `${userLine("u9", "lb1", "pi was faster")}\n`;
    appendFileSync(file, piLine);
    const stale = await ui.waitFor((f) => f.includes("Ctrl+R: recompute — pi appended 1 entry since this was computed"), WAIT_MS);
    expect(stale).toContain("y: write");
    const afterPi = readFileSync(file);
    await ui.press("y");
    const refused = await ui.waitFor((f) => f.includes("Not written"), WAIT_MS);
    expect(refused.replace(/\s+/g, " ")).toContain("pi appended 1 entry since this was planned");
    expect(readFileSync(file).equals(afterPi)).toBe(true);
    await ui.press("ctrl+r");
    await ui.waitFor((f) => f.includes("Label (empty to remove):") && !f.includes("Ctrl+R: recompute"), WAIT_MS);
    await ui.press("ctrl+u");
    await ui.type("seen");
    await ui.press("enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    await ui.press("y");
    await ui.waitFor((f) => f.includes("Wrote label entry"), WAIT_MS);
    const entries = parseSession(readFileSync(file), "1.6").entries;
    expect(entries.at(-2)?.id).toBe("u9");
    expect(entries.at(-1)).toMatchObject({ type: "label", parentId: "u9", label: "seen" });
  });
});

describe("an open compaction preview while pi appends", () => {
  it("does not change: it says pi appended, and Ctrl+R computes it again on the file as it is now", async () => {
    const file = copies.copy("app/branched.jsonl");
    const ui = await open(file);
    await ui.press("ctrl+k");
    const before = await ui.waitFor((f) => f.includes("Compaction preview"), WAIT_MS);
    // a6b is the last message; pi's leaf is the label lb1 after it, which Ctrl+K previews at (pi's /compact).
    expect(before).toContain("at lb1 (pi's leaf)");
    appendFileSync(file, `${userLine("u9", "lb1", "pi goes on")}\n`);
    const stale = await ui.waitFor((f) => f.includes("Ctrl+R: recompute — pi appended 1 entry since this was computed"), WAIT_MS);
    // The preview is still the one computed before: the same entry, nothing of pi's new message.
    expect(stale).toContain("at lb1 (pi's leaf)");
    expect(stale).not.toContain("pi goes on");
    await ui.press("ctrl+r");
    const again = await ui.waitFor((f) => f.includes("Compaction preview") && !f.includes("Ctrl+R: recompute"), WAIT_MS);
    expect(again).toContain("at lb1");
  });
});
