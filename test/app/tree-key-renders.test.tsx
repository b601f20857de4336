// Work per key in the tree, counted (not timed): a key that moves the cursor renders the tree screen
// once. The detail pane starts each entry at its top; resetting a pane that was not scrolled rendered
// the screen a second time after every move (its rows built again; in the bundle's production React
// a second commit, where Ink laid out and drew the whole frame again).
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../components/app/App.js";
import { buildWindowRows } from "../../components/tree/row-render.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { fixturePath, loadFixtureTree } from "./load-fixture.js";

// The tree screen builds its window rows once per render: counting the calls counts its renders.
vi.mock("../../components/tree/row-render.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../components/tree/row-render.js")>();
  return { ...original, buildWindowRows: vi.fn(original.buildWindowRows) };
});

afterEach(cleanupInk);

const env = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const file = "branched.jsonl";
const shownId = (frame: string) => frame.match(/(?:message · \w+|[a-z_]+) · (\w+)\s*$/m)?.[1];

describe("tree: renders per key", () => {
  it("renders the screen once for a move onto another entry, with the detail pane shown", async () => {
    const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: fixturePath(file), fromPicker: false }} initialTree={loadFixtureTree(file)} />, { columns: 140, rows: 30 });
    await ui.waitFor((f) => f.includes("Session Tree") && f.includes("detail"));
    const renders = vi.mocked(buildWindowRows);
    for (const key of ["up", "up", "down", "up"]) {
      const id = shownId(ui.frame());
      expect(id).toBeDefined();
      const before = renders.mock.calls.length;
      await ui.press(key);
      expect(shownId(ui.frame())).not.toBe(id);
      expect(renders.mock.calls.length - before, key).toBe(1);
    }
  });

  it("still shows a new entry from its top after the pane was scrolled", async () => {
    const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: fixturePath(file), fromPicker: false }} initialTree={loadFixtureTree(file)} />, { columns: 140, rows: 12 });
    await ui.waitFor((f) => f.includes("Session Tree") && f.includes("detail"));
    // Onto an entry whose content runs past the pane, focus the pane and scroll it.
    for (let i = 0; i < 14 && !/▼\d/.test(ui.frame()); i++) await ui.press("up");
    expect(ui.frame()).toMatch(/▼\d/);
    await ui.press("D");
    await ui.press("down");
    expect(ui.frame()).toMatch(/▲1/);
    await ui.press("escape");
    await ui.press("down");
    await ui.press("up");
    expect(ui.frame()).not.toMatch(/▲\d/);
  });
});
