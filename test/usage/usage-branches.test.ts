// Branch and path totals on sessions pi itself wrote, against sums computed here from the raw lines
// (own parent walk, own usage reading) and pi's own active path (the oracle's activePathIds).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sessionUsage, usageTotals, type TokenCost } from "../../src/engine/index.js";
import { loadTree, treeFromLines } from "../support/oracle-load.js";
import { describeWithShared, sharedPath } from "../support/shared.js";

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- raw JSON lines

interface Sum {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  cost: number;
}

function rawUsage(e: Raw): Raw | undefined {
  if (e.type === "message" && (e.message?.role === "assistant" || e.message?.role === "toolResult")) return e.message.usage;
  if (e.type === "usage" || e.type === "compaction" || e.type === "branch_summary") return e.usage;
  return undefined;
}

function sumOf(entries: Raw[]): Sum {
  const s: Sum = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0 };
  for (const e of entries) {
    const u = rawUsage(e);
    if (!u) continue;
    s.input += u.input;
    s.output += u.output;
    s.cacheRead += u.cacheRead;
    s.cacheWrite += u.cacheWrite;
    s.cost += u.cost.total;
  }
  return s;
}

function expectSum(ours: TokenCost, expected: Sum): void {
  expect({ input: ours.input, output: ours.output, cacheRead: ours.cacheRead, cacheWrite: ours.cacheWrite }).toEqual({
    input: expected.input,
    output: expected.output,
    cacheRead: expected.cacheRead,
    cacheWrite: expected.cacheWrite,
  });
  expect(ours.total).toBe(expected.input + expected.output + expected.cacheRead + expected.cacheWrite);
  expect(ours.cost).toBeCloseTo(expected.cost, 9);
}

describeWithShared("usage per branch and per path on pi-written sessions", () => {
  const dir = sharedPath("corpus", "pi-written");
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".jsonl"))) {
    it(name, () => {
      const file = `${dir}/${name}`;
      const lines: Raw[] = readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Raw);
      const entries = lines.filter((e) => e.type !== "session");
      const byId = new Map(entries.map((e) => [e.id as string, e]));
      const hasChild = new Set(entries.map((e) => e.parentId as string | null).filter((p): p is string => p !== null));
      const leaves = entries.filter((e) => !hasChild.has(e.id));
      const pathOf = (id: string): string[] => {
        const ids: string[] = [];
        for (let cur = byId.get(id); cur; cur = cur.parentId === null ? undefined : byId.get(cur.parentId)) ids.push(cur.id);
        return ids;
      };
      const holders = new Map<string, number>();
      for (const leaf of leaves) for (const id of pathOf(leaf.id)) holders.set(id, (holders.get(id) ?? 0) + 1);

      const report = sessionUsage(loadTree(file));
      expect(report.branches.map((b) => b.leafId).sort()).toEqual(leaves.map((l) => l.id).sort());
      for (const branch of report.branches) {
        const only = pathOf(branch.leafId).filter((id) => holders.get(id) === 1);
        expect(branch.entryCount).toBe(only.length);
        expectSum(branch.totals.all, sumOf(only.map((id) => byId.get(id) as Raw)));
      }
      expectSum(report.shared.all, sumOf(entries.filter((e) => (holders.get(e.id) ?? 0) > 1)));
      expectSum(report.session.all, sumOf(entries));

      const oracle = JSON.parse(readFileSync(sharedPath("oracle", "expected", `corpus__pi-written__${name.replace(/\.jsonl$/, "")}.16.json`), "utf8")) as { activePathIds: string[] };
      expectSum(report.path.all, sumOf(oracle.activePathIds.map((id) => byId.get(id) as Raw)));
      expect(report.branches.filter((b) => b.active).map((b) => b.leafId)).toEqual([report.leafId]);
    });
  }
});

const usage = (input: number, output: number, cost?: number) => ({
  input,
  output,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: input + output,
  ...(cost === undefined ? {} : { cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost } }),
});
const t = (n: number) => `2026-11-0${n}T10:00:00.000Z`;

describe("usage totals on hand-built sessions", () => {
  const tree = treeFromLines([
    { type: "session", version: 3, id: "s", timestamp: t(1), cwd: "/w" },
    { type: "message", id: "u1", parentId: null, timestamp: t(1), message: { role: "user", content: "hi", timestamp: 1 } },
    {
      type: "message",
      id: "a1",
      parentId: "u1",
      timestamp: t(1),
      message: { role: "assistant", provider: "p", model: "m", content: [{ type: "toolCall", id: "c", name: "read", arguments: {} }], usage: usage(100, 10, 0.5), stopReason: "toolUse" },
    },
    { type: "message", id: "a2", parentId: "a1", timestamp: t(2), message: { role: "assistant", provider: "p", model: "m2", content: [], usage: usage(50, 5), stopReason: "error" } },
    { type: "message", id: "a3", parentId: "a1", timestamp: t(3), message: { role: "assistant", provider: "p", model: "m", content: [], stopReason: "aborted" } },
    { type: "compaction", id: "c1", parentId: "a3", timestamp: t(3), summary: "s", firstKeptEntryId: "a3", tokensBefore: 1, usage: usage(7, 3, 0.25) },
    { type: "usage", id: "w1", parentId: "c1", timestamp: t(3), kind: "cache_warm", provider: "p", model: "m", usage: usage(2, 0, 0.125) },
  ]);
  const report = sessionUsage(tree);

  it("counts a usage without cost by its tokens and says so", () => {
    expect(report.session.all.total).toBe(100 + 10 + 50 + 5 + 7 + 3 + 2);
    expect(report.session.all.cost).toBe(0.5 + 0.25 + 0.125);
    expect(report.session.all.withoutCost).toBe(1);
    expect(report.session.assistantsWithoutUsage).toBe(1);
  });
  it("keeps summary generation and usage entries on their own line", () => {
    expect(report.session.summaries.total).toBe(12);
    expect(report.session.summaries.usages).toBe(2);
    expect(report.session.assistant.total).toBe(165);
  });
  it("counts errors, aborted replies and tool calls by tool", () => {
    expect([report.session.errors, report.session.aborted, report.session.toolCalls]).toEqual([1, 1, 1]);
    expect(report.session.toolCallsByName).toEqual({ read: 1 });
  });
  it("splits per model and per day, and --since drops earlier days", () => {
    expect(report.byModel.map((m) => [m.key, m.totals.all.total])).toEqual([
      ["p/m", 112],
      ["summaries", 10],
      ["p/m2", 55],
    ]);
    expect(report.byDay.map((d) => d.key)).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
    const since = sessionUsage(tree, { since: "2026-11-02", timeZone: "UTC" });
    expect(since.session.all.total).toBe(55 + 12);
  });
  it("gives branches their own entries and the fork point to the shared part", () => {
    expect(report.branches.map((b) => [b.leafId, b.forkId, b.entryCount, b.totals.all.total])).toEqual([
      ["a2", "a1", 1, 55],
      ["w1", "a1", 3, 12],
    ]);
    expect(report.shared.all.total).toBe(110);
    expect(report.path.all.total).toBe(110 + 12);
    expect(usageTotals([]).all.total).toBe(0);
  });
});

describe("both releases' usage shapes", () => {
  it("reads 0.73's usage (no totalTokens in older files) and 1.6's (cacheWrite1h, reasoning, totalFromProvider) alike", () => {
    const header = { type: "session", version: 3, id: "s", timestamp: t(1), cwd: "/w" };
    const old = { input: 10, output: 2, cacheRead: 3, cacheWrite: 4, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.5 } };
    const v16 = { ...old, totalTokens: 19, cacheWrite1h: 4, reasoning: 1, cost: { ...old.cost, totalFromProvider: true } };
    const msg = (id: string, parentId: string | null, u: object) => ({
      type: "message",
      id,
      parentId,
      timestamp: t(1),
      message: { role: "assistant", provider: "p", model: "m", content: [], usage: u, stopReason: "stop" },
    });
    for (const profile of ["1.6", "0.73"] as const) {
      const report = sessionUsage(treeFromLines([header, msg("a", null, old), msg("b", "a", v16)], profile));
      expect(report.session.all).toMatchObject({ input: 20, output: 4, cacheRead: 6, cacheWrite: 8, total: 38, cost: 1, withoutCost: 0, incomplete: 0 });
    }
  });
  it("a usage missing a token field counts 0 for it and is flagged", () => {
    const report = sessionUsage(
      treeFromLines([
        { type: "session", version: 3, id: "s", timestamp: t(1), cwd: "/w" },
        { type: "message", id: "a", parentId: null, timestamp: t(1), message: { role: "assistant", content: [], usage: { input: 5, output: "7" }, stopReason: "stop" } },
      ]),
    );
    expect(report.session.all).toMatchObject({ input: 5, output: 0, total: 5, incomplete: 1, withoutCost: 1 });
  });
});

describeWithShared("the 0.73 profile counts the same usage", () => {
  it("pi-written/v073-bare-s617.jsonl", () => {
    const file = sharedPath("corpus", "pi-written", "v073-bare-s617.jsonl");
    const a = sessionUsage(loadTree(file, "1.6")).session.all;
    const b = sessionUsage(loadTree(file, "0.73")).session.all;
    expect(b).toEqual(a);
  });
});
