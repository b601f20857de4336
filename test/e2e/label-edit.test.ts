// End to end: Shift+L in the BUILT binary (tmux) on a COPY of a fixture session: pi's label editor,
// the confirm step, and the label entry appended where pi would put it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { buildTree, parseSession } from "../../src/engine/index.js";
import { useAppE2E } from "../support/app-e2e.js";
import { FIXTURES } from "../support/shared.js";
import { describeWithTmux } from "../support/tmux.js";

const FIXTURE = join(FIXTURES, "app", "branched.jsonl");
const app = useAppE2E();

describeWithTmux("label editor in a real terminal", () => {
  it("sets a label with Shift+L, after a confirm step", async () => {
    const before = readFileSync(FIXTURE);
    const { term: t, file } = app.start({ session: FIXTURE, copy: true, size: { columns: 130, rows: 32 } });
    await t.waitFor((s) => s.includes("Session Tree") && s.includes("(9/14)"), "the tree");

    // a6b, the last visible entry of the active branch, has no label yet.
    t.type("L");
    let screen = await t.waitFor((s) => s.includes("Label (empty to remove):"), "the label editor");
    expect(screen).toContain("Label for assistant a6b");
    t.type("pick A");
    t.keys("Enter");
    screen = await t.waitFor((s) => s.includes("y: write"), "the confirm step");
    expect(screen).toContain('targetId="a6b"  label="pick A"');
    expect(readFileSync(file).equals(before)).toBe(true);

    t.keys("y");
    screen = await t.waitFor((s) => s.includes("Wrote label entry"), "the commit");
    expect(screen.split("\n").find((l) => l.startsWith("› "))).toContain("[pick A] assistant: Approach A is cleaner");

    const bytes = readFileSync(file);
    expect(bytes.subarray(0, before.length).equals(before)).toBe(true);
    const loaded = parseSession(bytes, "1.6");
    const last = loaded.entries.at(-1);
    expect(last).toMatchObject({ type: "label", parentId: "lb1", targetId: "a6b", label: "pick A" });
    const tree = buildTree(loaded);
    expect(tree.leafId).toBe(last?.id);
    expect(tree.labels.get("a6b")?.label).toBe("pick A");
  }, 60_000);
});
