// The branch-navigation flow in the running app, on a temporary copy of a fixture session: the plan,
// pi's choice, the preview, the guarded write, and every way it must write nothing.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { App } from "../../components/app/App.js";
import { buildTree, parseSession, readSessionFile, type SessionEntry } from "../../src/engine/index.js";
import { useFixtureCopies } from "../support/fixture-copies.js";
import { FIXTURES } from "../support/shared.js";
import { renderInk, type InkHarness } from "../support/ink-kit.js";

// Generous: these tests share the machine with many others; a slow frame is not a failure.
const WAIT_MS = 10_000;

const ENV = { cwd: "/", home: "/home/u", env: {}, profile: "1.6" as const };
const copies = useFixtureCopies("branch-app");
const copyFixture = (relative: string): string => copies.copy(relative);

const open = (file: string): Promise<InkHarness> =>
  renderInk(<App env={ENV} initial={{ kind: "tree", path: file, fromPicker: false }} />, { columns: 140, rows: 34 });

const entriesOf = (file: string): SessionEntry[] => parseSession(readFileSync(file, "utf8"), "1.6").entries;

/** Open branched.jsonl (leaf: label lb1 after a6b) and start the flow on a5a, the last row (the other branch's tip). */
async function openFlowOnA5a(): Promise<{ ui: InkHarness; file: string; before: Buffer }> {
  const file = copyFixture("app/branched.jsonl");
  const before = readFileSync(file);
  const ui = await open(file);
  await ui.press("end", "enter");
  await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
  return { ui, file, before };
}

describe("branch flow: Enter in the tree", () => {
  it("shows the plan: target, leaf, common ancestor, attach point, what is summarized and dropped", async () => {
    const { ui } = await openFlowOnA5a();
    const frame = ui.frame();
    expect(frame).toContain("Target     assistant a5a");
    expect(frame).toContain("Leaf now   label lb1");
    expect(frame).toContain("Ancestor   assistant a2");
    expect(frame).toContain("New leaf   assistant a5a");
    expect(frame).toMatch(/Abandoned {2}9 entries .*; 6 messages summarized/);
    expect(frame).toContain("Dropped    none (budget 111,616 tokens)");
    expect(frame).toContain("› No summary");
    expect(frame).toContain("Summarize with custom prompt");
  });

  it("Esc on the choice returns to the tree and writes nothing", async () => {
    const { ui, file, before } = await openFlowOnA5a();
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    expect(ui.frame()).not.toContain("Summarize branch?");
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("'No summary' says pi only moves the leaf in memory and writes nothing", async () => {
    const { ui, file, before } = await openFlowOnA5a();
    await ui.press("enter");
    const frame = await ui.waitFor((f) => f.includes("No summary: pi moves the leaf in memory only"), WAIT_MS);
    expect(frame).toContain("pi-explorer writes nothing");
    expect(frame).toMatch(/Context after: \d+ messages/);
    await ui.press("enter");
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("Summarize previews the summary with its size and context change, and y appends exactly one branch_summary", async () => {
    const { ui, file, before } = await openFlowOnA5a();
    await ui.press("down", "enter");
    const preview = await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    expect(preview).toMatch(/Summary: ~\d+ tokens, compiled without an LLM/);
    expect(preview).toMatch(/Context after: \d+ messages, ~[\d,]+ tokens .* removed, \d+ added, \d+ kept/);
    expect(preview).toContain("+ branch_summary");
    expect(preview).toContain('fromId="lb1"');
    expect(readFileSync(file).equals(before)).toBe(true); // nothing written before y

    await ui.press("y");
    const after = await ui.waitFor((f) => f.includes("Wrote branch_summary"), WAIT_MS);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, before.length).equals(before)).toBe(true);
    const entries = entriesOf(file);
    expect(entries).toHaveLength(entriesOf(join(FIXTURES, "app/branched.jsonl")).length + 1);
    const last = entries.at(-1) as SessionEntry & { fromId?: string; summary?: string };
    expect(last.type).toBe("branch_summary");
    expect(last.parentId).toBe("a5a");
    expect(last.fromId).toBe("lb1");
    expect(buildTree(parseSession(bytes, "1.6")).leafId).toBe(last.id);
    // The tree is re-read and the cursor sits on the new leaf.
    expect(after).toMatch(/› .*\[branch summary\]: The user went down another branch/);
  });

  it("a selected user message is re-asked: the summary hangs under its parent, as pi attaches it", async () => {
    const file = copyFixture("app/branched.jsonl");
    const ui = await open(file);
    await ui.press("down", "enter"); // from a6b to u2a, "Try approach A"
    const plan = await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    expect(plan).toContain("Target     user u2a");
    expect(plan).toContain("New leaf   assistant a2");
    expect(plan).toContain("puts its text back in the editor");
    await ui.press("down", "enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    await ui.press("y");
    await ui.waitFor((f) => f.includes("Wrote branch_summary"), WAIT_MS);
    expect(entriesOf(file).at(-1)).toMatchObject({ type: "branch_summary", parentId: "a2", fromId: "lb1" });
  });

  it("draws the hostile text of the abandoned branch inert in the plan and the preview", async () => {
    const file = copyFixture("app/branched.jsonl");
    const ui = await open(file);
    await ui.press("end", "enter", "down", "enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    for (const raw of ui.frames()) {
      const withoutSgr = raw.replace(/\x1b\[[0-9;]*m/g, "");
      expect(withoutSgr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
      expect(withoutSgr).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it("d opens the full side-by-side context diff from the preview and from 'No summary'; Esc returns", async () => {
    const { ui, file, before } = await openFlowOnA5a();
    await ui.press("down", "enter");
    await ui.waitFor((f) => f.includes("d: full context diff"), WAIT_MS);
    await ui.press("d");
    const diff = await ui.waitFor((f) => f.includes("Context now → after the branch summary"), WAIT_MS);
    expect(diff).toContain("AFTER");
    expect(diff).not.toContain("y: write");
    await ui.press("y"); // not a key of the diff view: nothing is written from here
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    await ui.press("escape", "up", "enter");
    await ui.waitFor((f) => f.includes("No summary: pi moves the leaf"), WAIT_MS);
    await ui.press("d");
    await ui.waitFor((f) => f.includes("Context now → after the move (nothing written)"), WAIT_MS);
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("No summary: pi moves the leaf"), WAIT_MS);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("custom instructions end up as a [Focus] note on the written summary", async () => {
    const { ui, file } = await openFlowOnA5a();
    await ui.press("up", "enter");
    await ui.waitFor((f) => f.includes("Custom summarization instructions"), WAIT_MS);
    await ui.type("keep the TTL fix");
    await ui.press("enter");
    const preview = await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    expect(preview).toContain("[Focus]");
    await ui.press("y");
    await ui.waitFor((f) => f.includes("Wrote branch_summary"), WAIT_MS);
    const last = entriesOf(file).at(-1) as { summary?: string };
    expect(last.summary?.startsWith("[Focus]\n- keep the TTL fix\n")).toBe(true);
  });

  it("Esc in the preview goes back to the choice; nothing is written", async () => {
    const { ui, file, before } = await openFlowOnA5a();
    await ui.press("down", "enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("› Summarize"), WAIT_MS);
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("Session Tree"), WAIT_MS);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("refuses the commit when the file was appended to after it was read, shows why, and leaves it as it is", async () => {
    const { ui, file } = await openFlowOnA5a();
    await ui.press("down", "enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    const other = '{"type":"session_info","id":"zz1","parentId":"lb1","timestamp":"2026-11-01T10:00:30.000Z","name":"renamed by pi"}\n';
    appendFileSync(file, other);
    const changed = readFileSync(file);
    await ui.press("y");
    const frame = await ui.waitFor((f) => f.includes("Not written"), WAIT_MS);
    expect(frame).toContain("changed since it was read");
    expect(frame.replace(/\s+/g, " ")).toContain("Ctrl+R in the tree reads it again");
    expect(readFileSync(file).equals(changed)).toBe(true);
    await ui.press("escape");
    await ui.waitFor((f) => f.includes("› Summarize"), WAIT_MS);
  });

  it("refuses while another writer holds the lock, and writes nothing", async () => {
    const { ui, file, before } = await openFlowOnA5a();
    await ui.press("down", "enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, createdMs: Date.now() }));
    await ui.press("y");
    const frame = await ui.waitFor((f) => f.includes("Not written"), WAIT_MS);
    expect(frame.replace(/\s+/g, " ")).toContain("another commit is in progress");
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("uses the launcher's snapshot: the engine's guard names the size change", async () => {
    const file = copyFixture("app/branched.jsonl");
    const { loaded, snapshot } = readSessionFile(file, "1.6");
    const ui = await renderInk(
      <App env={ENV} initial={{ kind: "tree", path: file, fromPicker: false }} initialTree={buildTree(loaded)} initialSnapshot={snapshot} />,
      { columns: 140, rows: 34 },
    );
    await ui.press("end", "enter", "down", "enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    appendFileSync(file, "\n");
    await ui.press("y");
    const frame = await ui.waitFor((f) => f.includes("Not written"), WAIT_MS);
    // The message wraps where the session's path is long: its words are read across lines.
    expect(frame.replace(/\s+/g, " ")).toMatch(/size \d+ -> \d+ bytes/);
  });

  it("with the 0.73 profile, writes 0.73's fromId (the attach point, not the old leaf)", async () => {
    const file = copyFixture("app/branched.jsonl");
    const ui = await renderInk(<App env={{ ...ENV, profile: "0.73" }} initial={{ kind: "tree", path: file, fromPicker: false }} />, { columns: 140, rows: 34 });
    await ui.press("end", "enter");
    await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    await ui.press("down", "enter");
    await ui.waitFor((f) => f.includes("y: write"), WAIT_MS);
    await ui.press("y");
    await ui.waitFor((f) => f.includes("Wrote branch_summary"), WAIT_MS);
    expect(entriesOf(file).at(-1)).toMatchObject({ type: "branch_summary", parentId: "a5a", fromId: "a5a" });
  });

  it("Enter on pi's leaf is a no-op, as in pi", async () => {
    const file = join(copies.dir(), "linear.jsonl");
    writeFileSync(
      file,
      [
        { type: "session", version: 3, id: "s1", timestamp: "2026-11-01T10:00:00.000Z", cwd: "/p" },
        { type: "message", id: "u1", parentId: null, timestamp: "2026-11-01T10:00:01.000Z", message: { role: "user", content: "hello", timestamp: 1 } },
        { type: "message", id: "a1", parentId: "u1", timestamp: "2026-11-01T10:00:02.000Z", message: { role: "assistant", content: [{ type: "text", text: "hi" }], timestamp: 2 } },
      ]
        .map((o) => JSON.stringify(o))
        .join("\n") + "\n",
    );
    const before = readFileSync(file);
    const ui = await open(file);
    await ui.press("enter");
    const frame = await ui.waitFor((f) => f.includes("Already at this point"), WAIT_MS);
    expect(frame).not.toContain("Summarize branch?");
    // Selecting an ancestor on the leaf's own path: the abandoned branch is the leaf itself, so pi would summarize it.
    await ui.press("up", "enter");
    await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("never appends to a v2 file: says so before asking and points to a fork (more in v1-refusal.test.tsx)", async () => {
    const file = copyFixture("commit/small-v2.jsonl");
    const before = readFileSync(file);
    const ui = await open(file);
    await ui.press("home", "enter");
    const plan = await ui.waitFor((f) => f.includes("Summarize branch?"), WAIT_MS);
    expect(plan).toContain("a v2 file is never appended to");
    await ui.press("down", "enter");
    const frame = await ui.waitFor((f) => f.includes("v2 session file"), WAIT_MS);
    expect(frame).toContain("Shift+F");
    expect(frame).not.toContain("y: write");
    await ui.press("y");
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
