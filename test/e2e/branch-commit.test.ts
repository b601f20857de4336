// End to end: the BUILT binary in a real terminal (tmux) on a COPY of a fixture session in a temp
// dir. Enter → Summarize → y writes one branch_summary where pi would; a file appended to by
// someone else between opening and committing is refused and left alone.
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { buildTree, parseSession, type SessionEntry } from "../../src/engine/index.js";
import { useAppE2E } from "../support/app-e2e.js";
import { FIXTURES } from "../support/shared.js";
import { describeWithTmux, type TmuxSession } from "../support/tmux.js";

const FIXTURE = join(FIXTURES, "app", "branched.jsonl");
const app = useAppE2E();

/** The app on a fresh copy of branched.jsonl (leaf: label lb1), with the flow open on a5a, the other branch's tip. */
async function openFlowOnA5a(): Promise<{ t: TmuxSession; file: string; before: Buffer }> {
  const before = readFileSync(FIXTURE);
  const { term: t, file } = app.start({ session: FIXTURE, copy: true, size: { columns: 130, rows: 36 } });
  await t.waitFor((s) => s.includes("Session Tree") && s.includes("(9/14)"), "the tree");
  t.keys("End");
  await t.waitFor((s) => s.includes("(14/14)"), "the cursor on a5a");
  t.keys("Enter");
  await t.waitFor((s) => s.includes("Summarize branch?"), "the branch flow");
  return { t, file, before };
}

describeWithTmux("branch summarize flow in a real terminal", () => {
  it("plans, previews and commits a branch summary at the attach point; the tree shows the new leaf", async () => {
    const { t, file, before } = await openFlowOnA5a();
    let screen = t.capture();
    expect(screen).toContain("Ancestor   assistant a2");
    expect(screen).toContain("New leaf   assistant a5a");

    t.keys("Down", "Enter");
    screen = await t.waitFor((s) => s.includes("y: write"), "the summary preview");
    expect(screen).toMatch(/Summary: ~\d+ tokens/);
    expect(screen).toMatch(/Context after: \d+ messages/);
    expect(readFileSync(file).equals(before)).toBe(true);

    t.keys("y");
    screen = await t.waitFor((s) => s.includes("Wrote branch_summary"), "the commit");
    expect(screen.split("\n").find((l) => l.startsWith("› "))).toContain("[branch summary]");

    const bytes = readFileSync(file);
    expect(bytes.subarray(0, before.length).equals(before)).toBe(true);
    const loaded = parseSession(bytes, "1.6");
    const last = loaded.entries.at(-1) as SessionEntry & { fromId?: string };
    expect(loaded.entries).toHaveLength(parseSession(before, "1.6").entries.length + 1);
    expect(last).toMatchObject({ type: "branch_summary", parentId: "a5a", fromId: "lb1" });
    expect(buildTree(loaded).leafId).toBe(last.id);
    // One complete line was added, nothing else.
    expect(bytes.subarray(before.length).toString("utf8").trimEnd().split("\n")).toHaveLength(1);
  }, 60_000);

  it("refuses the commit when the file was appended to after it was opened, and changes nothing", async () => {
    const { t, file } = await openFlowOnA5a();
    t.keys("Down", "Enter");
    await t.waitFor((s) => s.includes("y: write"), "the summary preview");
    appendFileSync(file, '{"type":"session_info","id":"zz1","parentId":"lb1","timestamp":"2026-11-01T10:00:30.000Z","name":"pi wrote this"}\n');
    const changed = readFileSync(file);

    t.keys("y");
    const screen = await t.waitFor((s) => s.includes("Not written"), "the refusal");
    expect(screen.replace(/\s+/g, " ")).toContain("changed since it was read");
    expect(readFileSync(file).equals(changed)).toBe(true);

    t.keys("Escape");
    await t.waitFor((s) => s.includes("› Summarize"), "back at the choice");
    expect(readFileSync(file).equals(changed)).toBe(true);
  }, 60_000);
});
