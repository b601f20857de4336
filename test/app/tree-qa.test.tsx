// Fixes from driving the real app on real sessions (QA): emoji rows, the Shift+I column, empty and
// damaged sessions. Each case is what a pi user saw first.
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { helpLines } from "../../components/app/HelpOverlay.js";
import { HELP_GROUPS } from "../../components/app/help-keys.js";
import { displayWidth } from "../../components/kit/text-width.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { treeFromText } from "./load-fixture.js";

afterEach(cleanupInk);

const env = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const header = `{"type":"session","version":3,"id":"qa","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/home/u/p"}`;
const user = (id: string, parent: string | null, text: string) =>
  JSON.stringify({ type: "message", id, parentId: parent, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: text, timestamp: 1 } });
const assistant = (id: string, parent: string, text: string) =>
  JSON.stringify({
    type: "message",
    id,
    parentId: parent,
    timestamp: "2026-01-01T00:00:02.000Z",
    message: { role: "assistant", content: [{ type: "text", text }], provider: "p", model: "m", stopReason: "stop", timestamp: 2 },
  });

async function open(text: string, columns: number, rows: number, path = "/s.jsonl") {
  const ui = await renderInk(<App env={env} initial={{ kind: "tree", path, fromPicker: false }} initialTree={treeFromText(text)} />, { columns, rows });
  await ui.waitFor((f) => f.includes("Session Tree"));
  return ui;
}

const lineWith = (frame: string, text: string) => frame.split("\n").find((l) => l.includes(text)) ?? "";

describe("tree screen QA fixes", () => {
  it("keeps the token and context columns on rows with emoji (Ink measures them two columns wide)", async () => {
    const long = "Pushed. Here's a summary: ## ✅ All 6 PRs merged ⚠️ one flaky test 👨‍👩‍👧 and the rest of a long line";
    const ui = await open([header, user("u1", null, "go"), assistant("a1", "u1", long)].join("\n"), 120, 20);
    const row = lineWith(ui.frame(), "Pushed.");
    // The row ends in the context marker, not in Ink's truncation ellipsis.
    expect(row).toMatch(/\d+ ◆│/);
    expect(row).not.toMatch(/…│/);
  });

  it("separates Shift+I's id column from the row text, and leaves it out where the row would be unreadable", async () => {
    const text = [header, user("u1", null, "a".repeat(200)), assistant("a1", "u1", "ok")].join("\n");
    const wide = await open(text, 120, 20);
    await wide.press("I");
    const row = lineWith(await wide.waitFor((f) => f.includes(" u1 ")), "user:");
    expect(row).toMatch(/a {1,}u1 {7}\d\d-\d\d \d\d:\d\d/);
    cleanupInk();

    const narrow = await open(text, 60, 12);
    await narrow.press("tab", "I");
    const frame = await narrow.waitFor((f) => f.includes("id/time column needs a wider tree"));
    expect(lineWith(frame, "user:")).toContain("user: aaa");
    await narrow.press("tab");
    expect(lineWith(await narrow.waitFor((f) => !f.includes("needs a wider")), "user:")).toMatch(/ u1 /);
  });

  it("acts on every key of a fast burst: Ctrl+G, the query and Enter in one read", async () => {
    const text = [header, user("u1", null, "find the needle"), assistant("a1", "u1", "haystack"), user("u2", "a1", "more")].join("\n");
    const ui = await open(text, 120, 16);
    await ui.press("\x07needle\r");
    const frame = await ui.waitFor((f) => f.includes('find "needle"'));
    expect(frame).toContain("Type to search:");
    expect(frame.split("\n").find((l) => l.startsWith("› "))).toContain("user: find the needle");
    // Typed text then a control key in one read: the text is searched and Ctrl+U filters.
    await ui.press("more\x15");
    const filtered = await ui.waitFor((f) => f.includes("[user]"));
    expect(filtered).toContain("Type to search: more");
  });

  it("says where the first damaged line is, not just how many there are", async () => {
    const ui = await open([header, user("u1", null, "hello"), "this is not json", assistant("a1", "u1", "hi")].join("\n") + "\n", 160, 12);
    expect(ui.frame()).toMatch(/1 damaged line \(first: line 3: not valid JSON.*; ! lists all\)/);
    // The totals' details give way to where the damage is.
    expect(ui.frame()).toContain("2 entries · ");
  });

  it("never draws more than rows - 1 lines on a very short terminal, dropping chrome before tree rows", async () => {
    const text = [header, user("u1", null, "hello"), assistant("a1", "u1", "the answer")].join("\n") + "\n";
    for (const rows of [6, 5, 4, 3, 2]) {
      const ui = await open(text, 40, 12);
      await ui.resize(40, rows);
      const frame = await ui.waitFor((f) => f.split("\n").length <= rows - 1);
      expect(frame.split("\n").find((l) => l.startsWith("› "))).toContain("assistant: the");
      if (rows >= 4) expect(frame).toContain("(2/2)");
      if (rows >= 4) expect(frame).toContain("Type to search:");
      cleanupInk();
    }
  });

  it("keeps blank lines in the detail pane, so paragraphs stay apart and the ▼ count matches", async () => {
    const ui = await open([header, user("u1", null, "alpha para\n\nbeta para")].join("\n") + "\n", 120, 20);
    const lines = ui.frame().split("\n");
    const at = (text: string) => lines.findIndex((l) => l.includes(`│ ${text}`));
    expect(at("alpha para")).toBeGreaterThan(0);
    expect(at("beta para") - at("alpha para")).toBe(2);
  });

  it("says when a full-text find matches nothing, instead of offering ctrl+n/ctrl+p", async () => {
    const ui = await open([header, user("u1", null, "hello")].join("\n") + "\n", 120, 12);
    await ui.press("ctrl+g");
    await ui.type("zzz");
    await ui.press("enter");
    const frame = await ui.waitFor((f) => f.includes('find "zzz"'));
    expect(frame).toContain('find "zzz": no matches in this session');
    expect(frame).not.toContain("ctrl+n/ctrl+p");
  });

  it("writes the home directory as ~ in the title, leaving room for the file name", async () => {
    const ui = await open([header, user("u1", null, "hello")].join("\n") + "\n", 120, 12, "/home/u/.pi/agent/sessions/--p--/2026_x.jsonl");
    expect(ui.frame()).toContain("Session Tree  ~/.pi/agent/sessions/--p--/2026_x.jsonl");
  });

  it("says a session without entries has none, as pi does, instead of 'No entries found'", async () => {
    const ui = await open(header, 100, 12);
    expect(ui.frame()).toContain("No entries in session");
    expect(ui.frame()).not.toContain("No entries found");
  });

  it("shows a missing id as (no id) in the detail pane, not 'undefined'", async () => {
    const noId = JSON.stringify({ type: "message", parentId: "u1", timestamp: "2026-01-01T00:00:02.000Z", message: { role: "assistant", content: "x", timestamp: 2 } });
    const ui = await open([header, user("u1", null, "hello"), noId].join("\n"), 120, 16);
    const frame = ui.frame();
    expect(frame).toContain("message · assistant · (no id)");
    expect(frame).not.toContain("undefined");
  });

  it("wraps the help instead of cutting key names and explanations on a narrow terminal", () => {
    const lines = helpLines(20, 60).map((l) => l.text);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    const text = lines.join(" ").replace(/\s+/g, " ");
    for (const item of HELP_GROUPS.flatMap((g) => g.items)) {
      expect(text).toContain(item.keys.replace(/\s+/g, " "));
      expect(text).toContain(item.help.replace(/\s+/g, " "));
    }
  });
});
