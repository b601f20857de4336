// The timeline screen, the tree's cost figures, Shift+E's export and the picker's cost column.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exportPathToHtml } from "../../components/export/export-path.js";
import { KeyRouter } from "../../components/kit/key-router.js";
import { listedCost, formatRow } from "../../components/picker/row-format.js";
import { TimelineScreen } from "../../components/timeline/TimelineScreen.js";
import { timelineReducer } from "../../components/timeline/timeline-state.js";
import { costText } from "../../components/tree/cost-text.js";
import { readSessionInfo, type SessionInfo } from "../../src/engine/index.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { treeFromLines } from "../support/oracle-load.js";
import { branchySession, writeSession } from "../support/usage-sessions.js";
import { TestAppContext } from "../support/app-context.js";

afterEach(cleanupInk);
const built = branchySession();
const tree = treeFromLines(built.lines);
const env = { cwd: "/nowhere", home: "/nowhere-home", env: {}, profile: "1.6" as const };

async function timeline(columns: number, rows: number, entryId: string) {
  const calls: string[] = [];
  const ui = await renderInk(
    <KeyRouter>
      <TestAppContext env={env} size={{ columns, rows }}>
        <TimelineScreen
          tree={tree}
          entryId={entryId}
          path="/s.jsonl"
          active
          onJump={(id) => calls.push(`jump ${id}`)}
          onBack={() => calls.push("back")}
          onHelp={() => calls.push("help")}
        />
      </TestAppContext>
    </KeyRouter>,
    { columns, rows },
  );
  await ui.waitFor((f) => f.includes("Context timeline"));
  return { ui, calls };
}

describe("timeline screen", () => {
  it("opens at the selected entry's point, moves along turns and jumps to the entry in the tree", async () => {
    // assistant5 is off the active path (which runs to the side branch): the timeline follows its branch.
    const { ui, calls } = await timeline(100, 30, built.ids.assistant5);
    expect(ui.frame()).toContain(`turn 5 · reply ${built.ids.assistant5}`);
    expect(ui.frame()).toContain(`to ${built.ids.warm}`);
    await ui.press("right");
    await ui.waitFor((f) => f.includes(`reply ${built.ids.assistant6}`));
    await ui.press("c");
    await ui.waitFor((f) => f.includes(`compaction ${built.ids.compaction}`));
    await ui.press("enter");
    expect(calls).toEqual([`jump ${built.ids.compaction}`]);
    await ui.press("escape");
    expect(calls.at(-1)).toBe("back");
  });
  it("draws the branch off the active path when opened on it, with the summary marked", async () => {
    const { ui } = await timeline(100, 30, built.ids.sideUser);
    const f = ui.frame();
    expect(f).toContain(`to ${built.ids.leaf}`);
    expect(f).toMatch(/^ +B/m);
  });
  for (const [columns, rows] of [
    [120, 35],
    [40, 12],
  ] as const) {
    it(`fits ${columns}x${rows}`, async () => {
      const { ui } = await timeline(columns, rows, built.ids.warm);
      const lines = ui.frame().split("\n");
      expect(lines.length).toBeLessThanOrEqual(rows - 1);
      for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(columns);
      expect(ui.frame()).toContain("┤");
    });
  }
  it("the reducer clamps and finds cuts", () => {
    const kinds = ["reply", "compaction", "reply", "branch_summary"] as const;
    const ctx = { kinds, page: 2 };
    expect(timelineReducer({ cursor: 0 }, { type: "move", delta: -1 }, ctx).cursor).toBe(0);
    expect(timelineReducer({ cursor: 0 }, { type: "page", direction: 1 }, ctx).cursor).toBe(2);
    expect(timelineReducer({ cursor: 1 }, { type: "nextCut", direction: 1 }, ctx).cursor).toBe(3);
    expect(timelineReducer({ cursor: 3 }, { type: "nextCut", direction: -1 }, ctx).cursor).toBe(1);
    expect(timelineReducer({ cursor: 0 }, { type: "edge", edge: "last" }, ctx).cursor).toBe(3);
  });
});

describe("costs in the tree and the picker", () => {
  it("the tree names the cost of the active path and of the branch under the cursor", () => {
    expect(costText(tree, built.ids.sideUser)).toBe("path $0.07 · this branch $0.04");
    expect(costText(tree, built.ids.assistant5)).toBe("path $0.07 · this branch $0.12");
    expect(costText(tree, built.ids.user2)).toBe("path $0.07 · shared part");
  });
  it("the picker's rows carry the file's cost and the caption the total", () => {
    const file = writeSession(built);
    const info = readSessionInfo(file, "1.6") as SessionInfo;
    expect(info.usage?.cost).toBeCloseTo(0.1955, 10);
    const row = formatRow(info, "", false, { showPath: false, showCwd: false, now: new Date("2026-11-03T00:00:00Z"), width: 100 });
    expect(row.stats).toContain("$0.20");
    // a narrow list (beside the preview pane) leaves the cost to the pane, keeping room for titles
    expect(formatRow(info, "", false, { showPath: false, showCwd: false, now: new Date("2026-11-03T00:00:00Z"), width: 71 }).stats).not.toContain("$");
    expect(listedCost([info, info])).toBe("$0.39 recorded");
  });
});

describe("Shift+E export", () => {
  it("writes one HTML file per press in the working directory, never replacing one", () => {
    const file = writeSession(built);
    const dir = mkdtempSync(join(tmpdir(), "pi-explorer-export-"));
    const first = exportPathToHtml(tree, file, built.ids.sideAssistant, dir, "1.6");
    const second = exportPathToHtml(tree, file, built.ids.sideAssistant, dir, "1.6");
    expect(first.ok && second.ok).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([`session-${built.ids.sideAssistant}-2.html`, `session-${built.ids.sideAssistant}.html`]);
    if (first.ok) expect(readFileSync(first.path, "utf8")).toContain("Another way, then.");
  });
});

describe("the timeline on the screen stack", () => {
  it("opens over the tree and Enter pops it with the tree's cursor sent to the entry", async () => {
    const { stackReducer } = await import("../../components/app/screen-stack.js");
    let s = stackReducer({ screens: [{ kind: "tree", path: "/s.jsonl", fromPicker: false }], done: false }, { type: "openTimeline", path: "/s.jsonl", tree, entryId: built.ids.assistant5 });
    expect(s.screens.map((x) => x.kind)).toEqual(["tree", "timeline"]);
    s = stackReducer(s, { type: "recallJump", entryId: built.ids.compaction });
    expect(s.screens).toEqual([{ kind: "tree", path: "/s.jsonl", fromPicker: false, reveal: { entryId: built.ids.compaction, tree } }]);
  });
});
