// The context timeline: its series (pi's figure at each point, the drop on the compaction itself),
// the chart at 120, 80 and 40 columns (golden), and the CLI's text and --json.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chartLayout, contextTimeline, estimateContextAtPath, getBranch, timelineChart } from "../../src/engine/index.js";
import { runInProcess } from "../cli/run-in-process.js";
import { isolatedPi } from "../cli/isolated-env.js";
import { loadTree, treeFromLines } from "../support/oracle-load.js";
import { describeWithShared, sharedPath } from "../support/shared.js";
import { branchySession, writeSession } from "../support/usage-sessions.js";

const built = branchySession();
const tree = treeFromLines(built.lines);

describe("contextTimeline", () => {
  const mainPath = getBranch(tree, built.ids.warm);
  const points = contextTimeline(mainPath);
  it("gives each reply its usage figure and the compaction the context right after it", () => {
    const replies = points.filter((p) => p.kind === "reply" && p.source === "usage");
    expect(replies.map((p) => p.tokens)).toEqual([2100, 3020, 4100, 6100, 8100, 10100, 12100, 14100, 3100, 4100, 5100]);
    const at = points.findIndex((p) => p.kind === "compaction");
    expect(points[at].entryId).toBe(built.ids.compaction);
    expect(points[at].turn).toBe(7);
    expect(points[at].tokens).toBeLessThan(points[at - 1].tokens);
    expect(points[at].tokens).toBe(estimateContextAtPath(mainPath.slice(0, points[at].pathIndex + 1)).tokens);
    // the largest drop of the series is the compaction
    let biggest = 1;
    for (let i = 1; i < points.length; i++) if (points[i - 1].tokens - points[i].tokens > points[biggest - 1].tokens - points[biggest].tokens) biggest = i;
    expect(biggest).toBe(at);
  });
  it("marks the branch summary on the side path", () => {
    const side = contextTimeline(getBranch(tree, built.ids.sideAssistant));
    expect(side.map((p) => p.kind)).toContain("branch_summary");
  });
});

describeWithShared("contextTimeline on sessions with known compactions", () => {
  for (const name of ["corpus/pi-written/v16-compacting-s204.jsonl", "oracle/fixtures/ex3-recompact.jsonl", "oracle/fixtures/v16-compaction-checkpoint.jsonl", "oracle/fixtures/v16-retain-none.jsonl"]) {
    it(name, () => {
      const path = getBranch(loadTree(sharedPath(...name.split("/"))));
      const points = contextTimeline(path);
      const compactions = points.map((p, i) => [p, i] as const).filter(([p]) => p.kind === "compaction");
      expect(compactions.length).toBeGreaterThan(0);
      for (const [p, i] of compactions) {
        // pi's own estimate with the compaction as leaf, and it is a drop from the point before
        expect(p.tokens).toBe(estimateContextAtPath(path.slice(0, p.pathIndex + 1)).tokens);
        if (i > 0) expect(p.tokens).toBeLessThan(points[i - 1].tokens);
      }
      // every point is pi's figure with that entry as the leaf (checked on a sample, it is quadratic)
      for (let i = 0; i < points.length; i += Math.max(1, Math.floor(points.length / 25))) {
        expect(points[i].tokens).toBe(estimateContextAtPath(path.slice(0, points[i].pathIndex + 1)).tokens);
      }
    });
  }
});

describe("timelineChart (golden)", () => {
  const points = contextTimeline(getBranch(tree, built.ids.warm));
  for (const width of [120, 80, 40]) {
    it(`${width} columns`, async () => {
      const lines = timelineChart(points, { width, height: 8, threshold: 16000, cutIndex: 9, cursor: 3 });
      for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(width);
      await expect(`${lines.join("\n")}\n`).toMatchFileSnapshot(`golden/timeline-${width}.txt`);
    });
  }
  it("buckets more points than columns by their largest value", () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ ...points[0], tokens: i === 250 ? 99_000 : 1000 }));
    const lines = timelineChart(many, { width: 40, height: 4 });
    expect(lines[1]).toContain("█");
    expect(lines[1].replace(/[^█]/g, "")).toHaveLength(1);
    expect(lines.every((l) => Array.from(l).length <= 40)).toBe(true);
  });
});

describe("timeline command", () => {
  const pi = isolatedPi();
  afterAll(() => pi.cleanup());
  const file = writeSession(built);
  const run = (...args: string[]) => runInProcess(args, { env: { ...pi.env, TZ: "UTC" }, cwd: pi.project, home: pi.root });
  it("prints the chart with the threshold and marks (golden)", async () => {
    const r = await run("timeline", file, "--leaf", built.ids.warm, "--width", "80", "--height", "8", "--context-window", "30000", "--reserve", "14000", "--keep-recent", "20");
    expect(r.status).toBe(0);
    await expect(r.stdout.replaceAll(file, "SESSION")).toMatchFileSnapshot("golden/timeline-cli-80.txt");
    expect(r.stdout).toContain("┼");
    expect(r.stdout).toMatch(/C/);
  });
  it("--json carries the series and the cut", async () => {
    const doc = JSON.parse((await run("timeline", file, "--leaf", built.ids.sideAssistant, "--keep-recent", "20", "--json")).stdout);
    expect(doc.points.map((p: { kind: string }) => p.kind)).toContain("branch_summary");
    expect(doc.threshold).toBe(doc.contextWindow.value - doc.reserveTokens);
    expect(doc.cut.firstKeptEntryId).toBeTypeOf("string");
    expect(doc.points[doc.cut.pointIndex].pathIndex).toBeGreaterThanOrEqual(0);
    expect(doc.points[0]).toMatchObject({ kind: "reply", source: "usage", tokens: 2100, turn: 1 });
  });
  it("takes the context window from the user's pi model data (models.json), as the preview does", async () => {
    const own = isolatedPi();
    try {
      writeFileSync(join(own.agentDir, "models.json"), JSON.stringify({ providers: { anthropic: { modelOverrides: { "claude-sonnet-4-5": { contextWindow: 50000 } } } } }));
      const r = await runInProcess(["timeline", file, "--leaf", built.ids.warm, "--json"], { env: { ...own.env, TZ: "UTC" }, cwd: own.project, home: own.root });
      const doc = JSON.parse(r.stdout);
      expect(doc.contextWindow).toEqual({ value: 50000, source: "models.json" });
      expect(doc.threshold).toBe(50000 - doc.reserveTokens);
    } finally {
      own.cleanup();
    }
  });
  it("a bad leaf is a usage error", async () => {
    expect((await run("timeline", file, "--leaf", "nope")).status).toBe(2);
    expect((await run("timeline", join(pi.root, "missing.jsonl"))).status).toBe(3);
  });
});

describe("timelineChart marks", () => {
  it("marks every compaction, also when points share columns", () => {
    const base = contextTimeline(getBranch(tree, built.ids.warm))[0];
    for (const count of [10, 33, 42, 77, 500]) {
      const pts = Array.from({ length: count }, (_, i) => ({ ...base, kind: (i % 7 === 3 ? "compaction" : "reply") as "compaction" | "reply", tokens: 1000 + i }));
      for (const width of [40, 80, 120]) {
        const lines = timelineChart(pts, { width, height: 4 });
        const marks = lines[5];
        const layout = chartLayout(count, width);
        const expected = new Set(pts.flatMap((p, i) => (p.kind === "compaction" ? [layout.columnOf(i)] : [])));
        expect(new Set([...marks].flatMap((ch, i) => (ch === "C" ? [i - 7] : []))), `${count} points at ${width}`).toEqual(expected);
      }
    }
  });
});
