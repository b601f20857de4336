// `tree` text draws the session like pi's /tree: active branch first, connectors and gutters at
// branch points, bookkeeping hidden by default, labels in brackets, ids in front.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedPi, type IsolatedPi } from "./isolated-env.js";
import { runInProcess } from "./run-in-process.js";

let dir: string;
let file: string;
let pi: IsolatedPi;

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const msg = (id: string, parentId: string | null, s: number, message: Record<string, unknown>) =>
  JSON.stringify({ type: "message", id, parentId, timestamp: t(s), message: { timestamp: Date.UTC(2026, 0, 1, 0, 0, s), ...message } });
const text = (s: string) => [{ type: "text", text: s }];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pi-explorer-tree-"));
  file = join(dir, "branches.jsonl");
  const lines = [
    JSON.stringify({ type: "session", version: 3, id: "s", timestamp: t(0), cwd: "/home/u/proj" }),
    JSON.stringify({ type: "model_change", id: "m1", parentId: null, timestamp: t(1), provider: "anthropic", modelId: "claude" }),
    msg("u1", "m1", 2, { role: "user", content: "Help me refactor the auth module" }),
    msg("a1", "u1", 3, { role: "assistant", content: [{ type: "toolCall", id: "c1", name: "read", arguments: { path: "/home/u/proj/src/auth.ts", offset: 1, limit: 80 } }], stopReason: "toolUse" }),
    msg("r1", "a1", 4, { role: "toolResult", toolCallId: "c1", toolName: "read", content: text("...") }),
    msg("a2", "r1", 5, { role: "assistant", content: text("I suggest splitting it."), stopReason: "stop" }),
    // Branch A (older), then branch B (newer, holds the leaf).
    msg("uA", "a2", 6, { role: "user", content: "Try approach A" }),
    msg("aA", "uA", 7, { role: "assistant", content: [{ type: "toolCall", id: "c2", name: "bash", arguments: { command: "npm test" } }], stopReason: "toolUse" }),
    msg("rA", "aA", 8, { role: "toolResult", toolCallId: "c2", toolName: "bash", content: text("ok") }),
    JSON.stringify({ type: "compaction", id: "cA", parentId: "rA", timestamp: t(9), summary: "s", firstKeptEntryId: "uA", tokensBefore: 48211 }),
    msg("aA2", "cA", 10, { role: "assistant", content: text("All tests pass."), stopReason: "stop" }),
    JSON.stringify({ type: "label", id: "lA", parentId: "aA2", timestamp: t(11), targetId: "aA2", label: "approach-A-green" }),
    msg("uB", "a2", 12, { role: "user", content: "Actually, try approach B" }),
    JSON.stringify({ type: "branch_summary", id: "bB", parentId: "uB", timestamp: t(13), fromId: "lA", summary: "Explored approach A." }),
    msg("aB", "bB", 14, { role: "assistant", content: text("B is smaller."), stopReason: "stop" }),
  ];
  writeFileSync(file, `${lines.join("\n")}\n`);
  pi = isolatedPi();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  pi.cleanup();
});

const rowsOf = (stdout: string) => stdout.split("\n").filter((l) => /^[a-zA-Z0-9]+ {2}/.test(l)).map((l) => l.trimEnd());

describe("tree text", () => {
  it("matches pi's /tree layout with ids in front", async () => {
    const r = await runInProcess(["tree", file], { env: pi.env, cwd: pi.project, home: "/home/u" });
    expect(r.status).toBe(0);
    expect(rowsOf(r.stdout)).toEqual([
      "u1   • user: Help me refactor the auth module",
      "r1   • [read: ~/proj/src/auth.ts:1-80]",
      "a2   • assistant: I suggest splitting it.",
      "uB   ├─ • user: Actually, try approach B",
      "bB   │     • [branch summary]: Explored approach A.",
      "aB   │     • assistant: B is smaller.",
      "uA   └─ user: Try approach A",
      "rA         [bash: npm test]",
      "cA         [compaction: 48k tokens]",
      "aA2        [approach-A-green] assistant: All tests pass.",
    ]);
    expect(r.stdout).toContain("leaf aB");
  });

  it("--filter all shows bookkeeping; --filter user-only only user messages", async () => {
    const all = await runInProcess(["tree", file, "--filter", "all"], { env: pi.env, cwd: pi.project, home: "/home/u" });
    expect(rowsOf(all.stdout)[0]).toBe("m1   • [model: claude]");
    expect(all.stdout).toContain("[label: approach-A-green]");
    const users = await runInProcess(["tree", file, "--filter", "user-only"], { env: pi.env, cwd: pi.project, home: "/home/u" });
    expect(rowsOf(users.stdout).map((l) => l.split(" ")[0])).toEqual(["u1", "uB", "uA"]);
  });

  it("--leaf marks another path and puts that branch first", async () => {
    const r = await runInProcess(["tree", file, "--leaf", "aA2"], { env: pi.env, cwd: pi.project, home: "/home/u" });
    const rows = rowsOf(r.stdout);
    expect(rows[3]).toBe("uA   ├─ • user: Try approach A");
    expect(rows.at(-1)).toBe("aB         assistant: B is smaller.");
  });

  it("folds the outer levels of very deep rows into «+N»", async () => {
    // A comb: every user message has a short side branch and the next user message, 40 levels deep.
    const lines = [JSON.stringify({ type: "session", version: 3, id: "comb", timestamp: t(0), cwd: "/p" })];
    let parent: string | null = null;
    for (let i = 0; i < 40; i++) {
      lines.push(msg(`u${i}`, parent, 2 * i + 1, { role: "user", content: `level ${i}` }));
      lines.push(msg(`s${i}`, `u${i}`, 2 * i + 2, { role: "user", content: `side ${i}` }));
      parent = `u${i}`;
    }
    const comb = join(dir, "comb.jsonl");
    writeFileSync(comb, `${lines.join("\n")}\n`);
    const r = await runInProcess(["tree", comb], { env: pi.env, cwd: pi.project, home: "/home/u" });
    const rows = rowsOf(r.stdout);
    const deepest = rows.find((l) => l.includes("level 39"))!;
    expect(deepest).toMatch(/^u39\s+«\+\d+» /);
    const prefix = deepest.slice(deepest.indexOf("»") + 2, deepest.indexOf("• "));
    expect(prefix.length).toBe(24 * 3);
    expect(rows.find((l) => l.includes("level 1 ") || l.endsWith("level 1"))).not.toContain("«");
  });
});

