// `!` in the tree: the list of every damaged line and orphaned entry, each with a jump.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { problemItems } from "../../components/problems/problem-items.js";
import { problemText } from "../../components/problems/ProblemsScreen.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { FIXTURES } from "../support/shared.js";
import { treeFromText } from "./load-fixture.js";

afterEach(cleanupInk);
const env = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const text = [
  JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" }),
  JSON.stringify({ type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: "hello", timestamp: 1 } }),
  '{"type":"message","id":"a1","parentId":"u1" broken',
  JSON.stringify({ type: "message", id: "u2", parentId: "a1", timestamp: "2026-01-01T00:00:03.000Z", message: { role: "user", content: "after the damage", timestamp: 3 } }),
  JSON.stringify({ type: "message", id: "a2", parentId: "u2", timestamp: "2026-01-01T00:00:04.000Z", message: { role: "assistant", content: [{ type: "text", text: "fine" }], provider: "p", model: "m", stopReason: "stop", timestamp: 4 } }),
].join("\n");

describe("problem items", () => {
  it("lists the damaged line with the entry after it, and the entry orphaned by it", () => {
    const items = problemItems(treeFromText(text));
    expect(items.map((i) => [i.kind, i.line, i.jumpId])).toEqual([
      ["damaged", 3, "u2"],
      ["orphan", 4, "u2"],
      ["damaged", 5, "a2"],
    ]);
    expect(problemText(items[1])).toMatch(/^line 4 {2}orphan u2: parent a1 of entry u2 does not exist \(it was on damaged line 3\)/);
  });

  it("has nothing to list for a whole file", () => {
    expect(problemItems(treeFromText(readFileSync(join(FIXTURES, "app", "branched.jsonl"), "utf8")))).toEqual([]);
  });
});

describe("! in the tree", () => {
  it("opens the list, Enter jumps to the orphan, Esc returns; typed after a search it is text", async () => {
    const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: "/p/s.jsonl", fromPicker: false }} initialTree={treeFromText(text)} />, { columns: 120, rows: 20 });
    await ui.waitFor((f) => f.includes("Session Tree"));
    await ui.press("!");
    let frame = await ui.waitFor((f) => f.includes("Problems in this file: 1 damaged line, 1 orphaned entry"));
    expect(frame).toContain("› line 3  damaged:");
    await ui.press("down", "enter");
    frame = await ui.waitFor((f) => f.includes("Session Tree"));
    expect(frame.split("\n").find((l) => l.startsWith("›"))).toContain("after the damage");
    await ui.press("!");
    await ui.waitFor((f) => f.includes("Problems in this file"));
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Session Tree"));
    await ui.press("x", "!");
    frame = await ui.waitFor((f) => f.includes("Type to search: x!"));
    expect(frame).not.toContain("Problems in this file");
  });
});
