// The tree's cost figures (usage/tree-cost.ts) are sessionUsage's, to the same float, for the file,
// the path and the branch of every entry; and a tree that pi appended to (read the way the explorer
// follows a file: store/follow.ts, session/load.ts extendSession) costs what was appended, not the
// session: the work is counted (reads of the earlier entries' recorded usage), never timed.
import { appendFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { costText } from "../../components/tree/cost-text.js";
import {
  branchOfEntry,
  buildTree,
  readFollowUpdate,
  readSessionFile,
  sessionUsage,
  startFollow,
  treeCost,
  type FollowPoint,
  type SessionTree,
} from "../../src/engine/index.js";
import { treeFromLines } from "../support/oracle-load.js";
import { branchySession, usageOf } from "../support/usage-sessions.js";

type Line = Record<string, unknown>;

/** Every figure treeCost gives equals sessionUsage's (the report the CLI's `usage` prints). */
function expectSameAsReport(tree: SessionTree, ids: Iterable<string> = tree.byId.keys()): void {
  const report = sessionUsage(tree);
  const cost = treeCost(tree);
  expect(cost.session).toEqual(report.session.all);
  expect(cost.path).toEqual(report.path.all);
  expect(cost.branches).toBe(report.branches.length);
  for (const id of ids) expect(cost.branchOf(id), id).toEqual(branchOfEntry(tree, report, id)?.totals.all ?? null);
}

let n = 0;
const header = (): Line => ({ type: "session", version: 3, id: "cost-test", timestamp: "2026-11-01T10:00:00.000Z", cwd: "/work" });
const user = (parentId: string | null, id = `u${++n}`): Line => ({
  type: "message",
  id,
  parentId,
  timestamp: "2026-11-01T10:01:00.000Z",
  message: { role: "user", content: [{ type: "text", text: `question ${id}` }], timestamp: 1 },
});
const reply = (parentId: string, cost: number, id = `a${++n}`): Line => ({
  type: "message",
  id,
  parentId,
  timestamp: "2026-11-01T10:02:00.000Z",
  message: { role: "assistant", provider: "anthropic", model: "claude-sonnet-4-5", content: [{ type: "text", text: `answer ${id}` }], usage: usageOf(100, 20, 900, 0, cost), stopReason: "stop", timestamp: 2 },
});
const text = (lines: Line[]): string => lines.map((l) => `${JSON.stringify(l)}\n`).join("");

/** A long session (turns on one line) with two side branches; costs that do not add up to round floats. */
function longSession(turns: number): { lines: Line[]; leaf: string; side: string; fork: string } {
  const lines: Line[] = [header()];
  let parent: string | null = null;
  let fork = "";
  let side = "";
  for (let t = 0; t < turns; t++) {
    const u = user(parent);
    const a = reply(u.id as string, 0.0137 * ((t % 7) + 1));
    lines.push(u, a);
    parent = a.id as string;
    if (t === Math.floor(turns / 3)) fork = parent;
  }
  // Side branches off the fork, written before the main line goes on would be the usual order; here
  // after it, so the main line stays the active path's start.
  const s1 = user(fork);
  const s2 = reply(s1.id as string, 0.021);
  const s3 = user(fork);
  side = s3.id as string;
  const main = user(parent);
  const mainReply = reply(main.id as string, 0.0093);
  lines.push(s1, s2, s3, main, mainReply);
  return { lines, leaf: mainReply.id as string, side, fork };
}

/** Reads of a recorded usage on the entries read first (the ones every later tree of the file shares). */
const usageReads = { count: 0 };

function countUsageReads(entries: readonly Line[]): void {
  for (const entry of entries) {
    const message = entry.message as Line | undefined;
    if (message?.usage === undefined) continue;
    const usage = message.usage;
    Object.defineProperty(message, "usage", {
      enumerable: true,
      get: () => {
        usageReads.count++;
        return usage;
      },
    });
  }
}

function followFile(lines: Line[]): { file: string; point: FollowPoint; tree: SessionTree } {
  const dir = mkdtempSync(join(tmpdir(), "pi-explorer-tree-cost-"));
  const file = join(dir, "session.jsonl");
  writeFileSync(file, text(lines));
  const { loaded, snapshot } = readSessionFile(file, "1.6");
  countUsageReads(loaded.entries);
  return { file, point: startFollow(loaded, snapshot, "1.6"), tree: buildTree(loaded) };
}

/** Append lines as pi would and take the tree the explorer's document gets from them. */
function append(file: string, point: FollowPoint, lines: Line[]): { point: FollowPoint; tree: SessionTree } {
  appendFileSync(file, text(lines));
  const update = readFollowUpdate(point);
  if (update.kind !== "appended") throw new Error(`expected appended lines, got ${update.kind}`);
  return { point: update.point, tree: buildTree(update.point.loaded) };
}

/** How often costText read an earlier entry's usage to answer for `tree` with the cursor on `selected`. */
function workOf(tree: SessionTree, selected: string): { read: number; text: string } {
  const before = usageReads.count;
  const text = costText(tree, selected);
  return { read: usageReads.count - before, text };
}

describe("tree cost figures", () => {
  it("are sessionUsage's for the file, the path and every entry's branch", () => {
    expectSameAsReport(treeFromLines(branchySession().lines));
    expectSameAsReport(treeFromLines(longSession(40).lines));
  });

  it("an append to pi's leaf reads the appended entries only, however long the session", () => {
    for (const turns of [200, 2000]) {
      const built = longSession(turns);
      const { file, point, tree } = followFile(built.lines);
      // The cursor on pi's leaf, as while following: the path, the file and the leaf's branch are known.
      const first = workOf(tree, built.leaf);
      expect(first.read).toBeGreaterThanOrEqual(turns);
      let current = { point, tree };
      let leaf = built.leaf;
      for (let k = 0; k < 5; k++) {
        const u = user(leaf);
        const a = reply(u.id as string, 0.0311);
        current = append(file, current.point, [u, a]);
        leaf = a.id as string;
        const work = workOf(current.tree, leaf);
        // Only the two appended entries are read: not one of the earlier ones again.
        expect(work.read).toBe(0);
        expect(work.text).toMatch(/^path \$[\d.]+ · this branch \$[\d.]+$/);
      }
      expectSameAsReport(current.tree, [built.leaf, built.side, built.fork, leaf]);
    }
  });

  it("an append elsewhere (a branch off an earlier entry, a new root) gives the figures of a whole read", () => {
    const built = longSession(60);
    const { file, point, tree } = followFile(built.lines);
    costText(tree, built.leaf);
    costText(tree, built.side);
    // pi went back to the side branch's user message and went on from there.
    const a = reply(built.side, 0.017);
    let current = append(file, point, [a]);
    expect(workOf(current.tree, a.id as string).text).toContain("this branch");
    expectSameAsReport(current.tree);
    // A second side branch off the fork point (it becomes the leaf), then a new root.
    current = append(file, current.point, [user(built.fork)]);
    expectSameAsReport(current.tree);
    current = append(file, current.point, [user(null), reply(`u${n}`, 0.5)]);
    expectSameAsReport(current.tree);
  });

  it("an appended entry that changes how earlier ones hang (a repeated id, an adopted orphan) is counted whole", () => {
    const built = longSession(30);
    // An orphan: its parent is not in the file (yet).
    const orphan = user("missing-parent", "orphan");
    const { file, point, tree } = followFile([...built.lines, orphan]);
    expectSameAsReport(tree);
    // The missing parent arrives: the orphan hangs under it now.
    let current = append(file, point, [reply(built.leaf, 0.25, "missing-parent")]);
    expectSameAsReport(current.tree);
    // An entry with the id of an earlier one: pi keeps the later one and hides the earlier.
    current = append(file, current.point, [reply("orphan", 0.125, built.leaf)]);
    expectSameAsReport(current.tree);
  });
});
