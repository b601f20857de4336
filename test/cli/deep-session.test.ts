// A 12,500-entry chain (paths that deep exist in real sessions): every command answers without
// overflowing the stack, and the tree text stays flat for a single-child chain.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedPi, type IsolatedPi } from "./isolated-env.js";
import { runInProcess } from "./run-in-process.js";

const DEPTH = 12_500;
let dir: string;
let file: string;
let pi: IsolatedPi;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pi-explorer-deep-"));
  file = join(dir, "deep.jsonl");
  const lines = [JSON.stringify({ type: "session", version: 3, id: "deep", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/home/dev/p" })];
  for (let i = 0; i < DEPTH; i++) {
    const role = i % 2 === 0 ? "user" : "assistant";
    const content = role === "user" ? `question ${i}` : [{ type: "text", text: `answer ${i}` }];
    lines.push(
      JSON.stringify({
        type: "message",
        id: `e${i}`,
        parentId: i === 0 ? null : `e${i - 1}`,
        timestamp: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        message: { role, content, timestamp: Date.UTC(2026, 0, 1) + i * 1000, ...(role === "assistant" ? { stopReason: "stop" } : {}) },
      }),
    );
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
  pi = isolatedPi();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  pi.cleanup();
});

const run = (args: string[]) => runInProcess(args, { env: pi.env, cwd: pi.project, home: pi.root });

describe("a 12,500-deep session", () => {
  it("tree draws one flat row per entry", async () => {
    const r = await run(["tree", file]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const rows = r.stdout.split("\n").filter((l) => /^e\d+ /.test(l));
    expect(rows).toHaveLength(DEPTH);
    expect(rows[DEPTH - 1]).toMatch(/^e12499\s+• assistant: answer 12499$/);
  });

  it("context, compact and branch answer", async () => {
    const context = JSON.parse((await run(["context", file, "--json"])).stdout);
    expect(context.activePathIds).toHaveLength(DEPTH);
    expect(context.context.count).toBe(DEPTH);
    const compact = await run(["compact", file, "--json", "--keep-recent", "100"]);
    expect(compact.status).toBe(0);
    expect(JSON.parse(compact.stdout).firstKeptEntryId).toMatch(/^e\d+$/);
    const branch = await run(["branch", file, "--json", "--target", "e1"]);
    expect(branch.status).toBe(0);
    expect(JSON.parse(branch.stdout).commonAncestorId).toBe("e1");
  });
});
