// The tree screen rendered through Ink in a fake terminal: frame content, keys, resize, detail pane,
// help overlay, find, and the screen stack.
import { afterEach, describe, expect, it } from "vitest";
import { Text } from "ink";
import { App } from "../../components/app/App.js";
import type { PickerScreenProps } from "../../components/app/screens.js";
import { useKeyLayer } from "../../components/kit/key-router.js";
import { cleanupInk, renderInk } from "../support/ink-kit.js";
import { fixturePath, loadFixtureTree } from "./load-fixture.js";

afterEach(cleanupInk);

const env = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };

async function openTree(columns: number, rows: number, file = "branched.jsonl") {
  const tree = loadFixtureTree(file);
  const ui = await renderInk(<App env={env} initial={{ kind: "tree", path: fixturePath(file), fromPicker: false }} initialTree={tree} />, { columns, rows });
  await ui.waitFor((f) => f.includes("Session Tree"));
  return ui;
}

const lines = (frame: string) => frame.split("\n");
const cursorLine = (frame: string) => lines(frame).find((l) => l.startsWith("› ")) ?? "";
const fits = (frame: string, columns: number, rows: number) => {
  expect(lines(frame).length).toBeLessThanOrEqual(rows - 1);
  for (const line of lines(frame)) expect([...line].length).toBeLessThanOrEqual(columns);
};

describe("tree screen", () => {
  it("draws pi's rows, our markers and the status line within rows - 1", async () => {
    const ui = await openTree(140, 24);
    const frame = ui.frame();
    fits(frame, 140, 24);
    expect(frame).toContain("Type to search:");
    expect(frame).toContain("├⊟ • user: Actually, try approach B");
    expect(frame).toContain("└⊟ user: Try approach A");
    expect(cursorLine(frame)).toContain("assistant: Approach A is cleaner");
    // Active-path rows carry the context marker; the abandoned branch does not.
    expect(lines(frame).find((l) => l.includes("Try approach A"))).not.toContain("◆");
    expect(lines(frame).find((l) => l.includes("approach B: keep"))).toContain("◆");
    expect(frame).toContain("(9/14)");
    expect(frame).toMatch(/20 entries · 2 branches \(1 branch point\) · context ~[\d,]+ tokens \(estimate\) · 0 damaged lines/);
  });

  it("moves, wraps, filters and searches with pi's keys", async () => {
    const ui = await openTree(140, 24);
    await ui.press("down");
    expect(cursorLine(ui.frame())).toContain("user: Try approach A");
    await ui.press("ctrl+u");
    let frame = await ui.waitFor((f) => f.includes("[user]"));
    expect(lines(frame).filter((l) => l.includes("assistant:"))).toHaveLength(0);
    await ui.press("ctrl+u");
    await ui.type("tests");
    frame = await ui.waitFor((f) => f.includes("Type to search: tests"));
    // The cursor was on u2a, which the search hides: it lands on a visible entry of the two hits.
    expect(frame).toContain("/2)");
    await ui.press("escape");
    frame = await ui.waitFor((f) => !f.includes("Type to search: tests"));
    expect(frame).toContain("/14)");
  });

  it("folds and unfolds a branch", async () => {
    const ui = await openTree(140, 24);
    await ui.press("down", "ctrl+left");
    let frame = await ui.waitFor((f) => f.includes("└⊞ user: Try approach A"));
    expect(frame).not.toContain("[compaction: 48k tokens]");
    await ui.press("ctrl+right");
    frame = await ui.waitFor((f) => f.includes("└⊟ user: Try approach A"));
    expect(frame).toContain("[compaction: 48k tokens]");
  });

  it("redraws to the new size on resize", async () => {
    const ui = await openTree(140, 30);
    expect(ui.frame()).toContain("│ detail");
    await ui.resize(70, 12);
    const frame = await ui.waitFor((f) => lines(f).length <= 11);
    fits(frame, 70, 12);
    expect(cursorLine(frame)).toContain("assistant:");
    await ui.resize(50, 10);
    const narrow = await ui.waitFor((f) => !f.includes("detail"));
    fits(narrow, 50, 10);
  });

  it("shows the full entry in the detail pane, images as [image: mime, size], and scrolls it", async () => {
    const ui = await openTree(140, 24);
    await ui.press("up");
    let frame = await ui.waitFor((f) => f.includes("message · user · u4b"));
    expect(frame).toContain("[image: image/png, 70 B]");
    // The compaction row: its full summary (pi's tree never shows it) and the kept boundary.
    await ui.press("down", "down", "down", "down", "down");
    frame = await ui.waitFor((f) => f.includes("compaction · cmp1"));
    expect(frame).toContain("SessionStore extracted; TTL bug found.");
    expect(frame).toContain("first kept entry: a4a");
    await ui.resize(140, 12);
    await ui.press("D"); // Shift+D: inspect (Enter navigates, as in pi)
    frame = await ui.waitFor((f) => f.includes("▶ detail"));
    expect(frame).toMatch(/▼\d+/);
    await ui.press("down", "down");
    frame = await ui.waitFor((f) => f.includes("▲2"));
    // Keys scroll the pane, not the tree, while it has focus; Esc gives them back.
    expect(cursorLine(frame)).toContain("[compaction: 48k tokens]");
    await ui.press("escape", "up");
    frame = await ui.waitFor((f) => !f.includes("▶ detail"));
    expect(cursorLine(frame)).toContain("[bash: npm test");
  });

  it("toggles entry ids and times, and label times", async () => {
    const ui = await openTree(160, 24);
    await ui.press("I");
    let frame = await ui.waitFor((f) => /a6b\s+11-01 \d\d:00/.test(f));
    expect(frame).toMatch(/u1\s+11-01/);
    await ui.press("T");
    frame = await ui.waitFor((f) => f.includes("[+label time]"));
    expect(frame).toMatch(/\[approach-A-green\] \d+\/\d+ \d\d:\d\d assistant: Fixed/);
  });

  it("finds in the full text, counts hits and jumps between them", async () => {
    const ui = await openTree(140, 24);
    await ui.press("ctrl+g");
    await ui.waitFor((f) => f.includes("Find in full text:"));
    await ui.type("ttl");
    await ui.press("enter");
    let frame = await ui.waitFor((f) => /find "ttl": (hit \d\/3|3 shown)/.test(f));
    const first = cursorLine(frame);
    await ui.press("ctrl+n");
    frame = await ui.waitFor((f) => cursorLine(f) !== first);
    // The counter says which hit the cursor is on.
    const at = Number(/find "ttl": hit (\d)\/3/.exec(frame)?.[1]);
    expect(at).toBeGreaterThanOrEqual(1);
    await ui.press("ctrl+n");
    frame = await ui.waitFor((f) => f.includes(`hit ${(at % 3) + 1}/3`));
    await ui.press("ctrl+p", "ctrl+p");
    frame = await ui.waitFor((f) => cursorLine(f) === first);
    // Typing while the prompt is open does not leak into the tree's search.
    await ui.press("ctrl+g");
    await ui.type("q");
    await ui.press("escape");
    frame = await ui.waitFor((f) => f.includes("Type to search:"));
    expect(frame).toContain("Session Tree");
  });

  it("opens the help overlay with every key and closes it without losing the cursor", async () => {
    const ui = await openTree(140, 40);
    await ui.press("down", "down");
    const before = cursorLine(ui.frame());
    await ui.press("?");
    const frame = await ui.waitFor((f) => f.includes("Keys"));
    for (const key of ["ctrl+left", "ctrl+o", "ctrl+t", "ctrl+u", "ctrl+l", "ctrl+a", "ctrl+d", "shift+t", "ctrl+g", "tab", "escape"]) {
      expect(frame).toContain(key);
    }
    expect(frame).not.toContain("Type to search:");
    await ui.press("x");
    const back = await ui.waitFor((f) => f.includes("Type to search:"));
    expect(cursorLine(back)).toBe(before);
    expect(back).not.toContain("Type to search: x");
  });

  it("copies the entry's text with Ctrl+X as OSC 52, base64 only", async () => {
    const ui = await openTree(140, 24);
    await ui.press("ctrl+x");
    await ui.waitFor((f) => f.includes("copied 51 characters"));
    const expected = Buffer.from("Approach A is cleaner; B is smaller. I recommend A.").toString("base64");
    expect(ui.frames().some((raw) => raw.includes(`\x1b]52;c;${expected}\x07`))).toBe(true);
    // The hostile entry: its escape sequences travel base64-encoded, never raw.
    await ui.press("up", "up", "ctrl+x");
    await ui.waitFor((f) => /copied \d+ characters/.test(f));
    const payloads = ui.frames().flatMap((raw) => [...raw.matchAll(/\x1b\]52;c;([^\x07]*)\x07/g)].map((m) => m[1]));
    expect(payloads).toHaveLength(2);
    for (const p of payloads) expect(p).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(Buffer.from(payloads[1], "base64").toString()).toContain("\x1b[2J");
    await ui.press("down");
    await ui.waitFor((f) => !f.includes("copied"));
  });

  it("counts damaged lines in the status line", async () => {
    const ui = await openTree(140, 20, "damaged.jsonl");
    const frame = ui.frame();
    expect(frame).toContain("3 entries");
    expect(frame).toContain("1 damaged line");
    expect(frame).toContain("user: Please fix it");
  });

  it("shows 'No entries found' for an empty result", async () => {
    const ui = await openTree(140, 24);
    await ui.type("zzzz");
    const frame = await ui.waitFor((f) => f.includes("No entries found"));
    expect(frame).toContain("(0/0)");
  });

  it("quits on Esc (or q) when opened directly", async () => {
    const ui = await openTree(100, 20);
    const exited = ui.instance.waitUntilExit();
    await ui.press("q");
    await exited;
  });
});

function FakePicker({ nav, active }: PickerScreenProps) {
  useKeyLayer("screen", (key) => (key.name === "o" ? (nav.openTree(fixturePath("nested.jsonl")), true) : false), active !== false);
  return <Text>fake picker</Text>;
}

describe("screen stack", () => {
  it("goes picker -> tree -> back to the picker", async () => {
    const ui = await renderInk(<App env={env} initial={{ kind: "picker" }} renderPicker={(p) => <FakePicker {...p} />} />, { columns: 120, rows: 30 });
    await ui.waitFor((f) => f.includes("fake picker"));
    await ui.press("o");
    let frame = await ui.waitFor((f) => f.includes("Session Tree"));
    expect(frame).not.toContain("fake picker");
    expect(frame).toContain("user: First root question");
    // "o" inside the tree is search text, not the hidden picker's key.
    await ui.press("o");
    frame = await ui.waitFor((f) => f.includes("Type to search: o"));
    await ui.press("escape", "escape");
    frame = await ui.waitFor((f) => f.includes("fake picker"));
    expect(frame).not.toContain("Session Tree");
  });

  it("shows a one-line error for a file that cannot be read and goes back", async () => {
    const ui = await renderInk(<App env={env} initial={{ kind: "picker" }} renderPicker={(p) => <FakePicker {...p} />} />, { columns: 120, rows: 30 });
    await ui.waitFor((f) => f.includes("fake picker"));
    ui.instance.rerender(<App env={env} initial={{ kind: "picker" }} renderPicker={(p) => <FakePicker {...p} nav={{ ...p.nav, openTree: () => p.nav.openTree("/nonexistent/x.jsonl") }} />} />);
    await ui.press("o");
    const frame = await ui.waitFor((f) => f.includes("/nonexistent/x.jsonl"));
    expect(frame).toContain("any key: back");
    await ui.press("x");
    await ui.waitFor((f) => f.includes("fake picker"));
  });
});
