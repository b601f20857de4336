// After a write (here a label), the tree shows the re-read file with the view the user had: the
// filter, the label times, the find results (issue 11: they were lost with a remount).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { renderInk } from "../support/ink-kit.js";

const WAIT_MS = 10_000;
const copies = useFixtureCopies("view-after-write");

describe("the tree's view survives a write", () => {
  it("keeps filter, label times and find hits after a label is written, cursor on the labelled entry", async () => {
    const file = copies.copy("app/branched.jsonl");
    const before = readFileSync(file);
    const ui = await renderInk(
      <App env={{ cwd: "/", home: "/home/u", env: {}, profile: "1.6" }} initial={{ kind: "tree", path: file, fromPicker: false }} />,
      { columns: 140, rows: 30 },
    );
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    await ui.press("ctrl+g");
    await ui.waitFor((f) => f.includes("Find in full text:"), WAIT_MS);
    await ui.type("ttl");
    await ui.press("enter");
    await ui.waitFor((f) => f.includes('find "ttl"'), WAIT_MS);
    await ui.press("ctrl+l", "T");
    await ui.waitFor((f) => f.includes("[labeled] [+label time]"), WAIT_MS);
    await ui.press("end", "L");
    await ui.waitFor((f) => f.includes("Label (empty to remove): approach-A-green"), WAIT_MS);
    await ui.press("-2", "enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    await ui.press("y");
    const frame = await ui.waitFor((f) => f.includes("Wrote label entry"), WAIT_MS);
    expect(readFileSync(file).length).toBeGreaterThan(before.length);
    expect(frame).toContain("[labeled] [+label time]");
    expect(frame).toContain('find "ttl"');
    expect(frame).toMatch(/› .*\[approach-A-green-2\] [\d/ ]*\d\d:\d\d assistant: Fixed/);
  });
});
